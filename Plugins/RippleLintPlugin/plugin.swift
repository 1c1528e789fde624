import Foundation
import PackagePlugin

/// The build-tool plugin: `ripple audit --format warnings` on a target's sources as part of its build, so
/// that `swift build` and Xcode show a wasteful or stale-making view as a warning at its control
/// (docs/Plugin.md). A target opts in with `plugins: [.plugin(name: "RippleLintPlugin", package: "Ripple")]`.
///
/// The command's inputs are the target's Swift files (and its `.ripple-lint`), its output a stamp in the
/// plugin's work folder, so the build runs the audit again only when one of them changed. The stamp is
/// a Swift file of comments, which the target compiles to nothing: SwiftPM takes any other kind of
/// output as a resource of the target, and does not run a command whose output the target does not take in.
@main
struct RippleLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        var inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !inputs.isEmpty else { return [] }
        // `directoryURL` needs tools 6.1, and Ripple's manifest is 6.0's (as RippleAuditPlugin does).
        let folder = URL(fileURLWithPath: target.directory.string)
        // `ripple` reads the settings when it runs: SwiftPM keeps the commands a plugin made while the
        // target's files stay the same, so what the plugin read now would go stale when the file is
        // edited. It is an input when it exists (a missing input is an error); making or removing it
        // changes the target's files, and SwiftPM asks the plugin again.
        let settings = folder.appendingPathComponent(".ripple-lint")
        if FileManager.default.fileExists(atPath: settings.path) { inputs.append(settings) }
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("RippleLintStamp.swift")
        return [.buildCommand(displayName: "Auditing \(target.name) with ripple",
                              executable: try context.tool(named: "ripple").url,
                              arguments: ["audit", folder.path, "--format", "warnings", "--stamp", stamp.path, "--settings", settings.path],
                              inputFiles: inputs,
                              outputFiles: [stamp])]
    }
}
