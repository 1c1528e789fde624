import RippleRender

/// A JUnit XML report: one test suite per scenario file, one test case per expectation and variant.
struct JUnitReport {
    private var suites: [(name: String, cases: [(name: String, failure: String?)], skipped: Bool)] = []

    /// Adds a suite; a case named like one before it in the suite is told apart by ` #2`, ` #3`, so a CI
    /// page that keys tests by name shows each one.
    mutating func add(suite: String, cases: [(String, String?)], skipped: Bool = false) {
        var taken: Set<String> = skipped ? ["expectations"] : []
        var named: [(name: String, failure: String?)] = []
        for (name, failure) in cases {
            var distinct = name
            var number = 2
            while !taken.insert(distinct).inserted {
                distinct = "\(name) #\(number)"
                number += 1
            }
            named.append((distinct, failure))
        }
        suites.append((suite, named, skipped))
    }

    var xml: String {
        let tests = suites.reduce(0) { $0 + max($1.cases.count, $1.skipped ? 1 : 0) }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"ripple check\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for suite in suites {
            let suiteFailures = suite.cases.filter { $0.failure != nil }.count
            text += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(max(suite.cases.count, suite.skipped ? 1 : 0))\" failures=\"\(suiteFailures)\">\n"
            if suite.skipped {
                text += "    <testcase name=\"expectations\" classname=\"\(escape(suite.name))\"><skipped message=\"no expectations: unchecked\"/></testcase>\n"
            }
            for testCase in suite.cases {
                text += "    <testcase name=\"\(escape(testCase.name))\" classname=\"\(escape(suite.name))\""
                if let failure = testCase.failure {
                    text += ">\n      <failure message=\"expectation failed\">\(escape(failure))</failure>\n    </testcase>\n"
                } else {
                    text += "/>\n"
                }
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }

    private func escape(_ text: String) -> String { XML.escape(text) }

    /// Refuses a report path that would replace a scenario, as `render` refuses its output folder: one
    /// of the files checked, or a path inside a scenarios folder given as input. Symbolic links are
    /// resolved first, and an existing file is compared by device and inode, so a hard link counts too.
    static func checkDestination(_ path: String, inputs: [String], files: [String]) throws(UsageError) {
        let existing = try? FileSystem.status(path)
        if existing?.kind == .folder {
            throw UsageError(message: "cannot write the JUnit report '\(path)': it is a folder")
        }
        let destination = FileSystem.resolved(path)
        for file in files {
            let same = existing.flatMap { existing in (try? FileSystem.status(file)).map(existing.isSameFile) } ?? false
            if same || FileSystem.resolved(file) == destination {
                throw UsageError(message: "refusing to write the JUnit report to '\(path)': it is the scenario file '\(file)'; choose another path for --junit")
            }
        }
        for input in inputs where (try? FileSystem.status(input))?.kind == .folder {
            let folder = FileSystem.resolved(input)
            if destination.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
                throw UsageError(message: "refusing to write the JUnit report to '\(path)': it is inside the scenarios folder '\(input)'; choose another path for --junit")
            }
        }
    }
}
