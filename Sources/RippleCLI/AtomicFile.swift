import Foundation

/// Writes files so a reader never sees half of one: a temporary file in the same folder, then a rename.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
