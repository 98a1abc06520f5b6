import Foundation
import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesRaster
import Testing

@testable import RefreshFramesSwiftGen

// This file does not import the UIKit shim (with Testing, that would ask for Swift Testing's UIKit
// overlay); RoundTrip.swift, which does, runs the generated classes.

@Suite struct SwiftGeneratorTests {
    @Test(arguments: generatedCases)
    func committedFileIsWhatTheGeneratorWritesNow(_ c: GeneratedCase) throws {
        let (bytes, spec) = try loadSpec(c.spec)
        let source = try SwiftGenerator.generate(spec, specName: c.spec, specBytes: bytes, typeName: c.typeName)
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(c.file), encoding: .utf8)
        if committed != source {
            let line = zip(committed.split(separator: "\n"), source.split(separator: "\n")).enumerated().first {
                $0.element.0 != $0.element.1
            }?.offset
            Issue.record(
                "\(c.file) is stale (line \((line ?? 0) + 1) differs); regenerate it: .build/debug/refresh-frames swift \(c.spec) -o \(c.file)"
            )
        }
    }

    /// The xib path: the committed specs are what `import` writes now, so the round trip covers it.
    @Test(arguments: importedFixtures)
    func importedSpecIsWhatImportWritesNow(_ f: ImportedFixture) throws {
        let xib = Array(try Data(contentsOf: repositoryRoot.appendingPathComponent(f.xibPath)))
        let result = try XIBImporter.importDocument(
            xib, fileName: f.xibPath, animation: try #require(ImportAnimation(rawValue: f.animation)),
            measurer: measurer, isFontInstalled: { FontBook.isInstalled(family: $0) })
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(f.specPath), encoding: .utf8)
        if committed != result.specJSON {
            Issue.record(
                "\(f.specPath) is stale; regenerate it: .build/debug/refresh-frames import \(f.xibPath) --animation \(f.animation) -o \(f.specPath)"
            )
        }
        #expect(result.frameDifferences.isEmpty)
    }

    @Test(arguments: generatedCases)
    func swiftcParsesTheFile(_ c: GeneratedCase) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", repositoryRoot.appendingPathComponent(c.file).path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    @Test func docsShowTheCurrentRotateScaleFile() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/swift.md"), encoding: .utf8)
        let file = try String(
            contentsOf: repositoryRoot.appendingPathComponent(generatedCases[0].file), encoding: .utf8)
        #expect(
            docs.contains("```swift\n" + file + "```\n"), "docs/swift.md shows a stale RotateScaleRefreshView.swift")
    }

    @Test(arguments: [
        (RGBA.black, ".black"), (RGBA(red: 0.6, green: 0.4, blue: 0.2), ".brown"),
        (
            RGBA(red: 236 / 255, green: 240 / 255, blue: 241 / 255),
            "UIColor(red: 236 / 255, green: 240 / 255, blue: 241 / 255, alpha: 1)"
        ),
        (RGBA(red: 0.113, green: 0.113, blue: 0.145), "UIColor(red: 0.113, green: 0.113, blue: 0.145, alpha: 1)"),
    ])
    func colorsAreUIKitNamesOrComponents(_ color: RGBA, _ expected: String) {
        #expect(SwiftLiteral.color(color) == expected)
    }

    @Test(arguments: [
        (Transform.identity, "CGAffineTransform.identity"),
        (Transform(rotation: 45), "CGAffineTransform(rotationAngle: 45 * .pi / 180)"),
        (Transform(rotation: 180), "CGAffineTransform(rotationAngle: .pi)"),
        (Transform(scaleX: 1.5, scaleY: 1.5), "CGAffineTransform(scaleX: 1.5, y: 1.5)"),
        (
            Transform(rotation: -30, scaleX: 2, scaleY: 1, translationX: 4, translationY: 0),
            "CGAffineTransform(translationX: 4, y: 0).rotated(by: -30 * .pi / 180).scaledBy(x: 2, y: 1)"
        ),
    ])
    func transformsAreCGAffineTransforms(_ transform: Transform, _ expected: String) {
        #expect(SwiftLiteral.transform(transform) == expected)
    }

    @Test func stringsAreEscaped() {
        #expect(SwiftLiteral.string("a\"b\\c\n数") == #""a\"b\\c\n数""#)
    }

    @Test func sameSpecSameBytes() throws {
        let (bytes, spec) = try loadSpec("samples/marquee.json")
        let a = try SwiftGenerator.generate(spec, specName: "m.json", specBytes: bytes, typeName: "M")
        let b = try SwiftGenerator.generate(spec, specName: "m.json", specBytes: bytes, typeName: "M")
        #expect(a == b)
        #expect(a.contains("// (SHA-256 "))
    }

    @Test(arguments: [
        ("samples/rotate-scale.json", "RotateScaleRefreshView"), ("x/my_spec.json", "MySpecRefreshView"),
        ("3d.json", "Custom3dRefreshView"), ("PullRefreshView.json", "PullRefreshView"),
    ])
    func typeNameFromTheFileName(_ path: String, _ expected: String) {
        #expect(SwiftGenerator.typeName(forSpecPath: path) == expected)
    }
}

/// Serialized: the shim's clock and record are one per process, as UIKit's main run loop is.
@MainActor
@Suite(.serialized) struct SwiftRoundTripTests {
    /// Every view's transform, alpha, colours and text at every segment boundary and three points
    /// between each pair, the solved frames before and after refreshing begins, fonts, alignment and
    /// corner radii: the generated code run on the shim's clock against the engine.
    @Test(arguments: generatedCases)
    func generatedCodeDoesWhatTheEngineShows(_ c: GeneratedCase) throws {
        let differences = try RoundTrip.differences(c)
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    /// The comparison can fail: the marquee's code wraps at the fifth label, as the tutorial does;
    /// told that the loop wraps after all six, the engine animates the sixth label and the round trip says where.
    @Test func aMismatchNamesTheViewThePropertyAndTheInstant() throws {
        var spec = try loadSpec("samples/marquee.json").spec
        guard case .each(var each) = spec.program?.cycle[0] else {
            Issue.record("the marquee's cycle is not an 'each'")
            return
        }
        each.wrapAt = 6
        spec.program!.cycle[0] = .each(each)
        let differences = try RoundTrip.differences(spec: spec, type: MarqueeRefreshView.self)
        // Refreshing begins at 0.48 s; five labels of 0.15 + 0.1 s later the code turns back to label 1.
        #expect(
            Array(differences.prefix(3)) == [
                "tag 1 textColor at 1.73 s: generated code #0000FFFF, engine #000000FF",
                "tag 6 textColor at 1.73 s: generated code #000000FF, engine #0000FFFF",
                "tag 1 transform at 1.7675 s: generated code scale(1.125), engine identity",
            ])
    }
}
