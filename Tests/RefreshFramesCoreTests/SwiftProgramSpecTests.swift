import Foundation
import RefreshFramesCore
import Testing

/// `"program": {"swift": …}`: decoded into `Spec.swift`, refused by the core without the edge's runner.
@Suite struct SwiftProgramSpecTests {
    static func spec(program: String, scenario: String = #"{"refreshAt": 0, "workDuration": 1}"#) -> String {
        """
        {
          "canvas": {"width": 100, "height": 60},
          "views": [{"tag": 1, "text": "我"}],
          "program": \(program),
          "scenario": \(scenario)
        }
        """
    }

    @Test func aPathOrAListOfPathsAndAClassDecode() throws {
        let one = try Spec.decode(Array(Self.spec(program: #"{"swift": "RefreshView.swift"}"#).utf8))
        #expect(one.swift == SwiftProgramReference(files: ["RefreshView.swift"]))
        #expect(one.program == nil)
        let two = try Spec.decode(
            Array(Self.spec(program: #"{"swift": ["A.swift", "Code/B.swift"], "class": "RefreshView"}"#).utf8))
        #expect(two.swift == SwiftProgramReference(files: ["A.swift", "Code/B.swift"], className: "RefreshView"))
        #expect(two.swift?.workDurationGiven == true)
    }

    @Test func aSwiftProgramMayLeaveOutWorkDurationADeclarativeOneMayNot() throws {
        let swift = try Spec.decode(
            Array(Self.spec(program: #"{"swift": "R.swift"}"#, scenario: #"{"refreshAt": 0}"#).utf8))
        #expect(swift.swift?.workDurationGiven == false)
        let declarative = Self.spec(
            program: #"{"cycle": [{"animate": {"views": "all", "duration": 1, "set": {"alpha": 0.5}}}]}"#,
            scenario: #"{"refreshAt": 0}"#)
        #expect(decodeError(declarative)?.message == "missing required key 'workDuration'")
    }

    @Test(arguments: [
        (#"{"swift": "RefreshView.m"}"#, "program.swift", "expected a path to a .swift file, got 'RefreshView.m'"),
        (#"{"swift": []}"#, "program.swift", "expected at least one Swift file"),
        (#"{"swift": "R.swift", "clas": "V"}"#, "program.clas", "unknown key 'clas'; did you mean 'class'?"),
    ])
    func mistakesAreNamedAtTheirPath(program: String, path: String, message: String) {
        let error = decodeError(Self.spec(program: program))
        #expect(error?.path == path)
        #expect(error?.message == message)
    }

    @Test func theCoreAloneRefusesToRunCode() {
        #expect {
            _ = try SpecDocument(
                bytes: Array(Self.spec(program: #"{"swift": "R.swift"}"#).utf8), now: 0, measurer: emMeasurer)
        } throws: { error in
            (error as? SpecDiagnostic)?.formatted(file: "r.json")
                == "r.json:4:24: error: program.swift: the program is Swift code, which this caller cannot run (RefreshAnimation and the command line run it)"
        }
    }
}
