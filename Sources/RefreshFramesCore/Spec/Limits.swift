/// The explicit limits on what a spec may ask for. Hitting one is reported by its name
/// (`… over the limit canvasPoints = 4096`), so CI on untrusted specs stays bounded in time and memory.
///
/// | name              | value   | what it bounds                                                   |
/// |-------------------|---------|------------------------------------------------------------------|
/// | specBytes         | 4 MiB   | the spec file's size (CLI)                                       |
/// | jsonDepth         | 64      | nesting of JSON arrays and objects                               |
/// | canvasPoints      | 4096    | canvas width and height, in points                               |
/// | scale             | 4       | pixels per point (spec and `--scale`)                            |
/// | views             | 256     | views (labels) in a spec, and tags in a `{from, to}` range       |
/// | textLength        | 200     | characters in one label text                                     |
/// | fontSize          | 500     | font size, in points                                             |
/// | constraints       | 4096    | entries in `constraints`                                         |
/// | inequalities      | 256     | constraints in `constraints` that are inequalities or optional   |
/// | layoutExtent      | 100000  | every solved edge and size, in points from the canvas origin     |
/// | programDepth      | 8       | nesting of `each` steps in the program                           |
/// | stepDuration      | 600 s   | one step's duration and delay                                    |
/// | scenarioDuration  | 600 s   | workDuration, refreshAt, pull times, `duration`, `--at`/`--to`   |
/// | totalDuration     | 600 s   | the whole timeline, until the loop stops and everything rests    |
/// | pullKeyframes     | 1000    | keyframes in `scenario.pull`                                     |
/// | animationBlocks   | 100000  | animation blocks the program runs before the refresh ends        |
/// | animationSegments | 250000  | property animations the program produces in all                  |
public enum Limits {
    public static let canvasPoints = 4096.0
    public static let scale = 4.0
    public static let views = 256
    public static let constraints = 4096
    public static let inequalities = 256
    public static let layoutExtent = 100_000.0
    public static let programDepth = 8
    public static let stepDuration = 600.0
    public static let scenarioDuration = 600.0
    public static let totalDuration = 600.0
    public static let pullKeyframes = 1000
    public static let textLength = 200
    public static let fontSize = 500.0
    public static let animationBlocks = 100_000
    public static let animationSegments = 250_000
}
