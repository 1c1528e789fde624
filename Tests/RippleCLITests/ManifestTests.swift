import Foundation
import Testing

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Package.swift's two ways to get swift-syntax (docs/Install.md), each evaluated by `swift package
/// dump-package`, which compiles and runs the manifest and fetches nothing. The manifest is copied into a
/// folder of its own with a scratch folder there, so no command here waits on the `.build` lock that the
/// running `swift test` holds.
@Suite struct ManifestTests {
    /// The manifest as SwiftPM reads it with `environment` added to the test's own (minus Ripple's).
    static func dumpPackage(_ environment: [String: String]) throws -> (result: ProgramResult, json: [String: Any]?) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Package.swift"), to: folder.appendingPathComponent("Package.swift"))
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RIPPLE_") }
        merged.merge(environment) { $1 }
        let swift = try #require(executableOnPath("swift"), "no swift on the PATH")
        let result = try runProgram(swift, ["package", "--scratch-path", folder.appendingPathComponent(".scratch").path, "dump-package"],
                                    in: folder, environment: merged)
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, json)
    }

    /// The swift-syntax release line this compiler should get: 6xy.0.0 for Swift 6.x.
    static var expectedReleases: (lower: String, upper: String) {
        #if compiler(>=6.3)
        ("603.0.0", "604.0.0")
        #elseif compiler(>=6.2)
        ("602.0.0", "603.0.0")
        #elseif compiler(>=6.1)
        ("601.0.0", "602.0.0")
        #else
        ("600.0.0", "601.0.0")
        #endif
    }

    static func target(_ name: String, in json: [String: Any]) throws -> [String: Any] {
        let targets = try #require(json["targets"] as? [[String: Any]])
        return try #require(targets.first { $0["name"] as? String == name }, "no target '\(name)'")
    }

    /// The products of other packages a target depends on, as (product, package).
    static func productDependencies(of target: [String: Any]) -> [(String, String)] {
        (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            guard let product = dependency["product"] as? [Any], product.count >= 2,
                  let name = product[0] as? String, let package = product[1] as? String else { return nil }
            return (name, package)
        }
    }

    /// Every `import SwiftX` in RippleSwift's sources: the modules both paths must provide.
    static func importedSwiftSyntaxModules() throws -> Set<String> {
        let folder = repository.appendingPathComponent("Sources/RippleSwift")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var modules: Set<String> = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let module = String(words[index + 1])
                if module.hasPrefix("Swift") && !["SwiftUI", "Swift"].contains(module) { modules.insert(module) }
            }
        }
        return modules
    }

    @Test func thePackagePathDependsOnTheSwiftSyntaxPackageWithoutUnsafeFlags() throws {
        // The toolchain folder named here does not exist: the package path must never look for one (on a
        // Mac there is none to find).
        let (result, json) = try Self.dumpPackage(["RIPPLE_SWIFT_SYNTAX": "package", "RIPPLE_SWIFT_SYNTAX_HOST": "/no/such/toolchain/host"])
        #expect(result.status == 0, "\(result.stderr)")
        let package = try #require(json)
        let dependencies = try #require(package["dependencies"] as? [[String: Any]])
        #expect(dependencies.count == 1)
        let sourceControl = try #require((dependencies.first?["sourceControl"] as? [[String: Any]])?.first)
        #expect(sourceControl["identity"] as? String == "swift-syntax")
        let location = try #require(((sourceControl["location"] as? [String: Any])?["remote"] as? [[String: Any]])?.first)
        #expect(location["urlString"] as? String == "https://github.com/swiftlang/swift-syntax.git")
        let range = try #require(((sourceControl["requirement"] as? [String: Any])?["range"] as? [[String: Any]])?.first)
        #expect(range["lowerBound"] as? String == Self.expectedReleases.lower)
        #expect(range["upperBound"] as? String == Self.expectedReleases.upper)

        let products = Self.productDependencies(of: try Self.target("RippleSwift", in: package))
        #expect(products.allSatisfy { $0.1 == "swift-syntax" })
        let imported = try Self.importedSwiftSyntaxModules()
        #expect(imported.contains("SwiftParser") && imported.contains("SwiftSyntax"))
        #expect(imported.isSubset(of: Set(products.map(\.0))), "every swift-syntax module RippleSwift imports is a product it depends on")
        // No target carries unsafe flags, so that another package may depend on Ripple.
        #expect(!result.stdout.contains("unsafeFlags"))
    }

    static let onMacOS: Bool = {
        #if os(macOS)
        true
        #else
        false
        #endif
    }()

    // On macOS the default is the package path, and Xcode's toolchain has no lib/swift/host to link.
    @Test(.disabled(if: onMacOS, "the toolchain path is Linux's"), arguments: [[:], ["RIPPLE_SWIFT_SYNTAX": "toolchain"]])
    func theToolchainPathLinksTheHostFolderAndFetchesNothing(_ environment: [String: String]) throws {
        let (result, json) = try Self.dumpPackage(environment)
        try #require(result.status == 0, "\(result.stderr)")
        let package = try #require(json)
        #expect((package["dependencies"] as? [Any])?.isEmpty == true)
        let rippleSwift = try Self.target("RippleSwift", in: package)
        #expect(Self.productDependencies(of: rippleSwift).isEmpty)
        let settings = String(decoding: try JSONSerialization.data(withJSONObject: rippleSwift["settings"] ?? []), as: UTF8.self)
            .replacingOccurrences(of: "\\/", with: "/")
        #expect(settings.contains("unsafeFlags") && settings.contains("lib/swift/host"))
        for module in try Self.importedSwiftSyntaxModules() {
            #expect(settings.contains("\"-l\(module)\""), "RippleSwift imports \(module), so the toolchain path links it")
        }
    }

    /// `swift package ripple-audit` reaches a package that depends on Ripple, whichever way it gets swift-syntax.
    @Test(arguments: ["package", "toolchain"])
    func theAuditPluginIsAProductOnBothPaths(_ source: String) throws {
        let (result, json) = try Self.dumpPackage(["RIPPLE_SWIFT_SYNTAX": source])
        try #require(result.status == 0, "\(result.stderr)")
        let package = try #require(json)
        let products = try #require(package["products"] as? [[String: Any]])
        let plugin = try #require(products.first { $0["name"] as? String == "RippleAuditPlugin" })
        #expect((plugin["type"] as? [String: Any])?["plugin"] != nil)
        let target = try Self.target("RippleAuditPlugin", in: package)
        #expect(target["type"] as? String == "plugin")
        let capability = String(decoding: try JSONSerialization.data(withJSONObject: target["pluginCapability"] ?? [:]), as: UTF8.self)
        #expect(capability.contains("\"verb\":\"ripple-audit\""), "\(capability)")
        // It asks to write into the package, where `--junit FILE` writes, and says why.
        #expect(capability.contains("writeToPackageDirectory") && capability.contains("--junit FILE"), "\(capability)")
        #expect((target["dependencies"] as? [[String: Any]])?.contains { ($0["byName"] as? [Any])?.first as? String == "ripple" } == true)
    }

    /// The build-tool plugin serves an Xcode project's targets where Xcode's plugin module exists, and
    /// builds without it elsewhere: the import and the conformance are both inside the one condition.
    /// (Linux cannot compile that part; Tests/Plugin/lint-check.sh builds the rest.)
    @Test func theLintPluginServesXcodeTargetsBehindItsCondition() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("Plugins/RippleLintPlugin/plugin.swift"), encoding: .utf8)
        let parts = text.components(separatedBy: "#if canImport(XcodeProjectPlugin)\n")
        try #require(parts.count == 2, "one condition")
        #expect(!parts[0].contains("XcodeProjectPlugin") && !parts[0].contains("XcodeBuildToolPlugin"))
        let guarded = try #require(parts[1].components(separatedBy: "\n#endif").first)
        #expect(guarded.hasPrefix("import XcodeProjectPlugin\n"))
        #expect(guarded.contains("extension RippleLintPlugin: XcodeBuildToolPlugin {"))
        #expect(guarded.contains("func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]"))
    }

    @Test func aWrongChoiceAndAMissingToolchainFolderSayWhatToDo() throws {
        let wrong = try Self.dumpPackage(["RIPPLE_SWIFT_SYNTAX": "pakage"])
        #expect(wrong.result.status != 0)
        #expect(wrong.result.stderr.contains("RIPPLE_SWIFT_SYNTAX is 'pakage'; use 'package'"))
        let missing = try Self.dumpPackage(["RIPPLE_SWIFT_SYNTAX": "toolchain", "RIPPLE_SWIFT_SYNTAX_HOST": "/no/such/toolchain/host"])
        #expect(missing.result.status != 0)
        #expect(missing.result.stderr.contains("RIPPLE_SWIFT_SYNTAX_HOST is '/no/such/toolchain/host', which holds no SwiftParser.swiftmodule"))
    }
}
