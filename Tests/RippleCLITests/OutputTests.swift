import Foundation
import Testing
@testable import RippleCLI
@testable import RippleRender
import RippleCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// A process id above any system's `pid_max` (at most 2^22 on Linux): no process has it.
private let deadPID = 999_999_999
private let refusalHint = "Ripple did not write it; move it away or choose another output folder with -o"

/// Something already in the output folder where Ripple would write, and that it must leave alone.
struct ForeignEntry: CustomTestStringConvertible, Sendable {
    var name: String
    /// Makes the entry at `path`; `scratch` is a folder outside the output folder for link targets.
    var make: @Sendable (_ path: URL, _ scratch: URL) throws -> Void
    var testDescription: String { name }
}

private let foreignEntries: [ForeignEntry] = [
    ForeignEntry(name: "a folder of the user's") { path, _ in
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        try "mine".write(to: path.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
    },
    ForeignEntry(name: "a file") { path, _ in try "mine".write(to: path, atomically: false, encoding: .utf8) },
    ForeignEntry(name: "a folder whose marker is a folder") { path, _ in
        try FileManager.default.createDirectory(at: path.appendingPathComponent(".ripple-output"), withIntermediateDirectories: true)
    },
    ForeignEntry(name: "a symbolic link to a folder Ripple wrote") { path, scratch in
        let target = scratch.appendingPathComponent("rendered")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try "x".write(to: target.appendingPathComponent(".ripple-output"), atomically: false, encoding: .utf8)
        guard symlink(target.path, path.path) == 0 else { throw Errno.current }
    },
]

/// What is at `url`, comparable before and after a render: its kind, and its bytes or entries.
private func snapshot(_ url: URL) -> String {
    guard let status = try? FileSystem.status(url.path, followingLinks: false) else { return "missing" }
    switch status.kind {
    case .folder: return "folder " + ((try? FileSystem.contentsOfFolder(url.path).sorted().joined(separator: ",")) ?? "?")
    case .symbolicLink: return "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")
    default: return "file " + ((try? String(contentsOf: url, encoding: .utf8)) ?? "?")
    }
}

