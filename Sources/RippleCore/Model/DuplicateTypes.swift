/// Which of several types of one name in Swift source Ripple simulates, and the note each other one gets.
///
/// Swift keeps a `private` or `fileprivate` type to its file, so two files may each declare their own
/// `Row`; and apps carry stray Finder copies (`ContentView 2.swift`) and playgrounds that the Xcode
/// project does not build. Ripple's declaration table holds one type per name, so it keeps one: a type
/// visible to the whole module over a `private` or `fileprivate` one, a type in a file not named like a
/// Finder copy nor in a playground over one that is, and otherwise the first in file order. Each other declaration is a note at
/// its place naming the one used and why; the uses of a `private` type in its own file are simulated
/// with the kept type too, which the note says.
package enum DuplicateTypes {
    /// One declaration of a name, in file order.
    package struct Candidate: Sendable {
        package var location: SourceLocation
        package var isFilePrivate: Bool

        package init(location: SourceLocation, isFilePrivate: Bool) {
            self.location = location
            self.isFilePrivate = isFilePrivate
        }
    }

    /// The index of the declaration to keep.
    package static func kept(_ candidates: [Candidate]) -> Int {
        candidates.indices.min { rank(candidates[$0]) < rank(candidates[$1]) || rank(candidates[$0]) == rank(candidates[$1]) && $0 < $1 } ?? 0
    }

    /// Lower is preferred: visible to the whole module first, then not in a Finder copy or a playground.
    private static func rank(_ candidate: Candidate) -> Int {
        (candidate.isFilePrivate ? 2 : 0) + (isFinderCopy(candidate.location.file) || isInPlayground(candidate.location.file) ? 1 : 0)
    }

    /// Whether a file is a page of an Xcode playground (`RowToSheet.playground/Contents.swift`), which the
    /// app does not build.
    package static func isInPlayground(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix(".playground") }
    }

    /// Whether a file is named as Finder names a copy: `ContentView 2.swift`, `Model copy.swift`.
    package static func isFinderCopy(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix(".swift") else { return false }
        let stem = name.dropLast(".swift".count)
        if stem.hasSuffix(" copy") { return true }
        guard let space = stem.lastIndex(of: " ") else { return false }
        let number = stem[stem.index(after: space)...]
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    /// The note at a declaration Ripple does not simulate, naming the one it uses and why.
    package static func message(for name: String, _ dropped: Candidate, keeping kept: Candidate) -> String {
        let place = "line \(kept.location.line) of \(kept.location.file)"
        let why: String
        if dropped.isFilePrivate && kept.isFilePrivate {
            why = "both are 'private' or 'fileprivate' to their own files and Ripple keeps one type per name, so the uses in this file are simulated with that one"
        } else if dropped.isFilePrivate {
            why = "that one is visible to the whole module and this one is 'private' or 'fileprivate', so the uses in this file are simulated with that one"
        } else if isFinderCopy(dropped.location.file) && !isFinderCopy(kept.location.file) {
            why = "this file is named like a Finder copy of another"
        } else if isInPlayground(dropped.location.file) && !isInPlayground(kept.location.file) {
            why = "this file is in a playground, which the app does not build"
        } else {
            why = "that one comes first in file order"
        }
        return "a second type named '\(name)' is not simulated; Ripple uses the one at \(place): \(why)"
    }
}
