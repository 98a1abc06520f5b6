/// A spec file's bytes turned into everything the engines need: the one entry point to the core
/// (`RefreshAnimation`, in RefreshFrames, calls it with the fonts and the spec's side files).
/// Whatever goes wrong, from JSON syntax to an unsolvable layout or a text no font can measure,
/// is one `SpecDiagnostic` with its JSON path and, where the path is in the document, its line and column.
package struct SpecDocument: Sendable {
    package var bytes: [UInt8]
    package var spec: Spec
    package var timeline: Timeline
    /// The clock `{now:…}` texts were expanded with, in seconds since 1970.
    package var now: Int64
    private let root: JSONNode

    /// `prepare` runs between decoding and layout: the edge opens the spec's own side files there
    /// (registers its fonts, puts its decoded images into `spec.images`).
    /// `appearance` (nil: the spec's own, else light) is what its semantic colours resolve for.
    /// `program` runs a Swift program (`"program": {"swift": …}`) over the timeline of the spec
    /// without one: the edge reads, parses and runs the code there (nil: such a spec is refused).
    /// `layout` imports the Interface Builder document a spec's `"xib"` names, returning the spec
    /// JSON the import writes (`XIBReference`; nil: such a spec is refused).
    package init(
        bytes: [UInt8], now: Int64, appearance: Appearance? = nil, measurer: TextMeasurer,
        prepare: (inout Spec) throws(SpecDiagnostic) -> Void = { _ in },
        program: ((SwiftProgramReference, Timeline) throws -> RuntimeRun)? = nil,
        layout: ((XIBReference) throws(SpecDiagnostic) -> [UInt8])? = nil
    ) throws(SpecDiagnostic) {
        var root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SpecDiagnostic(path: "", location: error.location, message: error.message)
        }
        do {
            root = try Self.withLayout(root, layout: layout)
        } catch var error {
            error.location = error.location ?? root.locate(error.path)
            throw error
        }
        var spec = try SpecDecoder().decode(ValueReader(node: root, path: ""), appearance: appearance)
        do {
            try prepare(&spec)
        } catch var error {
            error.location = error.location ?? root.locate(error.path)
            throw error
        }
        do {
            if let swift = spec.swift {
                guard let program else {
                    throw SpecDiagnostic(
                        path: "program.swift", location: nil,
                        message:
                            "the program is Swift code, which this caller cannot run (RefreshAnimation and the command line run it)"
                    )
                }
                timeline = try Timeline.make(spec: spec, now: now, measurer: measurer) { base in
                    try program(swift, base)
                }
                // The views the code made are drawn as the spec's are, with the images it found.
                spec.views = timeline.spec.views
                spec.images = timeline.spec.images
            } else {
                timeline = try Timeline.make(spec: spec, now: now, measurer: measurer)
            }
        } catch let error as SceneError {
            throw SpecDiagnostic(path: error.path, location: root.locate(error.path), message: error.message)
        } catch var error as SpecDiagnostic {
            if error.location == nil { error.location = root.locate(error.path) }
            throw error
        } catch {
            throw SpecDiagnostic(path: "", location: nil, message: "\(error)")
        }
        self.bytes = bytes
        self.spec = spec
        self.now = now
        self.root = root
    }

    /// Places a problem found later (by an exporter or a generator) in the document.
    package func located(_ diagnostic: SpecDiagnostic) -> SpecDiagnostic {
        var located = diagnostic
        if located.location == nil { located.location = root.locate(diagnostic.path) }
        return located
    }
}
