import Foundation
import RippleCore

/// Finds and loads scenario files, printing diagnostics the compiler way.
enum ScenarioFiles {
    /// Files named on the command line, with folders expanded to their `*.ripple` files in name order.
    static func expand(_ paths: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError(message: "no such file or folder '\(path)'")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let found = names.filter { $0.hasSuffix(".ripple") }.sorted()
                if found.isEmpty { throw UsageError(message: "no '.ripple' files in '\(path)'") }
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += found.map { base + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Loads a scenario; on failure prints every diagnostic with its source line and returns nil.
    static func load(_ path: String, stderr: inout some TextOutputStream) -> Scenario? {
        guard let data = FileManager.default.contents(atPath: path) else {
            stderr.write("\(path): error: cannot read the file\n")
            return nil
        }
        let bytes = [UInt8](data)
        do throws(DiagnosticError) {
            return try Scenario(bytes: bytes, file: path)
        } catch {
            let source = String(decoding: bytes, as: UTF8.self)
            stderr.write(DiagnosticPrinter(source: source).render(error))
            let count = error.count
            stderr.write("\(count) error\(count == 1 ? "" : "s") in \(path)\n")
            return nil
        }
    }

    static func semantics(_ parsed: ParsedArguments) throws(UsageError) -> Semantics? {
        guard let name = parsed.values["semantics"] else { return nil }
        guard let semantics = Semantics(rawValue: name) else {
            throw UsageError(message: "unknown semantics '\(name)'; expected 'swift5.9' or 'swift6.2'")
        }
        return semantics
    }
}
