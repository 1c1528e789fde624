/// Finds the nearest known name for "did you mean" suggestions.
package enum Suggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        // The distance costs length × length: a name this long is no typo worth the time.
        guard name.count <= 64 else { return nil }
        let limit = max(1, name.count / 3 + 1)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name && abs(candidate.count - name.count) <= limit {
            let distance = editDistance(Array(name.lowercased()), Array(candidate.lowercased()), limit: limit)
            if distance <= limit, best == nil || distance < best!.distance
                || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `; did you mean 'x'?` or the empty string.
    package static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        nearest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Damerau-free Levenshtein distance, cut off early once it exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
