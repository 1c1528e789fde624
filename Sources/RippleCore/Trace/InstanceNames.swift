/// The instances a variant had at any time, by every name an expectation may give one: its path, any
/// tail of the path that starts at a `/`, and the same with a row written by a field of its element
/// (`TaskList/TaskRow[title: "Call Sam"]` for `Root/TaskList/TaskRow[UUID-3]`).
public struct InstanceNames: Sendable {
    /// A path spelled with a row by a field of its element, and the path it stands for.
    struct Alias: Hashable, Comparable, Sendable {
        var spelling: String
        var path: String

        static func < (lhs: Alias, rhs: Alias) -> Bool { (lhs.spelling, lhs.path) < (rhs.spelling, rhs.path) }
    }

    /// The view types of the instances at `paths`: each path's names without their row and identity
    /// parts (`List/Row[2]` holds `List` and `Row`).
    public static func viewTypes(inPaths paths: [String]) -> Set<String> {
        var types: Set<String> = []
        for path in paths {
            for name in path.split(separator: "/") { types.insert(String(name.prefix { $0 != "[" && $0 != " " })) }
        }
        return types
    }

    /// Every instance path, in creation order.
    public let paths: [String]
    /// Each spelling, a path or a path with a row by field, by its last part, with the path it stands for:
    /// a reference is compared with the spellings that end in its own last part, not with every one.
    private var byLastPart: [String: [(spelling: String, path: String)]] = [:]

    /// The names of `paths`, and of the spellings by field that the engine gave for them.
    init(paths: [String], byField aliases: [Alias] = []) {
        self.paths = paths
        for path in paths { byLastPart[Self.lastPart(of: path), default: []].append((path, path)) }
        for alias in aliases { byLastPart[Self.lastPart(of: alias.spelling), default: []].append((alias.spelling, alias.path)) }
    }

    /// The paths `reference` names: those with a spelling equal to it or ending in `/` and it.
    public func paths(named reference: String) -> Set<String> {
        let candidates = byLastPart[Self.lastPart(of: reference)] ?? []
        return Set(candidates.filter { $0.spelling == reference || $0.spelling.hasSuffix("/" + reference) }.map(\.path))
    }

    /// The instances' short names, for a "did you mean".
    public var shortNames: some Collection<String> { byLastPart.keys }

    /// The fields that `references` name rows by: `title` in `TaskRow[title: "Call Sam"]`.
    static func fieldsNamed(in references: [String]) -> Set<String> {
        var fields: Set<String> = []
        for reference in references where reference.contains(":") {
            var field = ""
            forEachOutsideStrings(reference) { _, character in
                if character == ":" {
                    if !field.isEmpty { fields.insert(field) }
                    field = ""
                } else if character.isLetter || character.isNumber || character == "_" {
                    field.append(character)
                } else {
                    field = ""
                }
            }
        }
        return fields
    }

    /// The part of a name after its last `/` outside brackets and string literals: the instance's short
    /// name (`TaskRow[title: "a/b"]` is one part).
    static func lastPart(of name: String) -> String {
        // An ASCII name is read byte by byte, to the same part: each byte is a character, but for a CR LF,
        // which is two bytes and one character and holds none of the characters looked for. A variant
        // builds a hundred thousand names for a list of that many rows.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return lastPart(ofASCII: name) }
        var start = name.startIndex
        var depth = 0
        forEachOutsideStrings(name) { index, character in
            if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
            } else if character == "/" && depth == 0 {
                start = name.index(after: index)
            }
        }
        return String(name[start...])
    }

    /// `lastPart(of:)` for a name of ASCII alone.
    private static func lastPart(ofASCII name: String) -> String {
        let bytes = name.utf8
        var start = bytes.startIndex
        var depth = 0
        var inString = false
        var escaped = false
        for index in bytes.indices {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: "/") && depth == 0 {
                start = bytes.index(after: index)
            }
        }
        return String(name[start...])
    }

    /// Calls `body` with each character of `name` that is outside its string literals (the quotes
    /// left out), with its index; a `\"` inside a literal does not end it.
    private static func forEachOutsideStrings(_ name: String, _ body: (String.Index, Character) -> Void) {
        var inString = false
        var escaped = false
        for index in name.indices {
            let character = name[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else {
                body(index, character)
            }
        }
    }
}
