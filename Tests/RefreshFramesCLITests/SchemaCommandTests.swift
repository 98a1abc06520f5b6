import Foundation
import Testing

/// Runs `scripts/validate-schema` (Python's jsonschema, draft 2020-12) on files.
private func validateWithSchema(_ paths: [String]) throws -> RunResult {
    try run(
        ["python3", repositoryRoot.appendingPathComponent("scripts/validate-schema").path] + paths,
        executable: "/usr/bin/env")
}

private let scenario = #""scenario": {"refreshAt": 0, "workDuration": 1}"#
private let canvas = #""canvas": {"width": 100, "height": 60}"#

@Suite struct SchemaCommandTests {
    @Test func schemaPrintsTheRepositorysSchemaFile() throws {
        let r = try run(["schema"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let file = FileManager.default.contents(
            atPath: repositoryRoot.appendingPathComponent("schema/refresh-frames.schema.json").path)
        #expect(r.stdoutBytes == file.map { [UInt8]($0) })
    }

    @Test func everySampleValidatesAgainstTheSchema() throws {
        let names = ["classic-spinner", "color-dots", "marquee", "rotate-scale"]
        let r = try validateWithSchema(names.map(samplePath))
        #expect(r.stderr.isEmpty)
        #expect(r.stdout == names.map { "\(samplePath($0)): ok\n" }.joined())
        #expect(r.status == 0)
    }

    /// A Swift program may build every view itself: its spec may leave `views` out, for the schema
    /// as for the decoder (which then reads the code; here only the schema is asked).
    @Test func aSwiftProgramsSpecMayLeaveOutItsViews() throws {
        let dir = try temporaryDirectory()
        let path = dir + "/spec.json"
        try Data("{\(canvas), \(scenario), \"program\": {\"swift\": \"Control.swift\"}}".utf8).write(
            to: URL(fileURLWithPath: path))
        let names = ["classic-spinner", "color-dots", "marquee", "rotate-scale"].map {
            repositoryRoot.appendingPathComponent("samples/swift/\($0).json").path
        }
        let r = try validateWithSchema([path] + names)
        #expect(r.stdout == ([path] + names).map { "\($0): ok\n" }.joined())
        #expect(r.status == 0)
    }

    /// A spec the decoder refuses is refused by the schema at the same place for the same reason.
    @Test(arguments: [
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": \"1\"}]}",
            "views[0].tag: expected an integer, got a string", "views[0].tag: '1' is not of type 'integer' (type)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": 1, \"alpha\": true}]}",
            "views[0].alpha: expected a number, got a boolean", "views[0].alpha: True is not of type 'number' (type)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": 1, \"txet\": \"a\"}]}",
            "views[0].txet: unknown key 'txet'; did you mean 'text'?",
            "views[0]: Additional properties are not allowed ('txet' was unexpected) (additionalProperties)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": 1}], \"constraints\": [{\"item\": 1, \"attribute\": \"width\", \"constnt\": 5}]}",
            "constraints[0].constnt: unknown key 'constnt'; did you mean 'constant'?",
            "constraints[0]: Additional properties are not allowed ('constnt' was unexpected) (additionalProperties)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": 1}], \"constraints\": [{\"visual\": \"H:|[v1]|\", \"option\": \"alignAllTop\"}]}",
            "constraints[0].option: unknown key 'option'; did you mean 'options'?",
            "constraints[0]: Additional properties are not allowed ('option' was unexpected) (additionalProperties)"
        ),
        (
            "{\(canvas), \"views\": [{\"tag\": 1}]}", "missing required key 'scenario'",
            ": 'scenario' is a required property (required)"
        ),
        (
            "{\(canvas), \(scenario)}", "missing required key 'views'", ": 'views' is a required property (required)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": []}", "views: expected at least one view",
            "views: [] should be non-empty (minItems)"
        ),
        (
            "{\"canvas\": {\"width\": 100}, \(scenario), \"views\": [{\"tag\": 1}]}",
            "canvas: missing required key 'height'", "canvas: 'height' is a required property (required)"
        ),
        (
            "{\(canvas), \(scenario), \"views\": [{\"tag\": 1, \"kind\": \"labl\"}]}",
            "views[0].kind: 'labl' is not one of label, view, spinner, stack, image, button; did you mean 'label'?",
            "views[0].kind: 'labl' is not one of ['label', 'view', 'spinner', 'stack', 'image', 'button'] (enum)"
        ),
    ])
    func theSchemaRefusesWhatTheDecoderRefuses(spec: String, decoder: String, schema: String) throws {
        let dir = try temporaryDirectory()
        let path = dir + "/spec.json"
        try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
        let validated = try run(["validate", path])
        #expect(validated.status == 2)
        #expect(validated.stderr.hasSuffix(": error: \(decoder)\n"))
        let checked = try validateWithSchema([path])
        #expect(checked.status == 1)
        #expect(checked.stdout == "\(path): \(schema)\n")
    }
}
