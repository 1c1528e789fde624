import CGraphviz
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Every call into graphviz's C library lives in this file. Each call parses, lays out,
// renders and frees its graph within one locked region, and hands back Swift values
// only: no C pointer but the process-wide context outlives `render`.

// MARK: - Errors

/// A failure reported by graphviz while reading, laying out or rendering a graph.
public enum GraphvizError: Error, Equatable, CustomStringConvertible {
    /// The DOT text holds no graph graphviz can read.
    case parse(message: String)
    /// The layout engine is unknown, not installed, or could not place the graph.
    case layout(engine: String, message: String)
    /// The output format is unknown or its renderer failed.
    case render(format: String, message: String)

    /// What graphviz said, cleaned of its `Error: ` prefixes.
    public var message: String {
        switch self {
        case .parse(let message), .layout(_, let message), .render(_, let message): message
        }
    }

    /// A one-line summary naming the stage that failed.
    public var description: String {
        switch self {
        case .parse(let message): "graphviz could not read the DOT input: \(message)"
        case .layout(let engine, let message): "graphviz layout '\(engine)' failed: \(message)"
        case .render(let format, let message): "graphviz could not render '\(format)': \(message)"
        }
    }
}

// MARK: - Rendering

/// Lays out and renders DOT text with graphviz's C library, inside this process.
public enum Graphviz {
    /// Renders `dot` with the layout `engine` into `format` and returns the output bytes.
    ///
    /// Calls are serialized process-wide because graphviz keeps global state (error
    /// handler, parser, plugin loader) and crashes under concurrent use, even with one
    /// context per thread.
    public static func render(
        dot: String,
        engine: String = "dot",
        format: String = "svg"
    ) throws(GraphvizError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return try renderLocked(dot: dot, engine: engine, format: format)
    }

    /// Renders `dot` with the layout `engine` as an SVG document.
    public static func renderSVG(dot: String, engine: String = "dot") throws(GraphvizError) -> String {
        String(decoding: try render(dot: dot, engine: engine, format: "svg"), as: UTF8.self)
    }

    /// Guards every graphviz call, `processContext` and `collectedMessages`.
    private static let lock = NSLock()

    /// Runs one parse → layout → render cycle; the caller holds `lock`.
    private static func renderLocked(dot: String, engine: String, format: String) throws(GraphvizError) -> [UInt8] {
        // Route messages to `collect` instead of stderr. The level stays at AGWARN so
        // warnings reach the handler too: below the level they would pile up in a
        // temporary file that only `aglasterr` reads.
        let previousHandler = agseterrf(collect)
        let previousLevel = agseterr(AGWARN)
        defer {
            // graphviz keeps its error count and last message until reset, and
            // `collectedMessages` would carry this call's text into the next one.
            agreseterrors()
            agseterr(previousLevel)
            agseterrf(previousHandler)
            collectedMessages = ""
        }

        // The context comes first: it declares default attributes that the parser uses.
        guard let context = sharedContext() else {
            throw .layout(engine: engine, message: "could not create a graphviz context")
        }

        // Graphviz's lexer keeps what it read past a graph's closing brace (a trailing newline) and its
        // line count for the next parse, which then reported its errors a line too far. Nothing is left
        // after the brace when the input ends there, and `agsetfile` restarts the count.
        agsetfile(nil)
        // NULL means bad DOT, but also input with no graph at all, which reports nothing.
        guard let graph = Self.trimmingTrailingWhitespace(dot).withCString({ ripple_read_graph($0) }) else {
            throw .parse(message: takeMessages() ?? "the input holds no graph")
        }
        defer { agclose(graph) }

        // Freed even after a failed layout, which may have attached partial data.
        defer { gvFreeLayout(context, graph) }
        guard gvLayout(context, graph, engine) == 0 else {
            let message = takeMessages() ?? "layout failed"
            // Without its plugin list (`config6a`) graphviz knows no engine at all, not even
            // "dot", and its own message ("Use one of:" and nothing) does not say why.
            guard layoutPluginCount(context) > 0 else {
                throw .layout(engine: engine, message: """
                    no layout engines are registered with graphviz; \
                    run 'libgvc6-config-update -c' (or 'dot -c') to recreate its plugin list
                    """)
            }
            throw .layout(engine: engine, message: message)
        }

        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format, &data, &length)
        // A failed render still allocates the buffer, so free it on every path.
        defer { if let data { gvFreeRenderData(data) } }
        guard status == 0, let data else {
            throw .render(format: format, message: takeMessages() ?? "rendering failed")
        }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// The process's one graphviz context, created on first use; the caller holds `lock`.
    ///
    /// It is never freed. graphviz 2.43's text-layout plugin keeps a pointer to the last
    /// font name, which `gvFreeContext` frees, so the next context reads freed memory
    /// (valgrind and ASan report it); freeing also leaks about 4 KB per context and
    /// costs 0.4 ms a call to reload the plugins.
    private static func sharedContext() -> OpaquePointer? {
        if processContext == nil { processContext = gvContext() }
        return processContext
    }

    /// Set once by `sharedContext()`, read only while `lock` is held.
    nonisolated(unsafe) private static var processContext: OpaquePointer?

    /// Returns the messages graphviz reported during this call, or nil if there were none.
    /// The input without the whitespace after its last graph, so the parser reads it to the end.
    static func trimmingTrailingWhitespace(_ dot: String) -> String {
        var end = dot.utf8.endIndex
        while end > dot.utf8.startIndex {
            let before = dot.utf8.index(before: end)
            switch dot.utf8[before] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): end = before
            default: return end == dot.utf8.endIndex ? dot : String(dot[..<end])
            }
        }
        return ""
    }

    private static func takeMessages() -> String? {
        let lines = collectedMessages
            .split(whereSeparator: \.isNewline)
            .map { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("Error: ") ? String(trimmed.dropFirst("Error: ".count)) : trimmed
            }
            .filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Counts the layout engines graphviz found in its plugin configuration.
    private static func layoutPluginCount(_ context: OpaquePointer) -> Int {
        var count: Int32 = 0
        guard let names = gvPluginList(context, "layout", &count, nil) else { return 0 }
        // The list and each name are malloc'd copies owned by the caller.
        for index in 0..<Int(count) { free(names[index]) }
        free(names)
        return Int(count)
    }
}

// MARK: - Message capture

/// Text graphviz reported during the current call.
///
/// Only touched while `Graphviz.lock` is held: graphviz calls `collect` synchronously
/// from inside the locked region, and a C function pointer cannot carry a context.
nonisolated(unsafe) private var collectedMessages = ""

/// Receives graphviz's messages, which arrive in fragments ("Error", ": ", "text\n").
private let collect: agusererrf = { fragment in
    if let fragment { collectedMessages += String(cString: fragment) }
    return 0
}
