import Foundation

public enum RefreshFramesCommand {
    public static func main(_ arguments: [String]) -> Int32 { 0 }
    public static func exit(_ code: Int32) -> Never { Foundation.exit(code) }
}
