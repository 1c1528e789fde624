// libFuzzer entry point: arbitrary bytes through every stage, from Swift's own parser (a scenario file or a Swift file) to
// graphviz's SVG.
// Built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1 adds the target to Package.swift and smaller limits to
// RippleCore and RippleRender, so that libFuzzer's one-second hang bound flags only work no limit bounds).

import RippleCLI
import RippleCore
import RippleRender
import RippleSwift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads the bytes as a scenario (directives, swift-syntax, lowering, resolver, every variant through every step); a scenario
/// that loads is rendered as `ripple render` renders it: DOT, graphviz's layout and SVG, the check on that
/// SVG, every step's picture, the trace and the HTML report.
///
/// A scenario that loads must render: a DOT text graphviz cannot read, or an SVG that `SVGSafety`
/// refuses, means a name got past the DOT writer's quoting, and stops the run as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(DiagnosticError) {
        let scenario = try Scenario(bytes: bytes, file: "fuzz.ripple")
        render(scenario)
        if !scenario.variants.isEmpty { emitVariant(bytes) }
    } catch {
        // The printer sees hostile lines too: long ones, control characters, invalid positions.
        _ = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error.diagnostics)
    }
    // The same bytes as a Swift file, through the Swift front end: swift-syntax's parse, the lowering,
    // the notes, the open-world resolution, every root's first evaluation, and the render.
    guard size <= Scenario.maximumFileSize else { return 0 }
    walkFolder(bytes)
    // What these check does not grow with the input (a folder's layout, a baseline's numbers, a view's
    // shape), and a large input's own parses already take most of the one-second bound: small ones only.
    if size <= 4096 {
        walkScenarioFolder(bytes)
        readBaseline(bytes)
        recursiveViews(bytes)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    var module = SwiftModule()
    module.add(files: [(path: "Fuzz.swift", source: text)])
    guard module.errors.isEmpty else {
        _ = DiagnosticPrinter(source: text).render(module.errors)
        return 0
    }
    do throws(DiagnosticError) {
        render(try Scenario(syntax: module.scenario(title: "fuzz", file: "Fuzz.swift", root: nil), file: "Fuzz.swift"))
    } catch {
        _ = DiagnosticPrinter(source: text).render(error.diagnostics)
    }
    return 0
}

/// Renders a scenario that loaded as `ripple render` does, and checks every SVG.
private func render(_ scenario: Scenario) {
    _ = TerminalText.sanitized(TraceText.render(scenario.trace))
    do {
        let rendered = try ScenarioRenderer.render(scenario, folder: "fuzz")
        for file in rendered.files where file.path.hasSuffix(".svg") {
            do throws(SVGSafety.Violation) {
                try SVGSafety.check(file.contents)
            } catch {
                fatalError("fuzz: \(file.path): \(error)")
            }
        }
    } catch let error as DiagnosticError where error.description.contains("could not be drawn") {
        fatalError("fuzz: a scenario that loads did not render: \(error)")
    } catch {
        // Runtime limits met while simulating again with graphs are the engine's, already fuzzed above.
    }
}

// MARK: - Files on disk

/// What every file outside the folder a command reads holds; a command that prints it read it.
private let outsideMark = "RIPPLE-FUZZ-OUTSIDE"

/// A fresh folder under the temporary folder, removed by `body`'s caller when it returns.
private func withTemporaryFolder(_ body: (String) -> Void) {
    var template = Array("/tmp/ripple-fuzz-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return }
    let folder = String(cString: made)
    body(folder)
    removeTree(folder)
}

/// Removes a file, or a folder and everything in it; links are removed, never followed.
private func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
        unlink(path)
        return
    }
    for name in entries(path) { removeTree(path + "/" + name) }
    rmdir(path)
}

/// Collects what a command prints.
private final class Captured: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
}

