import Foundation
import RippleCore
import RippleRender

/// `ripple render FILE|DIR... [-o DIR] [--format svg,dot,html,json]`.
enum RenderCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        var formats = Set(OutputFormat.allCases)
        if let list = parsed.values["format"] {
            formats = []
            for name in list.split(separator: ",") {
                guard let format = OutputFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw UsageError(message: "unknown format '\(name)'; expected svg, dot, html or json")
                }
                formats.insert(format)
            }
        }
        let files = try ScenarioFiles.expand(parsed.positionals)
        let output = try OutputFolder(path: parsed.values["output"] ?? "Output", inputs: parsed.positionals)
        return Renderer.render(files, into: output, formats: formats, engine: parsed.values["engine"] ?? "dot", stdout: &stdout, stderr: &stderr)
    }
}

/// The main job: `ripple` with no arguments renders the bundled gallery.
enum Gallery {
    static func renderBundled(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        do throws(UsageError) {
            let files = try ScenarioFiles.expand(["Scenarios"])
            let output = try OutputFolder(path: "Output", inputs: ["Scenarios"])
            return Renderer.render(files, into: output, formats: Set(OutputFormat.allCases), stdout: &stdout, stderr: &stderr)
        } catch {
            stderr.write("error: \(error.message) (run 'ripple' from the folder that holds Scenarios/, or see 'ripple help render')\n")
            return CommandLine.Status.usage
        }
    }
}

/// Renders scenarios on every core, writes them one by one, then the gallery; prints progress and a summary.
enum Renderer {
    private final class Results: @unchecked Sendable {
        let lock = NSLock()
        var items: [Int: Result<RenderedScenario, RenderFailure>] = [:]
        func set(_ index: Int, _ result: Result<RenderedScenario, RenderFailure>) {
            lock.lock(); items[index] = result; lock.unlock()
        }
    }

    struct RenderFailure: Error {
        var text: String
    }

    static func render(_ files: [String], into output: OutputFolder, formats: Set<OutputFormat>, engine: String = "dot",
                       stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        let folders = FileName.distinctSlugs(files.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        let results = Results()
        // Simulation, DOT and highlighting run in parallel; graphviz itself is serialized inside RippleRender.
        ParallelWork.perform(iterations: files.count) { index in
            let file = files[index]
            var errors = ""
            guard let scenario = ScenarioFiles.load(file, stderr: &errors) else {
                results.set(index, .failure(RenderFailure(text: errors)))
                return
            }
            do {
                results.set(index, .success(try ScenarioRenderer.render(scenario, folder: folders[index], formats: formats, engine: engine)))
            } catch let error as DiagnosticError {
                results.set(index, .failure(RenderFailure(text: error.description + "\n")))
            } catch let error as GraphvizError {
                results.set(index, .failure(RenderFailure(text: "\(file): error: \(error.description)\n")))
            } catch {
                results.set(index, .failure(RenderFailure(text: "\(file): error: \(error)\n")))
            }
        }
        var status = CommandLine.Status.success
        var rows: [[String]] = [["scenario", "variants", "steps", "evaluations / wasted per variant"]]
        for (index, file) in files.enumerated() {
            switch results.items[index]! {
            case .failure(let failure):
                stderr.write(failure.text)
                stdout.write("failed   \(file)\n")
                status = CommandLine.Status.failure
            case .success(let rendered):
                do {
                    try output.write(rendered, summary: GallerySummary(rendered).json)
                    let path = output.root.appendingPathComponent(rendered.folder).path
                    stdout.write("rendered \(file) → \(relative(path))/ (\(rendered.files.count) files)\n")
                    rows.append([rendered.folder, String(rendered.totals.count), String(rendered.steps),
                                 rendered.totals.map { "\($0.variant) \($0.evaluations)/\($0.wasted)" }.joined(separator: "   ")])
                } catch {
                    stderr.write("\(file): error: cannot write output: \(error.localizedDescription)\n")
                    status = CommandLine.Status.failure
                }
            }
        }
        do {
            try output.writeGallery()
        } catch {
            stderr.write("error: cannot write the gallery page: \(error.localizedDescription)\n")
            status = CommandLine.Status.failure
        }
        stdout.write("\n" + TraceText.formatTable(rows))
        stdout.write("\ngallery: \(relative(output.root.appendingPathComponent("index.html").path))\n")
        return status
    }

    static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
