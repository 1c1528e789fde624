// Greedy shrinking of a failing case.

/// Shrinks a case while a predicate keeps holding: tries removing one reader, one write or one read at a time
/// (in that order), keeps the first removal that still fails, and starts over until no single removal does.
/// Every reader keeps at least one read; the case keeps at least one reader and one write.
enum Shrinker {
    static func shrink(_ start: OracleCase, stillFails: (OracleCase) -> Bool) -> OracleCase {
        var current = start
        var progress = true
        while progress {
            progress = false
            for candidate in current.smaller where stillFails(candidate) {
                current = candidate
                progress = true
                break
            }
        }
        return current
    }
}
