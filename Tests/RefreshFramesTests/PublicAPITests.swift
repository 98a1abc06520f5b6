import Foundation
import RefreshFramesTestSupport
import Testing

/// The public API of the library products is what docs/library-api.txt lists, and nothing else:
/// every module a product builds (the two products' and the ones beneath them) is read with the
/// toolchain's `swift-symbolgraph-extract`, as documentation tools read it.
struct PublicAPITests {
    /// The modules a team's package builds when it depends on the products.
    static let modules = [
        "RefreshFrames", "RefreshFramesTesting", "RefreshFramesCore", "RefreshFramesRaster", "RefreshFramesExport",
        "RefreshFramesCompare", "RefreshFramesCommandLine", "RefreshFramesSwiftCode", "RefreshFramesSwiftProgram",
    ]
    static let listing = repositoryRoot.appendingPathComponent("docs/library-api.txt").path

    /// `swift-symbolgraph-extract`, found on PATH beside `swift`.
    static let extractor: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swift-symbolgraph-extract" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The built modules: `Modules/` beside the test bundle.
    static var modulesDirectory: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
            .path
    }

    /// One line per public declaration with a place in the sources: `Module: declaration`, sorted.
    static func publicDeclarations() throws -> [String] {
        let output = NSTemporaryDirectory() + "public-api-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        for module in modules {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: extractor!)
            process.arguments = [
                "-module-name", module, "-target", "x86_64-unknown-linux-gnu", "-I", modulesDirectory,
                "-I", repositoryRoot.appendingPathComponent("Sources/CGD").path, "-Xcc", "-I/usr/include/freetype2",
                "-minimum-access-level", "public", "-output-dir", output,
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "swift-symbolgraph-extract failed for \(module)")
        }
        var lines: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: output + "/" + file))
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
            let module = file.dropLast(".symbols.json".count)
            for symbol in graph.symbols where symbol.location != nil {
                let declaration = symbol.declarationFragments.map(\.spelling).joined()
                lines.append("\(module): \(symbol.pathComponents.dropLast().map { $0 + "." }.joined())\(declaration)")
            }
        }
        return lines.sorted()
    }

    /// The parts of a symbol graph read here.
    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            struct Fragment: Decodable { var spelling: String }
            struct Location: Decodable { var uri: String }
            var pathComponents: [String]
            var declarationFragments: [Fragment]
            var location: Location?
        }
        var symbols: [Symbol]
    }

    @Test(.enabled(if: extractor != nil, "swift-symbolgraph-extract is not on PATH: the public API is not checked"))
    func thePublicAPIIsTheListedOne() throws {
        let actual = try Self.publicDeclarations().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["REFRESH_FRAMES_RECORD_API"] != nil {
            try actual.write(toFile: Self.listing, atomically: true, encoding: .utf8)
        }
        let listed = try String(contentsOfFile: Self.listing, encoding: .utf8)
        let added = Set(actual.split(separator: "\n")).subtracting(listed.split(separator: "\n")).sorted()
        let removed = Set(listed.split(separator: "\n")).subtracting(actual.split(separator: "\n")).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            the public API differs from docs/library-api.txt: make what is not meant for library users `package`, \
            or list it there (REFRESH_FRAMES_RECORD_API=1 swift test --filter PublicAPITests) and in docs/library.md
            public, not listed: \(added.joined(separator: "\n  "))
            listed, not public: \(removed.joined(separator: "\n  "))
            """)
    }
}
