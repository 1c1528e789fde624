/// The Swift part of a scenario file: its directives (`scenario`, `semantics`, and the `variant`, `step`
/// and `expect` blocks) replaced by spaces, line breaks kept, so every declaration stays where it was.
enum DirectiveBlanking {
    static func swiftPart(of source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("scenario ") || line.hasPrefix("semantics ") || line.hasPrefix("source ") || line.hasPrefix("visible rows ") {
                lines[index] = blank(line)
            } else if line.hasPrefix("variant ") || line.hasPrefix("step ") || line.hasPrefix("expect ") {
                var depth = 0
                repeat {
                    for character in lines[index] {
                        if character == "{" { depth += 1 }
                        if character == "}" { depth -= 1 }
                    }
                    lines[index] = blank(lines[index])
                    index += 1
                } while depth > 0 && index < lines.count
                continue
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    private static func blank(_ line: String) -> String { String(repeating: " ", count: line.count) }
}
