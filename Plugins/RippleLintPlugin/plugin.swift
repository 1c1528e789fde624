import Foundation
import PackagePlugin

/// The build-tool plugin: `ripple audit --format warnings` on a target's sources as part of its build, so
/// that `swift build` and Xcode show a wasteful or stale-making view as a warning at its control
/// (docs/Plugin.md). A package's target opts in with `plugins: [.plugin(name: "RippleLintPlugin", package: "Ripple")]`,
/// an Xcode project's target by adding the plugin to its Run Build Tool Plug-ins phase.
///
/// The command's inputs are the target's Swift files (and its `.ripple-lint`), its output a stamp in the
/// plugin's work folder, so the build runs the audit again only when one of them changed. The stamp is
/// a Swift file of comments, which the target compiles to nothing: SwiftPM takes any other kind of
/// output as a resource of the target, and does not run a command whose output the target does not take in.
@main
struct RippleLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        // `directoryURL` needs tools 6.1, and Ripple's manifest is 6.0's (as RippleAuditPlugin does).
        return [try Self.audit(target.name, folder: URL(fileURLWithPath: target.directory.string), sources: sources,
                               ripple: context.tool(named: "ripple").url, workFolder: context.pluginWorkDirectoryURL)]
    }

    /// The build command that audits `folder`, read as one module, whose Swift files are `sources`.
    static func audit(_ name: String, folder: URL, sources: [URL], ripple: URL, workFolder: URL) -> Command {
        var inputs = sources
        // `ripple` reads the settings when it runs: SwiftPM keeps the commands a plugin made while the
        // target's files stay the same, so what the plugin read now would go stale when the file is
        // edited. It is an input when it exists (a missing input is an error); making or removing it
        // changes the target's files, and SwiftPM asks the plugin again.
        let settings = folder.appendingPathComponent(".ripple-lint")
        if FileManager.default.fileExists(atPath: settings.path) { inputs.append(settings) }
        let stamp = workFolder.appendingPathComponent("RippleLintStamp.swift")
        return .buildCommand(displayName: "Auditing \(name) with ripple",
                             executable: ripple,
                             arguments: ["audit", folder.path, "--format", "warnings", "--stamp", stamp.path, "--settings", settings.path],
                             inputFiles: inputs,
                             outputFiles: [stamp])
    }

    /// The deepest folder that holds every one of `files`; nil for none.
    static func commonFolder(of files: [URL]) -> URL? {
        let folders = files.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents }
        guard var common = folders.first else { return nil }
        for components in folders.dropFirst() {
            let shared = zip(common, components).prefix { $0 == $1 }.count
            common = Array(common.prefix(shared))
        }
        guard !common.isEmpty else { return nil }
        return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same audit for a target of an Xcode project, which has no folder of its own: Ripple reads the
/// deepest folder that holds all of the target's Swift files, as one module, and `.ripple-lint` there.
/// The command's inputs are the target's Swift files alone, as for a package's target.
extension RippleLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard let folder = Self.commonFolder(of: sources) else { return [] }
        return [Self.audit(target.displayName, folder: folder, sources: sources,
                           ripple: try context.tool(named: "ripple").url, workFolder: context.pluginWorkDirectoryURL)]
    }
}
#endif
