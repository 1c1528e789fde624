import Foundation
import Testing
@testable import RippleCLI

/// `ripple audit --format patch` and `--emit-patch FILE` (docs/Audit.md, "The patch").
@Suite(.serialized) struct AuditPatchTests {
    /// Must: the kept fix is in the patch, headed by its proof, and the same input gives the same bytes;
    /// must not: a scenario with no kept fix gives any diff.
    @Test func thePatchNamesEachFixWithItsProof() {
        let first = ripple("audit", "Scenarios/equatable-view.ripple", "--format", "patch")
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("""
            # fix 1 (Scenarios/equatable-view.ripple, variant 'broad'): make `SalesChart` `Equatable` on `samples`, leaving out its closure
            #   proof: 5 → 4 evaluations, wasted 1 → 0 across 3 actions, on: step "refresh counter changes"
            diff --git a/Scenarios/equatable-view.ripple b/Scenarios/equatable-view.ripple
            --- a/Scenarios/equatable-view.ripple
            +++ b/Scenarios/equatable-view.ripple
            @@ -6,12 +6,16 @@ fix 1: 5 → 4 evaluations, wasted 1 → 0

            """), "\(first.stdout)")
        #expect(first.stdout.contains("+        nonisolated static func == (_ lhs: SalesChart, _ rhs: SalesChart) -> Bool {\n"))
        #expect(ripple("audit", "Scenarios/equatable-view.ripple", "--format", "patch").stdout == first.stdout)
        let none = ripple("audit", "Scenarios/binding-vs-let.ripple", "--format", "patch")
        #expect(none.stdout == "")
        #expect(none.stderr.contains("note: no fix was proven, so the patch is empty"))
    }

    /// Must: `--emit-patch` writes the patch after its mark, which `git apply` passes over, and writes
    /// it again over its own file; must not: it replaces a file Ripple did not write or takes a folder.
    @Test func emitPatchWritesInTheOutputFolderAndRefusesOtherFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = ripple("audit", "Scenarios/equatable-view.ripple", "--emit-patch", "fixes.patch", "-o", folder.path)
        #expect(written.status == 0, "\(written.stderr)")
        let path = folder.appendingPathComponent("fixes.patch").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(AuditPatch.mark + "\n# fix 1 "))
        #expect(ripple("audit", "Scenarios/equatable-view.ripple", "--emit-patch", "fixes.patch", "-o", folder.path).status == 0)

        let other = folder.appendingPathComponent("notes.patch")
        try "mine\n".write(to: other, atomically: true, encoding: .utf8)
        let refused = ripple("audit", "Scenarios/equatable-view.ripple", "--emit-patch", "notes.patch", "-o", folder.path)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("refusing to replace '\(other.path)': Ripple did not write it; move it away or choose another name for --emit-patch"))
        #expect(try String(contentsOf: other, encoding: .utf8) == "mine\n")
        for name in ["../x.patch", "a/b.patch", ".hidden"] {
            let result = ripple("audit", "Scenarios/equatable-view.ripple", "--emit-patch", name)
            #expect(result.status == 64 && result.stderr.contains("--emit-patch takes a file name"), "\(name): \(result.stderr)")
        }
    }

    /// Must: the emitted variant writes the changed types from their source, the generic container with
    /// its generic parameter in both variants; must not: the parameter is lost as the tree prints it.
    @Test func theEmittedVariantKeepsTheSourceOfTheChangedTypes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Scenarios/container-content.ripple", "--emit-variant", "compared", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("compared.ripple"), encoding: .utf8)
        #expect(text.contains("variant \"closure-in-body\" {\n    struct Card<Content: View>: View {\n        let title: String\n"))
        #expect(text.contains("variant \"compared\" {\n    struct Card<Content: View>: View, Equatable {\n"))
        #expect(text.contains("        nonisolated static func == (_ lhs: Card, _ rhs: Card) -> Bool {\n"))
        #expect(!text.contains("struct Card: View"))
        #expect(ripple("audit", folder.appendingPathComponent("compared.ripple").path).status == 0)
    }
}
