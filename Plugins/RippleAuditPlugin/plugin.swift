import Foundation
import PackagePlugin

/// `swift package ripple-audit [--target NAME]... [--format text|json|html] [ripple audit options]`: audits
/// the SwiftUI sources of a package's targets with `ripple audit`, one run per target, writing each
/// report into the plugin's work folder (docs/Plugin.md). The argument handling is
/// `AuditPluginArguments`; this file only runs what it says.
@main
struct RippleAuditPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let targets = context.package.targets.compactMap { target -> AuditPluginArguments.Target? in
            guard let module = target as? SourceModuleTarget, module.kind != .macro else { return nil }
            return .init(name: target.name, directory: target.directory.string, isTest: module.kind == .test)
        }
        let work = context.pluginWorkDirectoryURL
        // SwiftPM prints a thrown error as `error: …` and exits 1.
        let plan = try AuditPluginArguments(arguments: arguments, targets: targets, workDirectory: work.path,
                                            packageDirectory: context.package.directory.string)
        let ripple = try context.tool(named: "ripple").url
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var failed: [String] = []
        for invocation in plan.invocations {
            print("ripple-audit: auditing target '\(invocation.target)'")
            let status = try run(ripple, invocation.arguments, writingTo: URL(fileURLWithPath: invocation.reportFile))
            print("ripple-audit: report in \(invocation.reportFile)")
            if status != 0 { failed.append("'\(invocation.target)' (ripple exited \(status))") }
        }
        if !failed.isEmpty {
            throw AuditPluginArguments.UsageError(description: "the audit failed for \(failed.joined(separator: ", "))")
        }
    }

    /// Runs `tool arguments…`; its standard output goes to `report` and to ours, its errors to ours.
    private func run(_ tool: URL, _ arguments: [String], writingTo report: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try data.write(to: report)
        FileHandle.standardOutput.write(data)
        return process.terminationStatus
    }
}
