// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ripple", targets: ["ripple"]),
        .library(name: "RippleCore", targets: ["RippleCore"]),
        .library(name: "RippleRender", targets: ["RippleRender"]),
    ],
    targets: [
        // Language → resolved model → engine → trace. Pure Swift: no C, no I/O beyond strings.
        .target(name: "RippleCore"),
        // graphviz's C library, found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // DOT writer, the graphviz bridge and the reports (text, JSON, HTML, SVG).
        .target(name: "RippleRender", dependencies: ["RippleCore", "CGraphviz"]),
        // The command line: `run(arguments:stdout:stderr:)` behind the thin `ripple` executable.
        .target(name: "RippleCLI", dependencies: ["RippleCore", "RippleRender"]),
        .executableTarget(name: "ripple", dependencies: ["RippleCLI"]),
        .testTarget(name: "RippleCoreTests", dependencies: ["RippleCore"]),
        .testTarget(name: "RippleRenderTests", dependencies: ["RippleRender", "RippleCore"]),
        .testTarget(name: "RippleCLITests", dependencies: ["RippleCLI", "RippleCore"]),
    ],
    swiftLanguageModes: [.v6]
)
