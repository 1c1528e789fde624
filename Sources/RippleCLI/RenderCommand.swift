import RippleCore

/// `ripple render`: graphs and reports. (Rendering arrives with the graphviz issue.)
enum RenderCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        stderr.write("error: rendering is not available yet\n")
        return CommandLine.Status.failure
    }
}

/// The main job: the bundled gallery.
enum Gallery {
    static func renderBundled(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        var status = CommandLine.Status.success
        for file in (try? ScenarioFiles.expand(["Scenarios"])) ?? [] {
            if ScenarioFiles.load(file, stderr: &stderr) != nil { stdout.write("parsed \(file)\n") } else { status = CommandLine.Status.failure }
        }
        return status
    }
}
