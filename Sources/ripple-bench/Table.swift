// Plain-text tables and number formats for the report.

import Foundation

struct Table {
    var title: String
    var header: [String]
    var rows: [[String]] = []
    /// Columns aligned left (the others align right).
    var leftColumns: Set<Int> = [0]

    mutating func add(_ row: [String]) { rows.append(row) }

    var text: String {
        let all = [header] + rows
        let count = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for index in 0..<count {
                let cell = index < row.count ? row[index] : ""
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                parts.append(leftColumns.contains(index) ? cell + padding : padding + cell)
            }
            return parts.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var text = title + "\n"
        text += line(header) + "\n"
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }
}

enum Format {
    static func seconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if value < 0.001 { return String(format: "%.0f µs", value * 1e6) }
        if value < 1 { return String(format: "%.1f ms", value * 1e3) }
        if value < 100 { return String(format: "%.2f s", value) }
        return String(format: "%.0f s", value)
    }

    static func micros(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if value < 10 { return String(format: "%.2f", value) }
        if value < 1000 { return String(format: "%.1f", value) }
        return integer(Int(value.rounded()))
    }

    static func integer(_ value: Int?) -> String {
        guard let value else { return "–" }
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    static func rate(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return integer(Int(value.rounded()))
    }

    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        if value < 0.01 { return String(format: "%.4f×", value) }
        if value < 10 { return String(format: "%.2f×", value) }
        return String(format: "%.1f×", value)
    }

    /// KiB → decimal megabytes.
    static func megabytes(kib: Int?) -> String {
        guard let kib, kib > 0 else { return "–" }
        return String(format: "%.0f MB", Double(kib) * 1024 / 1e6)
    }

    static func kilobytes(_ bytes: Int?) -> String {
        guard let bytes else { return "–" }
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
        return String(format: "%.0f KB", Double(bytes) / 1e3)
    }
}
