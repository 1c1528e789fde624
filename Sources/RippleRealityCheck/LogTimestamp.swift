/// The timestamp that begins a unified log line (`2025-03-04 09:12:01.104233-0800`) or an event's
/// `timestamp` field, as seconds: only differences between two of them are used, for the time gaps that
/// split a log without markers into steps.
enum LogTimestamp {
    /// The seconds of the timestamp `text` begins with, and the text after it and the spaces that follow;
    /// nil seconds and `text` itself when it begins with none. Read: `YYYY-MM-DD`, a space or `T`,
    /// `HH:MM:SS`, an optional fraction, and an optional zone (`Z`, `-0800`, `+01:00`).
    static func leading(_ text: Substring) -> (seconds: Double?, rest: Substring) {
        var scanner = Scanner(text)
        guard let year = scanner.number(digits: 4), scanner.take("-"), let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2), scanner.take(" ") || scanner.take("T"),
              let hour = scanner.number(digits: 2), scanner.take(":"), let minute = scanner.number(digits: 2), scanner.take(":"),
              let second = scanner.number(digits: 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return (nil, text) }
        var seconds = Double(days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second)
        if scanner.take(".") {
            var scale = 0.1
            while let digit = scanner.digit() {
                seconds += Double(digit) * scale
                scale /= 10
            }
        }
        if scanner.take("Z") {
            // UTC: no offset.
        } else if let sign = scanner.peek, sign == "+" || sign == "-" {
            scanner.advance()
            guard let hours = scanner.number(digits: 2) else { return (nil, text) }
            _ = scanner.take(":")
            let minutes = scanner.number(digits: 2) ?? 0
            let offset = Double(hours * 3_600 + minutes * 60)
            seconds -= sign == "+" ? offset : -offset
        }
        // A timestamp is followed by a space or ends the text.
        guard scanner.atEnd || scanner.peek == " " || scanner.peek == "\t" else { return (nil, text) }
        return (seconds, scanner.rest.drop { $0 == " " || $0 == "\t" })
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads characters from the front of a substring.
    private struct Scanner {
        var rest: Substring
        init(_ text: Substring) { rest = text }

        var atEnd: Bool { rest.isEmpty }
        var peek: Character? { rest.first }
        mutating func advance() { rest = rest.dropFirst() }

        mutating func take(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }

        mutating func digit() -> Int? {
            guard let first = rest.first, let value = first.wholeNumberValue, first.isASCII else { return nil }
            rest = rest.dropFirst()
            return value
        }

        /// Exactly `digits` ASCII digits as a number.
        mutating func number(digits: Int) -> Int? {
            var value = 0
            let saved = rest
            for _ in 0..<digits {
                guard let digit = digit() else { rest = saved; return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
