import Synchronization

/// A position in a scenario file: 1-based line and column, columns counted in characters.
///
/// A location holds its file as a number into a table of the process's file paths (`SourceFiles`), so it
/// is three plain integers: copying one costs no reference counting. Locations are copied wherever a
/// body's expressions and a step's writes go, and a path of more than 15 bytes
/// (`Scenarios/list-rows.ripple`) is a heap string, so holding it here cost an atomic retain and release
/// per copy — hundreds per simulated write.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's number in `SourceFiles`.
    private(set) var fileNumber: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The file's path as the user gave it.
    public var file: String {
        get { SourceFiles.path(fileNumber) }
        set { fileNumber = SourceFiles.number(newValue) }
    }
    /// 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.clamped(newValue) }
    }
    /// 1-based column, counted in characters (extended grapheme clusters).
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.clamped(newValue) }
    }

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        fileNumber = SourceFiles.number(file)
        storedLine = Self.clamped(line)
        storedColumn = Self.clamped(column)
    }

    /// A line or column as stored: a scenario is at most a few megabytes (`Scenario.maximumFileSize`),
    /// far below `UInt32.max`; anything outside the range is pinned to its end rather than trapping.
    private static func clamped(_ value: Int) -> UInt32 {
        UInt32(clamping: value)
    }

    /// `file:line:column`, the file on one line (`TerminalText.oneLine`).
    public var description: String { "\(TerminalText.oneLine(file)):\(line):\(column)" }

    /// The line and column as one number, a cheap key for caches of things at a place in the scenario's
    /// own file (the engine runs one file's bodies; the prelude declares no views).
    var position: Int { Int(storedLine) << 32 | Int(storedColumn) }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileNumber != rhs.fileNumber { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

/// The file paths locations refer to, numbered in the order first seen, for the life of the process.
///
/// Two locations in one file hold the same number, so comparing and hashing locations compares numbers.
/// The table only grows: a process sees a handful of paths (a command's scenario files and the prelude),
/// and a test run a few thousand, each a short string.
enum SourceFiles {
    private struct Table {
        var paths: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of a path, given one when first seen.
    static func number(_ path: String) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[path] { return number }
            let number = UInt32(table.paths.count)
            table.paths.append(path)
            table.numbers[path] = number
            return number
        }
    }

    /// The path with a number.
    static func path(_ number: UInt32) -> String {
        table.withLock { $0.paths[Int(number)] }
    }
}