/// A tree of Swift files, folders, links (inside, outside, to `/`, in loops, dangling) and FIFOs made
/// from the bytes, read as one module by `ripple parse`: nothing outside the folder may be read, and
/// no FIFO may be waited on (libFuzzer's one-second bound catches a wait).
private func walkFolder(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    withTemporaryFolder { root in
        let app = root + "/App", outside = root + "/outside"
        mkdir(app, 0o755)
        mkdir(outside, 0o755)
        write("let leaked = \(outsideMark) {{{\n", to: outside + "/Leak.swift")
        mkdir(outside + "/Folder", 0o755)
        write("struct Outside { let x = \(outsideMark) }\n", to: outside + "/Folder/Outside.swift")
        // Each plan byte makes one entry: its low three bits say what, the rest which folder it is in.
        let plan = bytes.prefix(min(16, Int(bytes[0] % 16) + 1)).dropFirst()
        let source = Array(bytes.dropFirst(plan.count + 1))
        var folders = [app]
        for (index, byte) in plan.enumerated() {
            let folder = folders[Int(byte >> 3) % folders.count]
            let name = folder + "/E\(index)"
            switch byte & 7 {
            case 0: write(String(decoding: source, as: UTF8.self), to: name + ".swift")
            case 1: mkdir(name, 0o755); folders.append(name)
            case 2: symlink(index % 2 == 0 ? outside + "/Leak.swift" : "../../outside/Leak.swift", name + ".swift")
            case 3: symlink(outside + "/Folder", name)
            case 4: symlink(index % 2 == 0 ? app : "..", name)
            case 5: mkfifo(name + ".swift", 0o600)
            case 6: symlink("/", name)
            default: symlink(index % 2 == 0 ? "E\(index).swift" : folders[0] + "/E0.swift", name + ".swift")
            }
        }
        let out = Captured(), err = Captured()
        _ = run(arguments: ["parse", app, "--root", "V"], stdout: out, stderr: err)
        if (out.text + err.text).contains(outsideMark) { fatalError("fuzz: a file outside the folder was read:\n\(err.text)") }
        checkNoWorkflowCommand(out.text + err.text, "parse")
    }
}

/// A scenarios folder laid out by the bytes: a small scenario beside links out of the folder (to a file
/// that holds the outside mark, to a folder outside), a link to the folder and a dangling link. `ripple
/// run` on it reads nothing outside it and prints no line a CI runner reads as a command. (A FIFO there
/// is read as a stream for up to 2 seconds, as documented: past libFuzzer's bound.) The bytes are not
/// loaded again here: each load of them is swift-syntax's parse, and the input must stay within a second.
private func walkScenarioFolder(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    withTemporaryFolder { root in
        let folder = root + "/Scenarios", outside = root + "/outside"
        mkdir(folder, 0o755)
        mkdir(outside, 0o755)
        write("scenario \"\(outsideMark)\"\n{{{ \(outsideMark)\n", to: outside + "/secret.ripple")
        write("\(outsideMark)=token\n", to: outside + "/environment")
        write("scenario \"small\"\nstruct Root: View {\n    var body: some View { Text(\"ok\") }\n}\n", to: folder + "/A.ripple")
        let plan = bytes.prefix(min(8, Int(bytes[1] % 8) + 1))
        for (index, byte) in plan.enumerated() {
            let name = folder + "/S\(index).ripple"
            switch byte % 5 {
            case 0, 1: symlink(index % 2 == 0 ? outside + "/secret.ripple" : "../outside/environment", name)
            case 2: symlink(folder, name)
            case 3: symlink("missing.ripple", name)
            default: symlink(outside, name)
            }
        }
        let out = Captured(), err = Captured()
        _ = run(arguments: ["run", folder], stdout: out, stderr: err)
        if (out.text + err.text).contains(outsideMark) { fatalError("fuzz: 'run' read a file outside the scenarios folder:\n\(err.text)") }
        checkNoWorkflowCommand(out.text + err.text, "run")
    }
}

