/// A position in a source file, 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where each part of it was written.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONNode
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.value = value
        self.location = location
    }

    /// A short noun for the kind of value, for messages ("a string", "an object").
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
