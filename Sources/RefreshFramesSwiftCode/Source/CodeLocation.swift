/// A place in a Swift file as the user wrote it: `RefreshView.swift:12:5`. Lines and columns count
/// from 1; a column counts characters (Unicode scalars), as the spec's JSON locations do.
package struct CodeLocation: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }
}

/// A problem found in the code, printed as one line:
/// `RefreshView.swift:12:5: warning: skipped 'tableView.reloadData()': …`.
package struct CodeDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Severity: String, Sendable, Comparable {
        case note, warning, error

        package static func < (a: Severity, b: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    package var severity: Severity
    package var location: CodeLocation?
    package var message: String

    package init(_ severity: Severity, at location: CodeLocation?, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    package static func error(at location: CodeLocation?, _ message: String) -> CodeDiagnostic {
        CodeDiagnostic(.error, at: location, message)
    }

    package static func warning(at location: CodeLocation?, _ message: String) -> CodeDiagnostic {
        CodeDiagnostic(.warning, at: location, message)
    }

    package var description: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }
}
