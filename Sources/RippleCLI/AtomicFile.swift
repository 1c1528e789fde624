#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so a reader never sees half of one: a temporary file in the same folder, then a rename.
///
/// The temporary file is `.NAME.PID.RANDOM.tmp`; one that a killed process left behind is recognised
/// by `owner(ofTemporary:for:)` and removed by the next render (`OutputFolder.removeStaleFiles`).
enum AtomicFile {
    /// Writes `bytes` to `path`, creating the folders above it; fails with `EISDIR` if `path` is a folder.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Errno) {
        let folder = FileSystem.parentFolder(of: path)
        try FileSystem.makeFolders(folder)
        if (try? FileSystem.status(path))?.kind == .folder { throw Errno(code: EISDIR) }
        let name = FileSystem.lastComponent(of: path)
        let temporary = (folder.hasSuffix("/") ? folder : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            try FileSystem.write(bytes, to: temporary)
            try FileSystem.rename(temporary, to: path)
        } catch {
            try? FileSystem.removeTree(temporary)
            throw error
        }
    }

    /// The process id in `name` if it is a temporary file of this type for a file named `target`.
    static func owner(ofTemporary name: String, for target: String) -> Int32? {
        let prefix = ".\(target)."
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
        guard middle.count == 2, let pid = Int32(middle[0]), pid > 0, UInt32(middle[1]) != nil else { return nil }
        return pid
    }
}
