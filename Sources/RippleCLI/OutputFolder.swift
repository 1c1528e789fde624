import Foundation
import RippleRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes rendered scenarios without ever leaving a half-written folder or touching anything else.
///
/// A scenario's files are written into a hidden staging folder next to their final place, then the
/// folders are swapped; an interrupted run leaves the previous output as it was.
struct OutputFolder {
    static let marker = ".ripple-output"
    let root: URL

    /// Refuses a folder that is one of the input folders, or inside one of them.
    init(path: String, inputs: [String]) throws(UsageError) {
        let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
            let folder = isDirectory.boolValue ? URL(fileURLWithPath: input) : URL(fileURLWithPath: input).deletingLastPathComponent()
            let inputFolder = folder.standardizedFileURL.resolvingSymlinksInPath()
            if root.path == inputFolder.path || root.path.hasPrefix(inputFolder.path + "/") && isDirectory.boolValue {
                throw UsageError(message: "refusing to write into '\(path)': it is the scenarios folder '\(input)'; choose another output folder with -o")
            }
        }
        self.root = root
    }

    /// Writes one scenario's files into `root/<folder>`, replacing the previous ones in one swap.
    func write(_ rendered: RenderedScenario, summary: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let final = root.appendingPathComponent(rendered.folder)
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: final.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, fileManager.fileExists(atPath: final.appendingPathComponent(Self.marker).path) else {
                throw CocoaError(.fileWriteFileExists, userInfo: [NSLocalizedDescriptionKey: "refusing to replace '\(final.path)': Ripple did not write it"])
            }
        }
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = root.appendingPathComponent(".ripple-staging-\(rendered.folder)-\(token)")
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        do {
            for (path, contents) in rendered.files {
                try Data(contents.utf8).write(to: staging.appendingPathComponent(path))
            }
            try Data(summary.utf8).write(to: staging.appendingPathComponent("summary.json"))
            try Data("Rendered by Ripple; this folder is replaced as a whole on the next render.\n".utf8).write(to: staging.appendingPathComponent(Self.marker))
            try swap(staging, into: final)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
    }

    /// Moves `staging` to `final`; an existing `final` is exchanged atomically where the system can.
    private func swap(_ staging: URL, into final: URL) throws {
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: final.path) {
            guard rename(staging.path, final.path) == 0 else { throw posixError("rename") }
            return
        }
        #if canImport(Glibc)
        // renameat2(RENAME_EXCHANGE): both folders exist at every instant. Swift's Glibc module does not
        // export it, so it is looked up by name.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            if renameat2(AT_FDCWD, staging.path, AT_FDCWD, final.path, 2) == 0 {
                try? fileManager.removeItem(at: staging)
                return
            }
        }
        #endif
        let old = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent + "-old")
        guard rename(final.path, old.path) == 0 else { throw posixError("rename") }
        guard rename(staging.path, final.path) == 0 else {
            _ = rename(old.path, final.path)
            throw posixError("rename")
        }
        try? fileManager.removeItem(at: old)
    }

    private func posixError(_ call: String) -> Error {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "\(call) failed: \(String(cString: strerror(errno)))"])
    }

    /// Rebuilds `root/index.html` from every rendered scenario's summary in the folder.
    func writeGallery() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var summaries: [GallerySummary] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = root.appendingPathComponent(name).appendingPathComponent("summary.json")
            guard let data = FileManager.default.contents(atPath: url.path),
                  let summary = GallerySummary.decode(String(decoding: data, as: UTF8.self)) else { continue }
            summaries.append(summary)
        }
        try AtomicFile.write(GalleryPage.page(summaries).utf8, to: root.appendingPathComponent("index.html").path)
    }
}
