// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Where Ripple's Swift front end (`RippleSwift`) gets swift-syntax (docs/Install.md):
/// - `package`, the default on macOS or with `RIPPLE_SWIFT_SYNTAX=package`: the swift-syntax package at the
///   release that matches the compiler, with plain product dependencies and no `unsafeFlags`, so another
///   package can depend on Ripple. Xcode's toolchain ships no swift-syntax module to import.
/// - `toolchain`, the default elsewhere or with `RIPPLE_SWIFT_SYNTAX=toolchain`: the modules and shared
///   libraries in the toolchain's `lib/swift/host` folder, linked with `unsafeFlags`; nothing is fetched.
enum SwiftSyntaxSource: String {
    case package, toolchain

    static let chosen: SwiftSyntaxSource = {
        switch ProcessInfo.processInfo.environment["RIPPLE_SWIFT_SYNTAX"] {
        case nil, "":
            #if os(macOS)
            return .package
            #else
            return .toolchain
            #endif
        case let name?:
            guard let source = SwiftSyntaxSource(rawValue: name) else {
                fatalError("RIPPLE_SWIFT_SYNTAX is '\(name)'; use 'package' (the swift-syntax package) or 'toolchain' (the toolchain's lib/swift/host folder)")
            }
            return source
        }
    }()
}

/// The swift-syntax releases that match the compiler evaluating this manifest: swift-syntax 6xy.0.0 is
/// the release of Swift 6.x (602.x with Swift 6.2, 603.x with Swift 6.3); a newer compiler takes the
/// newest release there is.
let swiftSyntaxReleases: Range<Version> = {
    #if compiler(>=6.3)
    return "603.0.0"..<"604.0.0"
    #elseif compiler(>=6.2)
    return "602.0.0"..<"603.0.0"
    #elseif compiler(>=6.1)
    return "601.0.0"..<"602.0.0"
    #else
    return "600.0.0"..<"601.0.0"
    #endif
}()

/// The swift-syntax libraries the front end imports, by module name: the same on both paths.
let swiftSyntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftParserDiagnostics", "SwiftDiagnostics", "SwiftIfConfig", "SwiftOperators"]

/// swift-syntax as the toolchain ships it: the `lib/swift/host` folder of the toolchain whose `swift` is
/// first on the PATH (the one building this package), or the folder `RIPPLE_SWIFT_SYNTAX_HOST` names.
func toolchainSwiftSyntaxHost() -> String {
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
            Install a Swift 6 toolchain, set RIPPLE_SWIFT_SYNTAX_HOST to that folder, or build with \
            RIPPLE_SWIFT_SYNTAX=package to use the swift-syntax package (docs/Install.md).
            """)
    }
    return folder
}

/// The front end's target, linked to swift-syntax the chosen way.
let rippleSwift: Target = {
    switch SwiftSyntaxSource.chosen {
    case .package:
        return .target(name: "RippleSwift",
                       dependencies: ["RippleCore"] + swiftSyntaxModules.map { .product(name: $0, package: "swift-syntax") })
    case .toolchain:
        let host = toolchainSwiftSyntaxHost()
        return .target(name: "RippleSwift", dependencies: ["RippleCore"],
                       swiftSettings: [.unsafeFlags(["-I", host, "-enable-library-evolution"])],
                       linkerSettings: [.unsafeFlags(["-L", host] + swiftSyntaxModules.map { "-l" + $0 } + ["-Xlinker", "-rpath", "-Xlinker", host])])
    }
}()

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ripple", targets: ["ripple"]),
        .library(name: "RippleCore", targets: ["RippleCore"]),
        .library(name: "RippleRender", targets: ["RippleRender"]),
        .library(name: "RippleAudit", targets: ["RippleAudit"]),
        .library(name: "RippleRealityCheck", targets: ["RippleRealityCheck"]),
        .plugin(name: "RippleAuditPlugin", targets: ["RippleAuditPlugin"]),
        .plugin(name: "RippleLintPlugin", targets: ["RippleLintPlugin"]),
    ],
    dependencies: SwiftSyntaxSource.chosen == .package
        ? [.package(url: "https://github.com/swiftlang/swift-syntax.git", swiftSyntaxReleases)]
        : [],
    targets: [
        // Language → resolved model → engine → trace. Pure Swift: no C, no I/O beyond strings.
        .target(name: "RippleCore", dependencies: ["RippleRuntime"]),
        // Beneath the engine: the object store, the dependency index, the instance tree and the update
        // queue, plain data structures that know no SwiftUI rule.
        .target(name: "RippleRuntime"),
        // The front end: scenario files and app source, read by swift-syntax.
        rippleSwift,
        // graphviz's C library, found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // DOT writer, the graphviz bridge and the reports (text, JSON, HTML, SVG).
        .target(name: "RippleRender", dependencies: ["RippleCore", "CGraphviz"]),
        // The audit of loaded code: actions found and performed, ranked, judged, with hints and proven
        // fixes, budgets and coverage. No I/O: the command line reads the files and prints.
        .target(name: "RippleAudit", dependencies: ["RippleCore"]),
        // `ripple compare`: a recorded SwiftUI change log read into steps and held against the scenario's
        // prediction, view type by view type. No I/O: the command line reads the files and prints.
        .target(name: "RippleRealityCheck", dependencies: ["RippleCore"]),
        // The command line: `run(arguments:stdout:stderr:)` behind the thin `ripple` executable.
        .target(name: "RippleCLI", dependencies: ["RippleCore", "RippleRender", "RippleSwift", "RippleAudit", "RippleRealityCheck"]),
        .executableTarget(name: "ripple", dependencies: ["RippleCLI"]),
        // `swift package ripple-audit` in a package that depends on Ripple (docs/Plugin.md).
        // Its reports go into its own work folder; `--junit FILE` writes FILE into the package, which the
        // permission asks for (on macOS the plugin's sandbox denies any other write).
        .plugin(name: "RippleAuditPlugin",
                capability: .command(intent: .custom(verb: "ripple-audit",
                                                     description: "Audit the SwiftUI sources of the package's targets with ripple audit"),
                                     permissions: [.writeToPackageDirectory(reason: "ripple audit --junit FILE writes its JUnit report to FILE in the package")]),
                dependencies: ["ripple"]),
        // `ripple audit --format warnings` on a target's sources during its build, for the targets that
        // add it (docs/Plugin.md).
        .plugin(name: "RippleLintPlugin", capability: .buildTool(), dependencies: ["ripple"]),
        // `make bench`: Ripple's engine against Swift's Observation runtime on generated workloads.
        .executableTarget(name: "ripple-bench", dependencies: ["RippleCore", "RippleRender", "RippleSwift", "RippleAudit"]),
        .testTarget(name: "RippleRuntimeTests", dependencies: ["RippleRuntime"]),
        .testTarget(name: "RippleCoreTests", dependencies: ["RippleCore", "RippleRuntime", "RippleSwift"], exclude: ["Snapshots"]),
        .testTarget(name: "RippleSwiftTests", dependencies: ["RippleSwift", "RippleCore"]),
        .testTarget(name: "RippleRenderTests", dependencies: ["RippleRender", "RippleCore", "RippleSwift"]),
        .testTarget(name: "RippleAuditTests", dependencies: ["RippleAudit", "RippleCore", "RippleSwift"]),
        .testTarget(name: "RippleRealityCheckTests", dependencies: ["RippleRealityCheck", "RippleCore", "RippleSwift"]),
        .testTarget(name: "RippleCLITests", dependencies: ["RippleCLI", "RippleAudit", "RippleCore", "RippleRender", "RippleSwift", "RippleRealityCheck"]),
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
