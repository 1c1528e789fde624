// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// swift-syntax as the toolchain ships it: the `lib/swift/host` folder of the toolchain whose `swift` is
/// first on the PATH (the one building this package), or the folder `RIPPLE_SWIFT_SYNTAX_HOST` names.
/// Ripple's Swift front end (`RippleSwift`) links it; no package is fetched.
let swiftSyntaxHost: String = {
    let environment = ProcessInfo.processInfo.environment
    let fileManager = FileManager.default
    func holdsSwiftSyntax(_ folder: String) -> Bool {
        fileManager.fileExists(atPath: folder + "/SwiftParser.swiftmodule")
    }
    if let folder = environment["RIPPLE_SWIFT_SYNTAX_HOST"] {
        guard holdsSwiftSyntax(folder) else {
            fatalError("RIPPLE_SWIFT_SYNTAX_HOST is '\(folder)', which holds no SwiftParser.swiftmodule")
        }
        return folder
    }
    var candidates: [String] = []
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard fileManager.isExecutableFile(atPath: swift.path) else { continue }
        // `bin/swift` is a link to `bin/swift-driver` in the same toolchain; `../lib/swift/host` beside it.
        let toolchain = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(toolchain.appendingPathComponent("lib/swift/host").path)
    }
    candidates += [
        "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host",
        "/Library/Developer/CommandLineTools/usr/lib/swift/host",
    ]
    guard let folder = candidates.first(where: holdsSwiftSyntax) else {
        fatalError("""
            Ripple needs swift-syntax as the Swift toolchain ships it (SwiftParser.swiftmodule in the \
            toolchain's lib/swift/host folder), and found none in: \(candidates.joined(separator: ", ")). \
            Install a Swift 6 toolchain, or set RIPPLE_SWIFT_SYNTAX_HOST to that folder.
            """)
    }
    return folder
}()

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
        .executableTarget(name: "ripple-bench", dependencies: ["RippleCore", "RippleRender", "RippleSwift", "RippleCLI"]),
        .testTarget(name: "RippleCoreTests", dependencies: ["RippleCore", "RippleSwift"], exclude: ["Snapshots"]),
        .testTarget(name: "RippleSwiftTests", dependencies: ["RippleSwift", "RippleCore"]),
        .testTarget(name: "RippleRenderTests", dependencies: ["RippleRender", "RippleCore", "RippleSwift"]),
        .testTarget(name: "RippleCLITests", dependencies: ["RippleCLI", "RippleCore", "RippleRender", "RippleSwift"]),
        // Swift's own Observation runtime as the oracle for the engine's Observation rules.
        .testTarget(name: "RippleOracleTests", dependencies: ["RippleCore", "RippleSwift"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target has no `main`, so it is built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1).
if ProcessInfo.processInfo.environment["RIPPLE_FUZZ"] != nil {
    package.targets.append(.executableTarget(name: "RippleFuzz", dependencies: ["RippleCore", "RippleRender", "RippleSwift", "RippleCLI"], path: "Tests/Fuzz", exclude: ["ripple.dict"]))
    // Smaller engine and render limits, so that libFuzzer's one-second hang bound flags only work no limit bounds.
    for name in ["RippleCore", "RippleRender"] {
        package.targets.first { $0.name == name }?.swiftSettings = [.define("RIPPLE_FUZZ")]
    }
}
