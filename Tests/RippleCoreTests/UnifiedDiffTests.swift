import Testing
@testable import RippleCore

/// The unified diff the patch is made of: three lines of context, hunks apart or together, the ranges
/// and the last line without a line break written as `diff` and `git` write them.
@Suite struct UnifiedDiffTests {
    static let ten = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"

    /// Must not: the same text gives no diff at all.
    @Test func theSameTextGivesNothing() {
        #expect(UnifiedDiff.fileDiff(path: "a.swift", old: Self.ten, new: Self.ten) == "")
    }

    /// Must: one changed line, with three lines of context on each side and the section after the range.
    @Test func oneChangedLine() {
        let new = Self.ten.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiff.fileDiff(path: "a.swift", old: Self.ten, new: new) { start, count in "from \(start), \(count) lines" } == """
            diff --git a/a.swift b/a.swift
            --- a/a.swift
            +++ b/a.swift
            @@ -2,7 +2,7 @@ from 2, 7 lines
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    /// Must: changes more than six unchanged lines apart are two hunks; must not: closer ones are.
    @Test func changesFarApartAreTwoHunksAndCloseOnesOne() {
        let lines = UnifiedDiff.lines(of: Self.ten).lines
        var far = lines
        far[0] = "first"
        far[9] = "last"
        #expect(UnifiedDiff.hunks(old: lines, new: far).map { [$0.oldStart, $0.oldCount, $0.newStart, $0.newCount] } == [[0, 4, 0, 4], [6, 4, 6, 4]])
        var near = lines
        near[1] = "second"
        near[7] = "eighth"
        #expect(UnifiedDiff.hunks(old: lines, new: near).map { [$0.oldStart, $0.oldCount] } == [[0, 10]])
    }

    /// Must: lines added where none were removed give an empty old range named by the line before it.
    @Test func anInsertionNamesTheLineBeforeIt() {
        let new = Self.ten.replacingOccurrences(of: "line 10\n", with: "line 10\nline 11\n")
        let diff = UnifiedDiff.fileDiff(path: "a", old: Self.ten, new: new)
        #expect(diff.contains("@@ -8,3 +8,4 @@\n line 8\n line 9\n line 10\n+line 11\n"))
        let empty = UnifiedDiff.fileDiff(path: "a", old: "", new: "x\n")
        #expect(empty.hasSuffix("@@ -0,0 +1 @@\n+x\n"))
    }

    /// Must: a last line without its line break is marked on its side; must not: one with it.
    @Test func aLastLineWithoutALineBreakIsMarked() {
        let diff = UnifiedDiff.fileDiff(path: "a", old: "a\nb", new: "a\nc")
        #expect(diff.hasSuffix("-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"))
        #expect(!UnifiedDiff.fileDiff(path: "a", old: "a\nb\n", new: "a\nc\n").contains("No newline"))
    }

    /// Must: the edit script is a shortest one, keeping every line the two texts share in order.
    @Test func theScriptKeepsTheLongestCommonLines() {
        let old: [Substring] = ["a", "b", "c", "a", "b", "b", "a"], new: [Substring] = ["c", "b", "a", "b", "a", "c"]
        let script = UnifiedDiff.editScript(old: old, new: new)
        #expect(script.filter { $0.mark == " " }.count == 4)
        #expect(script.filter { $0.mark != "+" }.map(\.text) == old)
        #expect(script.filter { $0.mark != "-" }.map(\.text) == new)
    }
}
