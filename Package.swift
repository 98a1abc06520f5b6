// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RefreshFrames",
    products: [
        .executable(name: "refresh-frames", targets: ["refresh-frames"]),
        // The library: a spec loaded with its fonts, its states, timeline and frames (docs/library.md).
        .library(name: "RefreshFrames", targets: ["RefreshFrames"]),
        // Assertions for an app's test target over the same goldens as `check` (docs/library.md).
        .library(name: "RefreshFramesTesting", targets: ["RefreshFramesTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGD",
            path: "Sources/CGD",
            pkgConfig: "freetype2",
            providers: [
                .apt(["libgd-dev", "libdeflate-dev", "libwebp-dev", "pkg-config"]),
                .brew(["gd", "freetype", "fontconfig", "libdeflate", "webp", "pkg-config"]),
            ]
        ),
        .target(name: "RefreshFramesCore"),
        // libgd's static archive (from libgd-dev) on Linux: only its core, PNG and FreeType text are
        // linked, so the shared library's format plugins (HEIF, AVIF, TIFF, WebP, X11 and ~40 libraries
        // behind them) are not loaded at every start (`--help` 17 → 8 ms). `-l:libgd.a` is GNU ld's
        // "this file" form of `-l`, which `linkedLibrary` passes as it is: no `unsafeFlags`, so the
        // package works as a dependency. libwebp's encoder and its animation assembler (libwebp-dev)
        // are linked from their static archives for the same reason. Elsewhere (macOS, untried) the
        // shared libraries.
        .target(
            name: "RefreshFramesRaster", dependencies: ["CGD", "RefreshFramesCore"],
            linkerSettings: [
                .linkedLibrary(":libgd.a", .when(platforms: [.linux])),
                .linkedLibrary(":libwebpmux.a", .when(platforms: [.linux])),
                .linkedLibrary(":libwebp.a", .when(platforms: [.linux])),
                .linkedLibrary("gd", .when(platforms: [.macOS])),
                .linkedLibrary("webpmux", .when(platforms: [.macOS])),
                .linkedLibrary("webp", .when(platforms: [.macOS])),
            ]
        ),
        .target(name: "RefreshFramesExport", dependencies: ["RefreshFramesCore", "RefreshFramesRaster"]),
        .target(
            name: "RefreshFramesCompare",
            dependencies: ["RefreshFramesCore", "RefreshFramesRaster", "RefreshFramesExport"]
        ),
        // The one entry point: a spec loaded with its side files (fonts, a Swift program, run with swiftc's
        // parser from RefreshFramesCommandLine; a xib, imported by RefreshFramesImport) and the text measurer, for the command line, the preview,
        // the fuzzer, the tests and an app's own tests.
        .target(
            name: "RefreshFrames",
            dependencies: [
                "RefreshFramesCore", "RefreshFramesRaster", "RefreshFramesExport", "RefreshFramesCompare",
                "RefreshFramesCommandLine", "RefreshFramesSwiftCode", "RefreshFramesSwiftProgram",
                "RefreshFramesImport",
            ]),
        .target(
            name: "RefreshFramesTesting",
            dependencies: ["RefreshFrames", "RefreshFramesCompare", "RefreshFramesCore", "RefreshFramesExport"]),
        .target(name: "RefreshFramesImport", dependencies: ["RefreshFramesCore"]),
        // Spec → UIKit Swift source (`refresh-frames swift`).
        .target(name: "RefreshFramesSwiftGen", dependencies: ["RefreshFramesCore"]),
        // A team's own Swift code, read through swiftc's parser and interpreted on a virtual clock
        // (never compiled or run): the Swift 2 migration, the AST decoder, the interpreter, its run loop.
        .target(name: "RefreshFramesSwiftCode"),
        // The UIKit binding: UIView, UILabel, UIColor, CGAffineTransform, UIView.animate, Core Animation,
        // UIRefreshControl and the scroll callbacks as host types of the interpreter, driving the
        // engine's AnimationRuntime; and the scenario's driver that turns a Swift program into a Timeline.
        .target(name: "RefreshFramesSwiftProgram", dependencies: ["RefreshFramesCore", "RefreshFramesSwiftCode"]),
        // The command line's edge, apart from what each command does: options, help and completion scripts,
        // exit codes, standard output and error, files written atomically and checked against the inputs,
        // the terminal's raw mode and keys, file watching. The commands themselves are RefreshFramesCLI.
        .target(name: "RefreshFramesCommandLine", dependencies: ["RefreshFramesCore"]),
        .target(
            name: "RefreshFramesCLI",
            dependencies: [
                "RefreshFrames", "RefreshFramesCommandLine", "RefreshFramesCore", "RefreshFramesRaster",
                "RefreshFramesExport", "RefreshFramesCompare", "RefreshFramesImport", "RefreshFramesSwiftGen",
                "RefreshFramesSwiftCode", "RefreshFramesSwiftProgram",
            ]
        ),
        .executableTarget(name: "refresh-frames", dependencies: ["RefreshFramesCLI"]),
        // A libFuzzer target over decoding, layout, timeline and the terminal's text frames, xib import and
        // golden-directory reading; scripts/fuzz runs it.
        .executableTarget(
            name: "RefreshFramesFuzz",
            dependencies: [
                "RefreshFrames", "RefreshFramesCore", "RefreshFramesExport", "RefreshFramesImport",
                "RefreshFramesCompare", "RefreshFramesRaster", "RefreshFramesTestSupport", "RefreshFramesSwiftGen",
            ]),
        // Test oracles (a GIF decoder, an ANSI replayer) and helpers the test targets share.
        .target(
            name: "RefreshFramesTestSupport", dependencies: ["RefreshFramesCore", "RefreshFramesExport"],
            path: "Tests/RefreshFramesTestSupport"),
        .testTarget(name: "RefreshFramesCoreTests", dependencies: ["RefreshFramesCore", "RefreshFramesTestSupport"]),
        .testTarget(
            name: "RefreshFramesRasterTests",
            dependencies: ["RefreshFramesRaster", "RefreshFramesCore", "RefreshFramesTestSupport"]),
        // A module shaped like UIKit, used only by the tests: the generated Swift compiles against it
        // unchanged (`import UIKit`) and it records every property change on a virtual clock.
        .target(name: "UIKit", dependencies: ["RefreshFramesCore"], path: "Tests/UIKitShim"),
        .testTarget(
            name: "RefreshFramesSwiftGenTests",
            dependencies: [
                "RefreshFramesSwiftGen", "UIKit", "RefreshFramesCore", "RefreshFramesRaster", "RefreshFramesImport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RefreshFramesExportTests",
            dependencies: [
                "RefreshFrames", "RefreshFramesExport", "RefreshFramesRaster", "RefreshFramesCore",
                "RefreshFramesTestSupport",
            ]),
        .testTarget(
            name: "RefreshFramesCompareTests",
            dependencies: [
                "RefreshFrames", "RefreshFramesCompare", "RefreshFramesRaster", "RefreshFramesCore",
                "RefreshFramesExport",
                "RefreshFramesTestSupport",
            ]),
        .testTarget(
            name: "RefreshFramesImportTests", dependencies: ["RefreshFramesImport", "RefreshFramesCore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "RefreshFramesCommandLineTests", dependencies: ["RefreshFramesCommandLine"]),
        .testTarget(
            name: "RefreshFramesSwiftCodeTests",
            dependencies: [
                "RefreshFramesSwiftCode", "RefreshFramesCommandLine",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RefreshFramesSwiftProgramTests",
            dependencies: [
                "RefreshFramesSwiftProgram", "RefreshFramesSwiftCode", "RefreshFramesCore", "RefreshFramesCommandLine",
                "RefreshFramesRaster",
            ]
        ),
        .testTarget(
            name: "RefreshFramesTests",
            dependencies: ["RefreshFrames", "RefreshFramesCore", "RefreshFramesTestSupport"]),
        .testTarget(
            name: "RefreshFramesTestingTests",
            dependencies: ["RefreshFramesTesting", "RefreshFrames", "RefreshFramesCompare", "RefreshFramesTestSupport"]),
        .testTarget(
            name: "RefreshFramesCLITests",
            dependencies: [
                "RefreshFrames", "RefreshFramesTesting", "RefreshFramesCLI", "RefreshFramesCommandLine",
                "RefreshFramesCore",
                "RefreshFramesRaster",
                "RefreshFramesExport",
                "RefreshFramesTestSupport",
            ],
            exclude: ["Goldens"]
        ),
    ]
)
