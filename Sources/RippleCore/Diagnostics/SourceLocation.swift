/// A position in a scenario file: 1-based line and column, columns counted in characters.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters (extended grapheme clusters).
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    /// The line and column as one number, a cheap key for caches of things at a place in the scenario's
    /// own file (the engine runs one file's bodies; the prelude declares no views).
    var position: Int { line << 32 | (column & 0xFFFF_FFFF) }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
