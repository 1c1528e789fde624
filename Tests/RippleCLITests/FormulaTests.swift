import Foundation
import Testing

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Formula/ripple.rb, the Homebrew formula: it parses as Ruby, builds with the swift-syntax package in
/// release and installs the binary and its completions (read by running its install step against a
/// stand-in for Homebrew, Tests/Homebrew/formula-check.rb), and its own `test do` block passes against
/// the built ripple. `make test` installs Ruby where apt-get can.
@Suite(.enabled(if: executableOnPath("ruby") != nil, "ruby is not installed")) struct FormulaTests {
    static let formula = repository.appendingPathComponent("Formula/ripple.rb")

    @Test func theFormulaParsesAsRuby() throws {
        let result = try runProgram(try #require(executableOnPath("ruby")), ["-c", Self.formula.path])
        #expect(result.status == 0 && result.stdout == "Syntax OK\n", "\(result.stderr)")
    }

    @Test func theFormulaBuildsFromSourceWithTheSwiftSyntaxPackage() throws {
        let binaries = repository.appendingPathComponent(".build/debug")
        try #require(FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent("ripple").path), "build the ripple product first (swift build)")
        let result = try runProgram(try #require(executableOnPath("ruby")),
                                    [repository.appendingPathComponent("Tests/Homebrew/formula-check.rb").path, Self.formula.path, binaries.path])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let declared = try #require(json["declared"] as? [String: [Any]])
        #expect((declared["depends_on"] as? [String])?.contains("graphviz") == true)
        #expect(declared["head"]?.count == 1, "a formula built from source names its repository")

        let install = try #require(json["install"] as? [String: [String: Any]])
        for (platform, flag) in [("macos", "--disable-sandbox"), ("linux", "--static-swift-stdlib")] {
            let steps = try #require(install[platform]?["commands"] as? [[String: Any]], "no install step for \(platform)")
            let builds = steps.filter { ($0["run"] as? [String])?.first == "swift" }
            try #require(builds.count == 1, "\(platform): one swift build, not \(builds)")
            #expect(builds[0]["run"] as? [String] == ["swift", "build", "-c", "release", "--product", "ripple", flag], "\(platform)")
            #expect(builds[0]["env"] as? [String: String] == ["RIPPLE_SWIFT_SYNTAX": "package"], "\(platform): the package path")
            #expect(install[platform]?["installed"] as? [String] == [".build/release/ripple"], "\(platform)")
            let completions = steps.compactMap { $0["completions"] as? [String] }
            #expect(completions == [["/prefix/bin/ripple", "completion"]], "\(platform): completions from 'ripple completion SHELL'")
        }
        #expect(json["test"] as? String == "passed", "the formula's test block against the built ripple")
    }
}
