import Foundation
import Testing
import RippleCore
import RippleSwift

/// Steps of plain writes are read without swift-syntax (`PlainWrites`): what that reader gives must be
/// exactly what the lowering makes of swift-syntax's tree, locations included, and what it does not
/// know it must leave to swift-syntax.
@Suite struct PlainWritesTests {
    /// A scenario file of one step whose block holds `body`.
    static func file(_ body: String) -> String {
        "scenario \"t\"\n@Observable final class Model {\n    var done = false\n}\nstep \"s\" {" + body + "}\n"
    }

    /// The file read both ways: plain writes read directly, and every step by swift-syntax.
    static func readBothWays(_ text: String, cores: Int = 1) -> (fast: ScenarioFile.Reading, slow: ScenarioFile.Reading) {
        (ScenarioFile.read(source: text, file: "t.ripple", cores: cores), ScenarioFile.read(source: text, file: "t.ripple", cores: cores, readsPlainWrites: false))
    }

    static let plain: [String] = [
        "\n    model.items[241].done = true\n",
        "\n    model.items[0].title = \"t1\"\n    model.items[3].done = false\n",
        " model.header = \"\" ",
        "\n\tstate.users[1].name = \"Bea O'Neil\"\t\n\n",
        "\n    model.count = 42\n",
        "\n    model.grid[2][10].value = 0\n",
        "\n    model.title = \"a // not a comment\"\n",
        "\n    flag = true\n",
        "model.a = true\nmodel.b = false",
        "\n    model.items[9].title = \"t\" ",
        "\n    model.items[241].title = \"t9999\"\n    model.items[7].done = true\n",
        "",
    ]

    @Test(arguments: plain)
    func plainWritesReadAsSwiftSyntaxReadsThem(_ body: String) {
        let (fast, slow) = Self.readBothWays(Self.file(body))
        #expect(fast.plainSteps == 1)
        #expect(slow.plainSteps == 0)
        #expect(fast.errors.isEmpty && slow.errors.isEmpty, "\(slow.errors)")
        #expect(fast.syntax == slow.syntax)
    }

    static let other: [String] = [
        "\n    model.items[1].title = \"t\" // a comment\n",
        "\n    model.items[1].title = \"a\\nb\"\n",
        "\n    model.items[1].title = \"\\(model.header)\"\n",
        "\n    model.title = \"\"\"\n    x\n    \"\"\"\n",
        "\n    model.title = \"é\"\n",
        "\n    model.a = true; model.b = false\n",
        "\n    model.items.append(Item())\n",
        "\n    model.count += 1\n",
        "\n    model.count = -1\n",
        "\n    model.count = 007\n",
        "\n    model.count = 0x1F\n",
        "\n    model.count = 1_000\n",
        "\n    model.ratio = 1.5\n",
        "\n    model.items[-1].done = true\n",
        "\n    model.items[i].done = true\n",
        "\n    model.item?.done = true\n",
        "\n    self.done = true\n",
        "\n    model.self.done = true\n",
        "\n    model.done =true\n",
        "\n    model.done= true\n",
        "\n    model.done = nil\n",
        "\n    model.done = other.done\n",
        "\n    model.done = true\n        .description\n",
        "\n    model.title = \"a\".uppercased()\n",
        "\n    model.`default` = true\n",
        "\n    $model.done = true\n",
        "\n    await model.load()\n",
        "\n    model.done = true\r\n",
        "\n    /* first */ model.done = true\n",
    ]

    @Test(arguments: other)
    func anythingElseIsLeftToSwiftSyntax(_ body: String) {
        let (fast, slow) = Self.readBothWays(Self.file(body))
        #expect(fast.plainSteps == 0)
        #expect(fast.syntax == slow.syntax)
        #expect(fast.errors == slow.errors)
    }

    /// A scenario long enough to be parsed in pieces on several threads, its steps of plain writes with
    /// a few that are not among them.
    static let manySteps: String = {
        var text = """
        scenario "many steps"
        @Observable final class Item: Identifiable {
            let id: Int
            var title: String
            var done: Bool
        }
        @Observable final class Model {
            var items: [Item] = (0..<20).map { Item(id: $0, title: "row \\($0)", done: false) }
            var count = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                ForEach(model.items) { item in Text(item.title).strikethrough(item.done) }
            }
        }

        """
        for step in 0..<900 {
            text += "step \"s\(step)\" {\n"
            if step % 97 == 0 { text += "    model.count += 1 // not plain\n" }
            for write in 0..<3 { text += "    model.items[\((step * 7 + write) % 20)].\(write == 1 ? "done = \(step % 2 == 0)" : "title = \"t\(step)\"")\n" }
            text += "}\n"
        }
        return text
    }()

    static func scenarioFiles() throws -> [(name: String, text: String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ripple") }.sorted()
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func aFileReadsAlikeWithAndWithoutTheReaderOfPlainWrites() throws {
        var files = try Self.scenarioFiles()
        #expect(files.count > 10)
        files.append(("many steps", Self.manySteps))
        // A syntax error outside the steps: the errors are those of the whole file, whichever reads the steps.
        files.append(("syntax error", Self.manySteps.replacingOccurrences(of: "var count = 0", with: "var count = (0")))
        for (name, text) in files {
            for cores in [1, 2, 4] {
                let fast = ScenarioFile.read(source: text, file: name, cores: cores)
                let slow = ScenarioFile.read(source: text, file: name, cores: cores, readsPlainWrites: false)
                #expect(fast.syntax == slow.syntax, "\(name), \(cores) cores")
                #expect(fast.errors == slow.errors, "\(name), \(cores) cores")
                #expect(fast.omitted == slow.omitted && fast.notes == slow.notes, "\(name), \(cores) cores")
            }
        }
        let broken = ScenarioFile.read(source: files.last!.text, file: "syntax error")
        #expect(!broken.errors.isEmpty)
        #expect(broken.plainSteps == 0)
        // The ten steps with a `+=` and a comment are swift-syntax's; the other 890 are plain writes.
        #expect(ScenarioFile.read(source: Self.manySteps, file: "many", cores: 2).plainSteps == 890)
    }
}
