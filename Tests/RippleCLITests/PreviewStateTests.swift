import Foundation
import Testing

/// An app's previews as states of the screens they show: `Tests/Fixtures/Swift/Previews/RecipeBook` is an
/// app whose store starts empty at launch, as a real app's does before it fetches, and whose previews
/// build its screens from sample recipes.
@Suite struct PreviewStateTests {
    private static let folder = "Tests/Fixtures/Swift/Previews/RecipeBook"

    /// The audit's rows of `variant`, by action.
    private func rows(_ object: [String: Any], in variant: String) -> [String: [String: Any]] {
        let actions = object["actions"] as? [[String: Any]] ?? []
        var found: [String: [String: Any]] = [:]
        for action in actions where action["variant"] as? String == variant {
            if let name = action["action"] as? String { found[name] = action }
        }
        return found
    }

    private func views(_ row: [String: Any]?) -> [String: Int] {
        var counts: [String: Int] = [:]
        for view in row?["views"] as? [[String: Any]] ?? [] {
            if let name = view["view"] as? String { counts[name] = view["evaluations"] as? Int }
        }
        return counts
    }

    @Test func theLaunchStateAndEachPreviewAreStatesOfTheirOwnTheLaunchStateRankedFirst() throws {
        let (object, result) = try auditJSON(Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let actions = object["actions"] as? [[String: Any]] ?? []
        var variants: [String] = []
        for action in actions {
            if let variant = action["variant"] as? String, !variants.contains(variant) { variants.append(variant) }
        }
        // No state the app shows builds a row at launch: `RecipeRow` is also a screen of its own, with stand-ins.
        #expect(Set(variants) == ["RecipeList", "RecipeRow", "RecipeList, preview 'With recipes'", "RecipeRow, preview", "RecipeList, preview 'Empty'"],
                "\(variants)")
        // The launch state's rows come first, and carry no state; a preview's say which.
        #expect(actions.first?["variant"] as? String == "RecipeList")
        #expect(actions.first?["state"] == nil)
        #expect(rows(object, in: "RecipeList, preview 'With recipes'")["tap Button \"Sync\" in RecipeList"]?["state"] as? String == "preview 'With recipes'")
        // At launch the book is empty: no row, so no row's button.
        #expect(rows(object, in: "RecipeList").keys.sorted() == ["tap Button \"Sync\" in RecipeList"])
        #expect(rows(object, in: "RecipeList, preview 'Empty'").keys.sorted() == ["tap Button \"Sync\" in RecipeList"])
    }

    @Test func aPreviewsSampleRowsAreSimulatedExactlyAndOnlyTheChangedRowReRuns() throws {
        let (object, result) = try auditJSON(Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let preview = rows(object, in: "RecipeList, preview 'With recipes'")
        let favorite = preview["tap Button in RecipeRow[1]"]
        // The list reads `recipes`; the first row is handed a changed recipe; the second, equal, is not re-run.
        #expect(favorite?["evaluations"] as? Int == 2)
        #expect(views(favorite) == ["RecipeList": 1, "RecipeRow": 1])
        #expect(favorite?["wasted"] as? Int == 0)
        #expect(favorite?["confidence"] as? String == "exact")
        // No body reads `syncCount`.
        #expect(preview["tap Button \"Sync\" in RecipeList"]?["evaluations"] as? Int == 0)
        #expect(preview["tap Button \"Sync\" in RecipeList"]?["confidence"] as? String == "exact")
    }

    @Test func aRowPreviewedOnItsOwnReadsNothingItsButtonWrites() throws {
        let (object, result) = try auditJSON(Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("RecipeList.swift:46:15: note: 'recipe' of the root 'RecipeRow' starts as the preview builds it: '.samples[1]'"),
                "\(result.stderr)")
        // The row shows its own `recipe`, a constant here: the book's change reaches no body.
        let row = rows(object, in: "RecipeRow, preview")["tap Button in RecipeRow"]
        #expect(row?["evaluations"] as? Int == 0)
        #expect(row?["confidence"] as? String == "exact")
    }
}
