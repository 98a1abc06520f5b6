// swift-tools-version:6.0
// An app team's snapshot tests of its pull-to-refresh control, run on Linux CI: the control is a
// RefreshFrames spec (Refresh.json) beside the tests, its goldens in Goldens/. This package depends
// on RefreshFrames by path; a team names the repository and a version instead (README: "Testing an
// app's control").
import PackageDescription

let package = Package(
    name: "AppSnapshotTests",
    dependencies: [
        .package(name: "RefreshFrames", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "AppSnapshotTests",
            dependencies: [
                .product(name: "RefreshFrames", package: "RefreshFrames"),
                .product(name: "RefreshFramesTesting", package: "RefreshFrames"),
            ],
            exclude: ["Refresh.json", "Goldens"]
        )
    ]
)
