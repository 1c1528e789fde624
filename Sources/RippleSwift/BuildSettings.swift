internal import SwiftIfConfig
internal import SwiftSyntax

/// The one build configuration Ripple reads Swift source for: which clause of each `#if` is taken.
///
/// By default the app is built for iOS, with the newest compiler and language, and `DEBUG` set (a
/// preview or a development build): `#if os(iOS)`, `#if canImport(UIKit)` and `#if DEBUG` take their
/// first clause, `#if os(macOS)` its `#else`. `ripple parse` and `ripple run` set another system with
/// `--os` and other conditions with `--define` (docs/Import.md).
package struct BuildSettings: Sendable, Hashable {
    /// The target system, as `os(…)` names it: `iOS`, `macOS`, `watchOS`, `tvOS`, `visionOS`.
    package var os: String
    /// The custom conditions set (`-D NAME`): `#if NAME` takes its first clause.
    package var conditions: Set<String>

    /// The systems `os(…)` names, which `--os` takes: Apple's, then the others Swift builds for.
    package static let systems = ["iOS", "macOS", "watchOS", "tvOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI"]

    package init(os: String = "iOS", conditions: Set<String> = ["DEBUG"]) {
        self.os = os
        self.conditions = conditions
    }

    /// Frameworks only one family of systems has.
    private static let onlyOn: [String: Set<String>] = [
        "UIKit": ["iOS", "tvOS", "visionOS", "macCatalyst"], "AppKit": ["macOS"], "WatchKit": ["watchOS"],
    ]

    /// What `#if` conditions see.
    struct Configuration: BuildConfiguration {
        let settings: BuildSettings

        func isCustomConditionSet(name: String) throws -> Bool { settings.conditions.contains(name) }
        func hasFeature(name: String) throws -> Bool { false }
        func hasAttribute(name: String) throws -> Bool { false }
        func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
            guard let module = importPath.first?.1, let systems = BuildSettings.onlyOn[module] else { return true }
            return systems.contains(settings.os)
        }
        func isActiveTargetOS(name: String) throws -> Bool {
            name == settings.os || (name == "Darwin" && ["iOS", "macOS", "watchOS", "tvOS", "visionOS"].contains(settings.os))
        }
        func isActiveTargetArchitecture(name: String) throws -> Bool { name == "arm64" }
        func isActiveTargetEnvironment(name: String) throws -> Bool { false }
        func isActiveTargetRuntime(name: String) throws -> Bool { name == "_ObjC" }
        func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }
        func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }
        var targetPointerBitWidth: Int { 64 }
        var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }
        var endianness: Endianness { .little }
        var languageVersion: VersionTuple { VersionTuple(6, 2) }
        var compilerVersion: VersionTuple { VersionTuple(6, 2) }
    }

    /// The clause of `ifConfig` these settings take; nil when none is. A condition Swift cannot evaluate
    /// is false, as SwiftIfConfig reads it.
    func activeClause(of ifConfig: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        ifConfig.activeClause(in: Configuration(settings: self)).clause
    }
}
