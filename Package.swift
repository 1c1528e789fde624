// swift-tools-version: 6.0
import Foundation
import PackageDescription

let swiftSyntaxHost = "/opt/swift/usr/lib/swift/host"

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ripple", targets: ["ripple"]),
        .library(name: "RippleCore", targets: ["RippleCore"]),
        .library(name: "RippleRender", targets: ["RippleRender"]),
    ],
    targets: [
        // Language → resolved model → engine → trace. Pure Swift: no C, no I/O beyond strings.
        .target(name: "RippleCore"),
        .target(name: "RippleSwift", dependencies: ["RippleCore"],
                swiftSettings: [.unsafeFlags(["-I", swiftSyntaxHost, "-enable-library-evolution"])],
                linkerSettings: [.unsafeFlags(["-L", swiftSyntaxHost, "-lSwiftParser", "-lSwiftSyntax", "-lSwiftParserDiagnostics", "-lSwiftDiagnostics", "-lSwiftIfConfig", "-lSwiftOperators", "-Xlinker", "-rpath", "-Xlinker", swiftSyntaxHost])]),
        // graphviz's C library, found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // DOT writer, the graphviz bridge and the reports (text, JSON, HTML, SVG).
        .target(name: "RippleRender", dependencies: ["RippleCore", "CGraphviz"]),
        // The command line: `run(arguments:stdout:stderr:)` behind the thin `ripple` executable.
        .target(name: "RippleCLI", dependencies: ["RippleCore", "RippleRender", "RippleSwift"]),
        .executableTarget(name: "ripple", dependencies: ["RippleCLI"]),
        // `make bench`: Ripple's engine against Swift's Observation runtime on generated workloads.
        .executableTarget(name: "ripple-bench", dependencies: ["RippleCore", "RippleRender", "RippleSwift"]),
        .testTarget(name: "RippleCoreTests", dependencies: ["RippleCore"], exclude: ["Snapshots"]),
        .testTarget(name: "RippleSwiftTests", dependencies: ["RippleSwift", "RippleCore"]),
        .testTarget(name: "RippleRenderTests", dependencies: ["RippleRender", "RippleCore", "RippleSwift"]),
        .testTarget(name: "RippleCLITests", dependencies: ["RippleCLI", "RippleCore", "RippleRender"]),
        // Swift's own Observation runtime as the oracle for the engine's Observation rules.
        .testTarget(name: "RippleOracleTests", dependencies: ["RippleCore"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target has no `main`, so it is built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1).
if ProcessInfo.processInfo.environment["RIPPLE_FUZZ"] != nil {
    package.targets.append(.executableTarget(name: "RippleFuzz", dependencies: ["RippleCore", "RippleRender"], path: "Tests/Fuzz", exclude: ["ripple.dict"]))
    // Smaller engine and render limits, so that libFuzzer's one-second hang bound flags only work no limit bounds.
    for name in ["RippleCore", "RippleRender"] {
        package.targets.first { $0.name == name }?.swiftSettings = [.define("RIPPLE_FUZZ")]
    }
}
