/// The explicit limits on what a spec may ask for. Hitting one is reported by its name.
public enum Limits {
    public static let canvasPoints = 4096.0
    public static let scale = 4.0
    public static let views = 256
    public static let constraints = 4096
    public static let programDepth = 8
    public static let stepDuration = 600.0
    public static let scenarioDuration = 600.0
    public static let pullKeyframes = 1000
    public static let textLength = 200
    public static let fontSize = 500.0
}
