import Testing
@testable import RippleCLI

/// The argument handling of `swift package ripple-audit` (Plugins/RippleAuditPlugin/AuditPluginArguments.swift,
/// compiled here through a link to it). Tests/Plugin/plugin-check.sh runs the plugin itself.
@Suite struct AuditPluginArgumentsTests {
    static let targets: [AuditPluginArguments.Target] = [
        .init(name: "Screens", directory: "/app/Sources/Screens", isTest: false),
        .init(name: "Settings", directory: "/app/Sources/Settings", isTest: false),
        .init(name: "ScreensTests", directory: "/app/Tests/ScreensTests", isTest: true),
    ]

    static func plan(_ arguments: String...) throws(AuditPluginArguments.UsageError) -> [AuditPluginArguments.Invocation] {
        try AuditPluginArguments(arguments: arguments, targets: targets, workDirectory: "/work/").invocations
    }

    @Test func everySourceTargetButTheTestsByDefault() throws {
        #expect(try Self.plan() == [
            .init(target: "Screens", arguments: ["audit", "/app/Sources/Screens", "--format", "text"], reportFile: "/work/Screens.txt"),
            .init(target: "Settings", arguments: ["audit", "/app/Sources/Settings", "--format", "text"], reportFile: "/work/Settings.txt"),
        ])
    }

    @Test func budgetsAndOtherOptionsGoToRippleAudit() throws {
        let invocations = try Self.plan("--target", "Screens", "--max-wasted", "3", "--max-stale=0", "--min-coverage", "50", "--all-rows", "-j", "2", "--root", "UserList")
        #expect(invocations == [.init(target: "Screens",
                                      arguments: ["audit", "/app/Sources/Screens", "--format", "text", "--max-wasted", "3", "--max-stale=0",
                                                  "--min-coverage", "50", "--all-rows", "-j", "2", "--root", "UserList"],
                                      reportFile: "/work/Screens.txt")])
    }

    @Test func formatsNameTheReport() throws {
        #expect(try Self.plan("--target=Settings", "--format", "json").map(\.reportFile) == ["/work/Settings.json"])
        let html = try Self.plan("--target", "ScreensTests", "--format=html")
        #expect(html.map(\.arguments) == [["audit", "/app/Tests/ScreensTests", "--format", "html", "--output", "/work/ScreensTests"]])
        #expect(html.map(\.reportFile) == ["/work/ScreensTests.txt"])
        #expect(try Self.plan("--target=Settings", "--format", "sarif").map(\.reportFile) == ["/work/Settings.sarif"])
        let baseline = try Self.plan("--target=Settings", "--format", "github", "--baseline", "main.json")
        #expect(baseline.map(\.arguments) == [["audit", "/app/Sources/Settings", "--format", "github", "--baseline", "main.json"]])
        let warnings = try Self.plan("--target=Settings", "--format", "warnings", "--settings", "Sources/Settings/.ripple-lint")
        #expect(warnings.map(\.arguments) == [["audit", "/app/Sources/Settings", "--format", "warnings", "--settings", "Sources/Settings/.ripple-lint"]])
        #expect(warnings.map(\.reportFile) == ["/work/Settings.txt"])
    }

    /// `--junit FILE` is written where it is named, a relative FILE in the package's folder (the plugin's
    /// permission), whatever folder the plugin runs in.
    @Test func theJUnitReportGoesIntoThePackage() throws {
        func junit(_ arguments: String...) throws -> [[String]] {
            try AuditPluginArguments(arguments: ["--target", "Screens"] + arguments, targets: Self.targets, workDirectory: "/work",
                                     packageDirectory: "/app/").invocations.map { Array($0.arguments.dropFirst(4)) }
        }
        #expect(try junit("--junit", "reports/audit.xml", "--max-wasted", "1") == [["--junit", "/app/reports/audit.xml", "--max-wasted", "1"]])
        #expect(try junit("--junit=audit.xml") == [["--junit", "/app/audit.xml"]])
        #expect(try junit("--junit", "/tmp/audit.xml") == [["--junit", "/tmp/audit.xml"]])
        #expect(try Self.plan("--target", "Screens", "--junit", "audit.xml").map { Array($0.arguments.dropFirst(4)) } == [["--junit", "audit.xml"]],
                "without the package's folder, as given")
        #expect(throws: AuditPluginArguments.UsageError(description: "option '--junit' needs a value")) { try junit("--junit") }
    }

    @Test func targetsInTheOrderGiven() throws {
        #expect(try Self.plan("--target", "Settings", "--target", "Screens").map(\.target) == ["Settings", "Screens"])
    }

    @Test(arguments: [
        (["--target", "Nowhere"], "no source target 'Nowhere' in the package (it has 'Screens', 'ScreensTests', 'Settings')"),
        (["--format", "yaml"], "unknown format 'yaml'; use text, json, html, sarif, github or warnings"),
        (["--target"], "option '--target' needs a value"),
        (["-o", "elsewhere"], "'-o' is the plugin's to choose: reports go into its work folder"),
        (["--output=elsewhere"], "'--output' is the plugin's to choose: reports go into its work folder"),
        (["--emit-variant", "Fixed"], "'--emit-variant' is the plugin's to choose: reports go into its work folder"),
        (["--emit-patch", "fixes.patch"], "'--emit-patch' is the plugin's to choose: reports go into its work folder"),
        (["--format", "warnings", "--stamp", "Stamp.swift"], "'--stamp' is the plugin's to choose: reports go into its work folder"),
        (["Sources/Screens"], "unexpected argument 'Sources/Screens'; name the sources with --target"),
    ])
    func refused(_ arguments: [String], _ message: String) {
        #expect(throws: AuditPluginArguments.UsageError(description: message)) {
            try AuditPluginArguments(arguments: arguments, targets: Self.targets, workDirectory: "/work")
        }
    }

    @Test func aPackageWithOnlyTestsHasNothingToAudit() {
        #expect(throws: AuditPluginArguments.UsageError(description: "the package has no source target to audit")) {
            try AuditPluginArguments(arguments: [], targets: [Self.targets[2]], workDirectory: "/work")
        }
    }

    /// The options the plugin forwards with a value are exactly ripple audit's, less those it chooses itself.
    @Test func theOptionsWithValuesAreRippleAudits() throws {
        let audit = try #require(CommandLine.commands.first { $0.name == "audit" })
        let withValues = audit.options.filter { $0.value != nil }
        let spellings = Set(withValues.flatMap { option in ["--" + option.name] + (option.short.map { ["-" + $0] } ?? []) })
        #expect(AuditPluginArguments.optionsWithValues == spellings.subtracting(["--format", "--output", "-o", "--emit-variant", "--emit-patch", "--stamp"]))
    }
}
