import RippleCore

/// `ripple audit --format warnings --settings FILE`: the budgets and source options of a build's audit,
/// which a build's command line cannot carry. The build-tool plugin `RippleLintPlugin` passes the
/// target's `.ripple-lint` (docs/Plugin.md); a file that does not exist sets nothing.
///
/// One setting a line, its name and its value apart by spaces, `=` or `:`; `#` starts a comment:
///
///     # the build fails over these
///     max-wasted 10
///     max-stale 0
///     min-coverage 50
///
/// Each is the `ripple audit` option of its name (`--max-wasted 10`), which checks the value.
struct LintSettings: Equatable {
    /// The file's name in a target's folder. SwiftPM leaves a hidden file out of the target's sources.
    static let fileName = ".ripple-lint"

    /// The settings there are: `ripple audit`'s budgets and source options.
    static let names = ["max-wasted", "max-stale", "min-coverage", "root", "os", "define", "rows", "visible-rows"]

    /// Most bytes the file may hold.
    static let maximumSize = 64 * 1024

    struct Setting: Equatable {
        var name: String
        var value: String
    }

    /// In the file's order.
    var values: [Setting] = []
    /// Why the file was not read, when it is a symbolic link out of its folder (`FolderWalk`): a note
    /// that names it, and sets nothing.
    var passedOver: String?

    init() {}

    /// The settings `text`, the contents of `file`, holds; a line that is not a setting is an error at it.
    init(text: String, file: String) throws(UsageError) {
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.prefix { $0 != "#" }.trimmingSpaces
            guard !line.isEmpty else { continue }
            let name = String(line.prefix { $0 != " " && $0 != "\t" && $0 != "=" && $0 != ":" })
            var rest = line.dropFirst(name.count).trimmingSpaces
            if rest.first == "=" || rest.first == ":" { rest = rest.dropFirst().trimmingSpaces }
            let place = "\(file):\(index + 1): "
            guard Self.names.contains(name) else {
                throw UsageError(message: place + "unknown setting '\(name)'; \(Self.fileName) sets \(Self.names.joined(separator: ", "))")
            }
            guard !rest.isEmpty else { throw UsageError(message: place + "'\(name)' needs a value") }
            guard !values.contains(where: { $0.name == name }) else { throw UsageError(message: place + "'\(name)' is set twice") }
            values.append(Setting(name: name, value: String(rest)))
        }
    }

    /// The settings in `path`; none when there is no such file. The file is read under the folder rule:
    /// a symbolic link out of the folder that holds it (the target's) is not read, and `passedOver` says so.
    init(contentsOf path: String) throws(UsageError) {
        if let note = FolderWalk.refusal(toRead: path) {
            self.init()
            passedOver = note
            return
        }
        guard (try? FileSystem.status(path)) != nil else {
            self.init()
            return
        }
        let contents: FileSystem.Contents
        do {
            contents = try FileSystem.read(path, atMost: Self.maximumSize)
        } catch {
            throw UsageError(message: FileError("cannot read the settings", path, error).message)
        }
        guard case .bytes(let bytes) = contents else {
            throw UsageError(message: "the settings '\(TerminalText.oneLine(path))' are over \(Self.maximumSize) bytes")
        }
        try self.init(text: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// `parsed` with the settings as its options; one given on the command line as well is an error.
    func applied(to parsed: ParsedArguments, file: String) throws(UsageError) -> ParsedArguments {
        var parsed = parsed
        for setting in values {
            guard parsed.values[setting.name] == nil else {
                throw UsageError(message: "'--\(setting.name)' is given on the command line and in the settings '\(file)'; give it once")
            }
            parsed.values[setting.name] = setting.value
        }
        return parsed
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
