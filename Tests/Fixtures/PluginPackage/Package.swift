// swift-tools-version: 6.0
// A package that depends on Ripple, as a user's would, to run `swift package ripple-audit` on
// (docs/Plugin.md). It depends on this checkout by path; a user's names the repository and a version.
import PackageDescription

let package = Package(
    name: "Screens",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        .package(name: "Ripple", path: "../../.."),
    ],
    targets: [
        // SwiftUI code, which the plugin reads and never builds: a list whose rows get the whole model.
        .target(name: "Screens"),
        .testTarget(name: "ScreensTests", dependencies: ["Screens"]),
    ]
)
