import Foundation
import Testing

/// The hints and fixes for common wastes, on small apps in `Tests/Fixtures/Swift/Wastes`: each waste's
/// design gets its hint, and its fix is kept where the rewrite is exact; the design that avoids it
/// gets neither.
@Suite struct CommonWasteTests {
    /// Each action's hint kinds, and each fix's kind with why it was not kept (nil when kept), of one app.
    static func audit(_ fixture: String) throws -> (hints: [String: [String]], rows: [String: [String: Any]], proofs: [(kind: String, rejected: String?)]) {
        let (object, _) = try auditJSON("Tests/Fixtures/Swift/Wastes/" + fixture)
        let rows = actionsByName(object)
        let hints = rows.mapValues { row in ((row["hints"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String } }
        let proofs = ((object["fixes"] as? [[String: Any]]) ?? []).flatMap { ($0["proofs"] as? [[String: Any]]) ?? [] }
        return (hints, rows, proofs.map { (($0["kind"] as? String) ?? "", $0["rejected"] as? String) })
    }

    @Test(arguments: [
        ("ChecklistBindings", "ChecklistObjects", "whole-element-binding", "toggle Toggle in PackingRow[1]"),
        ("SignupState", "SignupFields", "large-state-struct", "type in TextField \"Email\" in EmailSection"),
        ("ProfileStruct", "ProfileFlat", "struct-observable-property", "type in TextField \"Bio\" in BioField"),
        ("ForecastPlain", "ForecastEquatable", "equatable-property-type", "tap Button \"Refresh\" in WeatherView"),
        ("InboxPassedDown", "InboxReadWhereShown", "environment-object-at-top", "tap Button in UnreadBadge"),
    ])
    func theWastefulDesignGetsTheHintAndTheOtherDoesNot(wasteful: String, fixed: String, kind: String, action: String) throws {
        let broad = try Self.audit(wasteful)
        #expect(broad.hints[action]?.contains(kind) == true, "\(wasteful): \(broad.hints)")
        let narrow = try Self.audit(fixed)
        #expect(narrow.rows[action] != nil, "\(fixed) offers '\(action)'")
        #expect(narrow.hints.values.allSatisfy { !$0.contains(kind) }, "\(fixed): \(narrow.hints)")
    }

    /// The rewrite is kept where it is exact; whole-element bindings have none, and the design that
    /// avoids the waste is given nothing to try.
    @Test(arguments: [
        ("SignupState", "SignupFields", "large-state-struct"),
        ("ProfileStruct", "ProfileFlat", "struct-observable-property"),
        ("ForecastPlain", "ForecastEquatable", "equatable-property-type"),
    ])
    func theFixIsKeptForTheWastefulDesignAndNotTriedOnTheOther(wasteful: String, fixed: String, kind: String) throws {
        let broad = try Self.audit(wasteful)
        let proof = try #require(broad.proofs.first { $0.kind == kind }, "\(wasteful): \(broad.proofs)")
        #expect(proof.rejected == nil, "\(wasteful): \(proof.rejected ?? "")")
        for row in broad.rows.values where (row["wasted"] as? Int ?? 0) > 0 {
            let after = try #require(row["fixed"] as? [String: Any], "\(row["action"] ?? "")")
            #expect(after["wasted"] as? Int == 0, "\(row["action"] ?? "")")
        }
        #expect(try Self.audit(fixed).proofs.isEmpty)
    }

    @Test func rowsBoundToWholeElementsGetAHintAndNoFix() throws {
        let audit = try Self.audit("ChecklistBindings")
        #expect(audit.hints["toggle Toggle in PackingRow[1]"] == ["whole-element-binding"])
        #expect(audit.proofs.isEmpty)
    }

    /// The screen that hands the count down is told to let the badge read it; the toolbar between,
    /// re-run for its new input, is not given the hint (it reads nothing from the environment).
    @Test func aScreenHandingDownAnEnvironmentValueIsToldToReadItWhereShown() throws {
        let (object, _) = try auditJSON("Tests/Fixtures/Swift/Wastes/InboxPassedDown")
        let row = try #require(actionsByName(object)["tap Button in UnreadBadge"])
        let hints = (row["hints"] as? [[String: Any]]) ?? []
        #expect(hints.map { $0["view"] as? String } == ["InboxScreen"])
        #expect((hints.first?["text"] as? String)?.hasPrefix("`InboxScreen` reads `mailbox.unreadCount` from the environment's `Mailbox` only to hand it down to `Toolbar`") == true)
    }

    /// Must not: an evaluation counted wasted because values Ripple does not know compared equal gets no
    /// hint and no fix, though the code has the shape the hint names.
    @Test func aWasteThatRestsOnAnOpaqueValueGetsNoHint() throws {
        let audit = try Self.audit("ForecastOpaque")
        let row = try #require(audit.rows["tap Button \"Refresh\" in WeatherView"])
        #expect(row["wasted"] as? Int == 1)
        #expect(row["confidence"] as? String == "partial")
        #expect(audit.hints["tap Button \"Refresh\" in WeatherView"] == [])
        #expect(audit.proofs.isEmpty)
    }
}