/// The bytes as a baseline, and a baseline with counts made from them (huge, negative, past Int): the
/// audit reads each, refusing what is not a baseline, and no count traps the comparison.
private func readBaseline(_ bytes: [UInt8]) {
    guard bytes.count >= 8, bytes.count <= 64 * 1024 else { return }
    withTemporaryFolder { root in
        let scenario = root + "/badge.ripple"
        write("""
            scenario "badge"
            struct Screen: View {
                @State private var count = 0
                var body: some View { Button("Add") { count += 1 }; Text("\\(count)") }
            }
            """, to: scenario)
        let numbers = [Int.max, Int.min, -1, 0, 1 << 40, Int(Int32.max) + 1]
        func count(_ index: Int) -> String {
            let byte = Int(bytes[index % bytes.count])
            return byte % 7 == 6 ? "1\(String(repeating: "0", count: byte % 40))" : String(numbers[byte % numbers.count])
        }
        let generated = """
            {"schemaVersion": \(bytes[0] % 3 == 0 ? "true" : "1"), "coverage": {"controls": \(count(1)), "controlsExact": \(count(2)), "unreached": []},
             "actions": [{"file": "\(scenario)", "variant": "main", "action": "tap Button \\"Add\\" in Screen",
                          "evaluations": \(count(3)), "wasted": \(count(4)), "stale": \(count(5))}], "notes": []}
            """
        // The bytes themselves only when they could be a JSON document: an audit is the input's costliest stage.
        let texts = bytes[0] == UInt8(ascii: "{") ? [String(decoding: bytes, as: UTF8.self), generated] : [generated]
        for (index, text) in texts.enumerated() {
            let baseline = root + "/baseline\(index).json"
            write(text, to: baseline)
            let out = Captured(), err = Captured()
            _ = run(arguments: ["audit", scenario, "--baseline", baseline], stdout: out, stderr: err)
            checkNoWorkflowCommand(out.text + err.text, "audit --baseline")
        }
    }
}

/// A view that shows itself again through values the source does not declare, in a shape the bytes
/// choose (an optional, a `ForEach` over the children, an enum's associated value, a condition, two or
/// three at once): the app loads within libFuzzer's one-second bound, each such tree cut at the
/// unknown-recursion limit.
private func recursiveViews(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let shapes = [
        "if let child = node.children?.first { NodeView(node: child) }",
        "ForEach(node.children) { NodeView(node: $0) }",
        "if case .group(let inner) = node.kind { NodeView(node: inner) }",
        "if node.isExpanded { ForEach(node.children ?? []) { child in NodeView(node: child) } }",
        "NodeView(node: node.next ?? node)",
    ]
    let chosen = (0..<(Int(first % 3) + 1)).map { shapes[Int(bytes[$0 % bytes.count]) % shapes.count] }
    let source = """
        import SwiftUI
        import Outline
        struct ContentView: View {
            let root: OutlineNode
            var body: some View { NodeView(node: root) }
        }
        struct NodeView: View {
            let node: OutlineNode
            var body: some View {
                VStack {
                    Text(node.title)
                    \(chosen.joined(separator: "\n            "))
                }
            }
        }
        """
    var module = SwiftModule()
    module.add(files: [(path: "Recursive.swift", source: source)])
    guard module.errors.isEmpty else { return }
    _ = try? Scenario(syntax: module.scenario(title: "fuzz", file: "Recursive.swift", root: nil), file: "Recursive.swift")
}

/// Stops the run when `text`, printed outside `--format github`, holds a line a GitHub runner reads as a
/// workflow command: `::` after the line's leading whitespace, or `##[` anywhere.
private func checkNoWorkflowCommand(_ text: String, _ command: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") || line.contains("##[") {
            fatalError("fuzz: '\(command)' printed a workflow command: \(line)")
        }
    }
}

/// `ripple audit --emit-variant` on the scenario, under a name made from the bytes and sometimes the
/// input's own: nothing may be written but `NAME.ripple` files in the output folder, and the input
/// must be left as it was.
private func emitVariant(_ bytes: [UInt8]) {
    guard bytes.count <= 16 * 1024 else { return }
    withTemporaryFolder { root in
        let input = root + "/input.ripple"
        write(String(decoding: bytes, as: UTF8.self), to: input)
        let tail = bytes.suffix(Int(bytes.last ?? 0) % 12)
        let name = bytes.last.map { $0 & 0x10 == 0 } == true ? "input" : String(decoding: tail, as: UTF8.self)
        let output = bytes.last.map { $0 & 0x20 == 0 } == true ? root : root + "/out"
        let out = Captured(), err = Captured()
        _ = run(arguments: ["audit", input, "--emit-variant", name, "-o", output], stdout: out, stderr: err)
        guard let after = read(input), after == bytes else { fatalError("fuzz: --emit-variant '\(name)' replaced its input") }
        for entry in entries(root) where entry != "input.ripple" && entry != "out" && !(output == root && entry.hasSuffix(".ripple")) {
            fatalError("fuzz: --emit-variant '\(name)' wrote '\(entry)' outside its output folder")
        }
    }
}

private func write(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return }
    _ = text.utf8CString.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count - 1) }
    close(descriptor)
}

private func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[..<count]
    }
}

private func entries(_ folder: String) -> [String] {
    guard let handle = opendir(folder) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