// The output folder: what Ripple replaces, what it refuses, what it cleans up. In `CLITests`, whose tests
// run one at a time, because `ripple(...)` changes the working folder.
extension CLITests {
    /// A scenario folder's name may be taken by something Ripple did not write: it is refused and left as it was.
    @Test(arguments: foreignEntries)
    func aScenarioFolderNeverReplacesWhatRippleDidNotWrite(_ entry: ForeignEntry) throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let target = output.appendingPathComponent("list-rows")
        let elsewhere = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try entry.make(target, elsewhere)
        let before = snapshot(target)
        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", output.path)
        #expect(result.status == 1)
        #expect(result.stderr == "\(target.path): error: refusing to replace '\(target.path)': \(refusalHint)\n")
        #expect(result.stdout.hasPrefix("failed   Scenarios/list-rows.ripple\n"))
        #expect(snapshot(target) == before)
    }

    /// A page of the user's named `index.html` is never replaced by the gallery: the render is refused
    /// before anything is written.
    @Test(arguments: [
        ("a page of the user's", "<html><body>my notes</body></html>\n"),
        ("a page that mentions Ripple's marker outside its head", "<html><head></head><body>\(GalleryPage.generator)</body></html>\n"),
    ])
    func theGalleryNeverReplacesAPageRippleDidNotWrite(_ name: String, _ page: String) throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let index = output.appendingPathComponent("index.html")
        try page.write(to: index, atomically: false, encoding: .utf8)
        // A scenario that fails to load must not get the page replaced either.
        for arguments in [["Scenarios/list-rows.ripple"], ["Tests/Fixtures/Invalid"]] {
            let result = ripple(["render"] + arguments + ["-o", output.path])
            #expect(result.status == 64, "\(name)")
            #expect(result.stderr.hasPrefix("error: refusing to replace '\(index.path)': \(refusalHint)\n"), "\(name): \(result.stderr)")
            #expect(try String(contentsOf: index, encoding: .utf8) == page, "\(name)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["index.html"], "\(name): nothing else was written")
        }
    }

    @Test func theGalleryNeverReplacesALinkOrAFolderNamedIndex() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let page = scratch.appendingPathComponent("page.html")
        try GalleryPage.page([]).write(to: page, atomically: false, encoding: .utf8)
        let index = output.appendingPathComponent("index.html")
        try #require(symlink(page.path, index.path) == 0)
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 64)
        #expect(snapshot(index) == "link \(page.path)")
        try FileManager.default.removeItem(at: index)
        try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 64)
        #expect(snapshot(index) == "folder ")
    }

    /// Ripple's own page is replaced, including one written before the page carried the generator line.
    @Test func ripplesOwnGalleryIsReplaced() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 0)
        let index = output.appendingPathComponent("index.html")
        #expect(try String(contentsOf: index, encoding: .utf8).contains(GalleryPage.generator))
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 0)
        let unmarked = GalleryPage.page([]).replacingOccurrences(of: GalleryPage.generator + "\n", with: "")
        #expect(unmarked.hasPrefix(GalleryPage.unmarkedHead))
        try unmarked.write(to: index, atomically: false, encoding: .utf8)
        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: index, encoding: .utf8).contains("list-rows/index.html"))
    }

    /// A `summary.json` found in the output folder gives the gallery numbers and text, never a link: a
    /// planted one's `javascript:` folder and pictures are replaced by the folder's real name and by
    /// nothing, while the scenarios Ripple wrote keep their links and pictures.
    @Test func theGalleryTakesNoLinkFromASummaryItFinds() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 0)
        let planted = output.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try "".write(to: planted.appendingPathComponent(OutputFolder.marker), atomically: false, encoding: .utf8)
        let written = try String(contentsOf: output.appendingPathComponent("list-rows/summary.json"), encoding: .utf8)
        var summary = try #require(GallerySummary.decode(written))
        summary.folder = "javascript:alert(document.cookie)//"
        summary.title = "planted"
        summary.variantFiles = summary.variantFiles.map { _ in "javascript:alert(2)//" }
        try summary.json.write(to: planted.appendingPathComponent("summary.json"), atomically: false, encoding: .utf8)
        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!page.contains("javascript:"))
        #expect(page.contains("<h2><a href=\"planted/index.html\">planted</a></h2>"))
        #expect(page.contains("<h2><a href=\"list-rows/index.html\">"))
        #expect(page.contains("<img src=\"list-rows/broad.svg\""))
    }

    /// `trace.txt` and the `.dot` files show control and invisible characters as their Swift escapes, as
    /// standard output does: a terminal that prints them acts on none.
    @Test func traceAndDOTFilesEscapeControlAndInvisibleCharacters() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let text = try String(contentsOfFile: repository.appendingPathComponent(CLITests.escapes).path, encoding: .utf8)
            .replacingOccurrences(of: #"variant "\u{1B}[31mred"#, with: #"variant "\u{202E}\u{1B}[31mred"#)
        #expect(text.contains(#"\u{202E}"#))
        let scenario = output.appendingPathComponent("escapes.ripple")
        try text.write(to: scenario, atomically: false, encoding: .utf8)
        let result = ripple("render", scenario.path, "-o", output.appendingPathComponent("out").path, "--format", "dot,json")
        #expect(result.status == 0, "\(result.stderr)")
        let folder = output.appendingPathComponent("out/escapes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 == "trace.txt" || $0.hasSuffix(".dot") }
        #expect(files.contains("trace.txt") && files.count >= 2, "\(files)")
        for file in files {
            let written = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let unsafe = written.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) || TerminalText.isInvisible($0) }
            #expect(unsafe == nil, "\(file) holds U+\(String(unsafe?.value ?? 0, radix: 16))")
            #expect(written.contains(#"\u{1B}"#), "\(file) shows the escape")
            #expect(written.contains(#"\u{202E}"#), "\(file) shows the escape")
        }
    }

    /// What a killed render leaves (a staging folder, its `-old` twin, the gallery's temporary file) is
    /// removed by the next render when its process is gone or it is old; nothing else is touched.
    @Test func theNextRenderRemovesWhatAKilledOneLeft() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let fileManager = FileManager.default
        func folder(_ name: String, marked: Bool = false, daysOld: Int = 0) throws {
            let url = output.appendingPathComponent(name)
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
            try "half".write(to: url.appendingPathComponent("trace.txt"), atomically: false, encoding: .utf8)
            if marked { try "x".write(to: url.appendingPathComponent(".ripple-output"), atomically: false, encoding: .utf8) }
            if daysOld > 0 { try fileManager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(daysOld) * 86_400)], ofItemAtPath: url.path) }
        }
        func file(_ name: String) throws {
            try "half".write(to: output.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        #expect(ripple("render", "Scenarios/list-rows.ripple", "-o", output.path).status == 0)
        let stale = [".ripple-staging-list-rows-\(deadPID)-12345", ".ripple-staging-list-rows-\(deadPID)-12345-old",
                     ".ripple-staging-task-list-\(deadPID)-7", ".ripple-staging-list-rows-1-99", ".index.html.\(deadPID).42.tmp"]
        try folder(stale[0])
        try folder(stale[1], marked: true)
        try folder(stale[2])
        // Process 1 is always running, but a leftover two days old is stale anyway (process ids are reused).
        try folder(stale[3], daysOld: 2)
        try file(stale[4])
        let kept = [".ripple-staging-list-rows-1-7", ".ripple-staging-notes", ".ripple-staging-list-rows-\(deadPID)-x",
                    ".ripple-staging--\(deadPID)-1", "ripple-staging-list-rows-\(deadPID)-1", ".notes.\(deadPID).42.tmp",
                    ".index.html.\(deadPID).tmp", "keep", ".ripple-staging-file-\(deadPID)-1", ".ripple-staging-link-\(deadPID)-1"]
        try folder(kept[0])
        for name in kept[1...4] { try folder(name) }
        try file(kept[5])
        try file(kept[6])
        try folder(kept[7])
        try file(kept[8])
        try #require(symlink(output.appendingPathComponent("keep").path, output.appendingPathComponent(kept[9]).path) == 0)

        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let names = Set(try fileManager.contentsOfDirectory(atPath: output.path))
        for name in stale { #expect(!names.contains(name), "\(name) is removed") }
        for name in kept { #expect(names.contains(name), "\(name) is kept") }
        #expect(try String(contentsOf: output.appendingPathComponent("keep/trace.txt"), encoding: .utf8) == "half")
    }

    /// Killed between the two renames of a swap (where `renameat2` is missing), a render leaves the previous
    /// folder only as `…-old`: the next render puts it back.
    @Test func aPreviousFolderCaughtMidSwapIsPutBack() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let old = output.appendingPathComponent(".ripple-staging-list-rows-\(deadPID)-5-old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try "previous".write(to: old.appendingPathComponent("trace.txt"), atomically: false, encoding: .utf8)
        try "x".write(to: old.appendingPathComponent(".ripple-output"), atomically: false, encoding: .utf8)
        let result = ripple("render", "Scenarios/task-list.ripple", "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: output.appendingPathComponent("list-rows/trace.txt"), encoding: .utf8) == "previous")
        #expect(!FileManager.default.fileExists(atPath: old.path))
    }

    /// Each scenario is written as soon as it is rendered, not after all of them: with the last input a
    /// FIFO that nobody has written yet, the first two are already on disk, and the lines still come in
    /// file order.
    @Test func eachScenarioIsWrittenAsSoonAsItIsRendered() throws {
        let input = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        try source.write(to: input.appendingPathComponent("a.ripple"), atomically: false, encoding: .utf8)
        try source.write(to: input.appendingPathComponent("b.ripple"), atomically: false, encoding: .utf8)
        let fifo = input.appendingPathComponent("c.ripple")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        final class Box: @unchecked Sendable { var result: (status: Int32, stdout: String, stderr: String)? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let arguments = ["render", input.path, "-o", output.path]
        Thread.detachNewThread {
            box.result = ripple(arguments)
            done.signal()
        }
        let written = ["a", "b"].map { output.appendingPathComponent("\($0)/index.html").path }
        let deadline = Date(timeIntervalSinceNow: 30)
        while !written.allSatisfy(FileManager.default.fileExists) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(written.allSatisfy(FileManager.default.fileExists), "a and b are written while c is still being read")
        // Now give c its text, which also ends the render if the check above failed.
        let descriptor = open(fifo.path, O_WRONLY)
        try #require(descriptor >= 0)
        let bytes = Array(source.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        close(descriptor)
        #expect(done.wait(timeout: .now() + 60) == .success)
        let result = try #require(box.result)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("rendered ") }
        #expect(lines.map { $0.split(separator: " ")[1] } == ["a", "b", "c"].map { "\(input.path)/\($0).ripple" })
    }

    /// A folder that cannot be made or written names the path and the reason.
    @Test func anUnwritableOutputNamesThePathAndTheReason() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        try "x".write(to: file, atomically: false, encoding: .utf8)
        let onFile = ripple("render", "Scenarios/list-rows.ripple", "-o", file.path)
        #expect(onFile.status == 1)
        #expect(onFile.stderr == "error: cannot create the output folder '\(file.path)': it is not a folder\n")
        let underFile = ripple("render", "Scenarios/list-rows.ripple", "-o", file.path + "/out")
        #expect(underFile.stderr == "error: cannot create the output folder '\(file.path)/out': a part of the path is not a folder\n")
    }
}

@Suite struct OutputFolderTests {
    private func rendered(_ files: [(String, String)]) -> RenderedScenario {
        RenderedScenario(folder: "x", title: "X", file: "x.ripple", steps: 0, totals: [], variantFiles: [],
                         files: files.map { (path: $0.0, contents: $0.1) }, warnings: [])
    }

    /// A write that fails names the final path meant (not the staging folder) and the reason, and leaves
    /// no staging folder behind.
    @Test func aFailedWriteNamesTheFileMeant() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try OutputFolder(path: root.path, inputs: [])
        #expect(throws: Never.self) { try output.write(rendered([("index.html", "a")]), summary: "{}") }
        do {
            try output.write(rendered([("index.html", "a"), ("missing/page.html", "b")]), summary: "{}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "cannot write '\(root.path)/x/missing/page.html': no such file or folder")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["x"])
        try FileManager.default.removeItem(at: root)
        do {
            try output.write(rendered([("index.html", "a")]), summary: "{}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "cannot write '\(root.path)/x': no such file or folder")
        }
    }

    @Test(arguments: [
        (".ripple-staging-list-rows-123-456", "list-rows", Int32(123)), (".ripple-staging-a-1-2-old", "a", 1), (".ripple-staging-s1-2-3-4", "s1-2", 3),
    ])
    func stagingNamesAreParsed(_ name: String, _ folder: String, _ pid: Int32) throws {
        let parsed = try #require(OutputFolder.parseStagingName(name))
        #expect(parsed.folder == folder && parsed.pid == pid && parsed.isOld == name.hasSuffix("-old"))
    }

    @Test(arguments: [".ripple-staging-", ".ripple-staging-x", ".ripple-staging-x-1", ".ripple-staging--1-2", ".ripple-staging-x-0-2",
                      ".ripple-staging-x-+1-2", ".ripple-staging-x-1-99999999999", ".ripple-staging-x-1-2-older", "ripple-staging-x-1-2"])
    func otherNamesAreNotStaging(_ name: String) {
        #expect(OutputFolder.parseStagingName(name) == nil)
    }
}
