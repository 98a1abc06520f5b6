/// A position in a source file, 1-based.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where each part of it was written.
package struct JSONNode: Sendable {
    package indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    package struct Member: Sendable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: JSONNode
    }

    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.value = value
        self.location = location
    }

    /// A short noun for the kind of value, for messages ("a string", "an object").
    package var kindDescription: String {
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
