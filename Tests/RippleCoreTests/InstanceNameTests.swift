import Testing
@testable import RippleCore

/// An expectation names an instance by its path or by any tail of it; the tails are found by the last
/// part of a name, which brackets and string literals keep whole.
@Suite struct InstanceNameTests {
    static let lastParts: [(name: String, lastPart: String)] = [
        ("Root", "Root"),
        ("Root/List/Row[3]", "Row[3]"),
        ("Root/List/Row[title: \"a/b\"]", "Row[title: \"a/b\"]"),
        ("Root/Grid[\"x/y\"][2]/Cell", "Cell"),
        ("Root/Row[\"a\\\"/b\"]", "Row[\"a\\\"/b\"]"),
        ("Root/Row[[1]/2]", "Row[[1]/2]"),
        ("Root/Café[\"é/x\"]", "Café[\"é/x\"]"),
        ("Root/", ""),
    ]

    @Test(arguments: lastParts.map(\.name))
    func theLastPartIsAfterTheLastSlashOutsideBracketsAndStrings(_ name: String) throws {
        let expected = try #require(Self.lastParts.first { $0.name == name }).lastPart
        #expect(InstanceNames.lastPart(of: name) == expected)
    }

    @Test func aReferenceNamesThePathsThatEndInIt() {
        let names = InstanceNames(paths: ["Root", "Root/List", "Root/List/Row[1]", "Root/Other/Row[1]", "Root/List/Row[2]"])
        #expect(names.paths(named: "Row[1]") == ["Root/List/Row[1]", "Root/Other/Row[1]"])
        #expect(names.paths(named: "List/Row[1]") == ["Root/List/Row[1]"])
        #expect(names.paths(named: "Row[3]").isEmpty)
        #expect(names.paths(named: "ist/Row[1]").isEmpty)
    }
}
