// swift-tools-version: 6.0
// A package whose target adds Ripple's build-tool plugin, as a user's would, so that `swift build` prints
// the audit's warnings (docs/Plugin.md). It depends on this checkout by path; a user's names the
// repository. Tests/Plugin/lint-check.sh builds it.
import PackageDescription

let package = Package(
    name: "LintScreens",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        .package(name: "Ripple", path: "../../.."),
    ],
    targets: [
        .target(name: "Screens", plugins: [.plugin(name: "RippleLintPlugin", package: "Ripple")]),
    ]
)
