import Foundation
import Testing
import RippleAudit
@testable import RippleCLI

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The paths `ripple audit` prints: relative to the folder given in the text, the JSON and the HTML,
/// relative to the working folder in SARIF and GitHub's commands, which CI resolves against the
/// repository's root. `AuditPaths` decides both.
@Suite(.serialized) struct AuditPathTests {
    static let fixture = "Tests/Fixtures/Swift/Reasons/HiddenMainScreen"
    static var absolute: String { repository.appendingPathComponent(fixture).path }

    /// Every `file` of a location in the JSON (not an action's `file`, the input as it was named).
    private func locationFiles(_ value: Any, key: String? = nil) -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { entry -> [String] in
                if entry.key == "file", ["location", "example"].contains(key), let file = entry.value as? String { return [file] }
                return locationFiles(entry.value, key: entry.key)
            }
        }
        if let array = value as? [Any] { return array.flatMap { locationFiles($0, key: key) } }
        return []
    }

    @Test func theTextTheJSONAndTheHTMLNameFilesInTheFolderGiven() throws {
        let (object, result) = try auditJSON(Self.absolute)
        #expect(result.status == 0, "\(result.stderr)")
        let files = locationFiles(object)
        #expect(Set(files) == ["AboutScreen.swift", "EpisodeListScreen.swift"], "\(files)")
        #expect(files.count > 10)
        let wide = ripple("audit", Self.absolute, "--wide").stdout
        #expect(wide.contains("  AboutScreen.swift:27  "), "\(wide)")
        #expect(wide.contains("  EpisodeListScreen.swift:20  TextField in EpisodeListScreen: "), "\(wide)")
        #expect(wide.contains("(first at EpisodeListScreen.swift:15)\n"), "\(wide)")
        #expect(!wide.contains(Self.absolute), "\(wide)")
        let text = ripple("audit", Self.absolute).stdout
        #expect(text.contains("(first at AboutScreen.swift:7)\n"), "\(text)")
        #expect(!text.contains(Self.absolute), "\(text)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(ripple("audit", Self.absolute, "--format", "html", "--output", folder.path).status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("audit-hiddenmainscreen/index.html"), encoding: .utf8)
        #expect(page.contains("<code>AboutScreen.swift:27</code>"))
        #expect(page.contains("<code>EpisodeListScreen.swift:20</code> TextField in EpisodeListScreen: "))
        #expect(page.contains("<td><code>EpisodeListScreen.swift:15</code></td>"))
        #expect(!page.contains("<code>" + Self.absolute))
    }

    /// SARIF's URIs and GitHub's `file=` stay relative to the working folder, the repository's root in CI.
    @Test func sarifAndGitHubNameFilesFromTheWorkingFolder() throws {
        let sarif = ripple("audit", Self.absolute, "--format", "sarif").stdout
        #expect(sarif.contains("\"uri\" : \"\(Self.fixture)/EpisodeListScreen.swift\""), "\(sarif)")
        let github = ripple("audit", Self.absolute, "--format", "github").stdout
        #expect(github.contains("::warning file=\(Self.fixture)/EpisodeListScreen.swift,line=15,"), "\(github)")
    }

    /// A baseline matches its run whether it names files in the folder audited, as the JSON now does,
    /// or from the working folder.
    @Test func aBaselineMatchesWhicheverWayItNamesItsFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = ripple("audit", Self.fixture, "--format", "json").stdout
        let fromWorkingFolder = saved.replacingOccurrences(of: "\"file\" : \"AboutScreen.swift\"", with: "\"file\" : \"\(Self.fixture)/AboutScreen.swift\"")
            .replacingOccurrences(of: "\"file\" : \"EpisodeListScreen.swift\"", with: "\"file\" : \"\(Self.fixture)/EpisodeListScreen.swift\"")
        #expect(fromWorkingFolder != saved)
        for (name, text) in [("folder.json", saved), ("working.json", fromWorkingFolder)] {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = ripple("audit", Self.fixture, "--baseline", path, "--format", "github")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("control-not-simulated") && !result.stdout.contains("view-not-simulated"), "\(name): \(result.stdout)")
        }
    }

    @Test func aPathIsShownFromTheInnermostFolderThatHoldsIt() {
        let paths = AuditPaths(folders: ["/work/App/", "/work/App/Views", "./Sources", "."])
        #expect(paths.shown("/work/App/Views/Row.swift") == "Row.swift")
        #expect(paths.shown("/work/App/Model.swift") == "Model.swift")
        #expect(paths.shown("Sources/A.swift") == "A.swift")
        #expect(paths.shown("./Sources/A.swift") == "A.swift")
        // A folder whose name another starts with holds nothing of the other's.
        #expect(AuditPaths(folders: ["/work/App"]).shown("/work/App2/Row.swift") == "/work/App2/Row.swift")
        #expect(AuditPaths(folders: ["/work/App"]).shown("/elsewhere/Row.swift") == "/elsewhere/Row.swift")
        #expect(AuditPaths(folders: []).shown("./Row.swift") == "Row.swift")
    }
}
