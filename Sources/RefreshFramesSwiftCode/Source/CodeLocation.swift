/// A place in a Swift file as the user wrote it: `RefreshView.swift:12:5`. Lines and columns count
/// from 1; a column counts characters (Unicode scalars), as the spec's JSON locations do.
public struct CodeLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A problem found in the code, printed as one line:
/// `RefreshView.swift:12:5: warning: skipped 'tableView.reloadData()': …`.
public struct CodeDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case note, warning, error

        public static func < (a: Severity, b: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    public var severity: Severity
    public var location: CodeLocation?
    public var message: String

    public init(_ severity: Severity, at location: CodeLocation?, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(at location: CodeLocation?, _ message: String) -> CodeDiagnostic {
        CodeDiagnostic(.error, at: location, message)
    }

    public static func warning(at location: CodeLocation?, _ message: String) -> CodeDiagnostic {
        CodeDiagnostic(.warning, at: location, message)
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }
}
