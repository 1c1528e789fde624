// The Swift front end's speed: parse (swift-syntax), lower, resolve, on a generated app of view files
// written the way real apps are (models with methods, views with computed properties and helpers,
// lists of rows, modifiers, a preview), and on any folder given with `--corpus DIR`.

import Foundation
import RippleCore
import RippleSwift

enum ImportBench {
    /// One generated file: a model, a list view with a helper and a computed property, and a row.
    static func file(_ index: Int) -> String {
        """
        import SwiftUI
        import Observation

        @Observable
        final class Model\(index) {
            var items: [Item\(index)] = [Item\(index)(id: 1, title: "First"), Item\(index)(id: 2, title: "Second")]
            var filter = ""
            var showsDone = true

            var visible: [Item\(index)] {
                showsDone ? items : items.filter { !$0.isDone }
            }

            func add(title: String) {
                items.append(Item\(index)(id: items.count + 1, title: title))
            }

            func toggle(_ item: Item\(index)) {
                item.isDone.toggle()
            }
        }

        @Observable
        final class Item\(index): Identifiable {
            let id: Int
            var title: String
            var isDone = false

            init(id: Int, title: String) {
                self.id = id
                self.title = title
            }
        }

        struct List\(index)View: View {
            @State private var model = Model\(index)()
            @State private var draft = ""

            private var header: some View {
                HStack {
                    Text("Items: \\(model.items.count)")
                        .font(.headline)
                    Spacer()
                    Toggle("Done", isOn: $model.showsDone)
                }
            }

            var body: some View {
                NavigationStack {
                    List {
                        header
                        ForEach(model.visible) { item in
                            Row\(index)View(item: item)
                        }
                        HStack {
                            TextField("New", text: $draft)
                            Button("Add") {
                                model.add(title: draft)
                                draft = ""
                            }
                        }
                    }
                    .navigationTitle("List \(index)")
                    .toolbar {
                        ToolbarItem(placement: .primaryAction) {
                            EditButton()
                        }
                    }
                }
            }
        }

        struct Row\(index)View: View {
            let item: Item\(index)

            var body: some View {
                HStack {
                    Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
                    Text(item.title)
                        .strikethrough(item.isDone)
                        .foregroundStyle(item.isDone ? .secondary : .primary)
                }
            }
        }

        #Preview {
            List\(index)View()
        }

        """
    }

    /// Times the front end on `files` (path, text): parse and lower each, then resolve the module; then
    /// the first evaluation of every root (the whole load), for scale.
    static func measure(_ files: [(path: String, text: String)], title: String) {
        let lines = files.reduce(0) { $0 + $1.text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        let clock = ContinuousClock()
        let texts = files.map(\.text)
        // swift-syntax's own parse of the same files on the same cores, before and after Ripple's import:
        // the faster of the two is the baseline, so neither side gains from the other warming the caches.
        var parsedBytes = 0
        let parseBefore = clock.measure { parsedBytes = SwiftModule.parseOnly(files: texts) }
        var module = SwiftModule()
        let lowered = clock.measure {
            module.add(files: files.map { (path: $0.path, source: $0.text) })
        }
        var syntax = ScenarioSyntax(file: title)
        let resolved = clock.measure {
            syntax = module.scenario(title: title, file: title, root: nil)
            _ = Scenario.resolveOnly(syntax)
        }
        let parseAfter = clock.measure { parsedBytes = SwiftModule.parseOnly(files: texts) }
        let parseAlone = min(parseBefore, parseAfter)
        var loadProblem: String?
        let loaded = clock.measure {
            do throws(DiagnosticError) {
                _ = try Scenario(syntax: syntax, file: title)
            } catch {
                loadProblem = error.diagnostics.first?.description ?? "error"
            }
        }
        Results.emit("import_files", files.count)
        Results.emit("import_lines", lines)
        Results.emit("import_errors", module.errors.count)
        Results.emit("import_notes", module.notes.count)
        Results.emit("parse_lower_s", lowered.seconds)
        Results.emit("resolve_s", resolved.seconds)
        Results.emit("import_lines_per_s", Double(lines) / (lowered.seconds + resolved.seconds))
        Results.emit("swift_syntax_parse_s", parseAlone.seconds)
        Results.emit("swift_syntax_bytes", parsedBytes)
        Results.emit("import_over_parse", (lowered.seconds + resolved.seconds) / parseAlone.seconds)
        Results.emit("first_evaluation_s", loaded.seconds)
        if let loadProblem { Results.emit("load_problem", loadProblem.replacingOccurrences(of: "\n", with: " ")) }
    }

    /// The generated app of `count` view files.
    static func run(files count: Int) -> Int32 {
        let files = (0..<count).map { (path: "Generated/File\($0).swift", text: file($0)) }
        measure(files, title: "generated app")
        Results.emit("rss_end_kib", Memory.highWaterKiB())
        Results.emit("done", "1")
        return 0
    }

    /// `ripple-bench --corpus DIR`: the same figures for the `.swift` files below a folder.
    static func corpus(_ folder: String) -> Int32 {
        guard let paths = FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") }).sorted() else {
            FileHandle.standardError.write(Data("ripple-bench: cannot read '\(folder)'\n".utf8))
            return 1
        }
        let files = paths.compactMap { path -> (path: String, text: String)? in
            let full = folder + "/" + path
            return (try? String(contentsOfFile: full, encoding: .utf8)).map { (full, $0) }
        }
        measure(files, title: folder)
        Results.emit("max_nesting_depth", files.map { SwiftModule.nestingDepth(of: $0.text) }.max() ?? 0)
        return 0
    }
}
