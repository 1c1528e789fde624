#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system calls the command line makes, on paths as `FileSystemPath` strings.
///
/// Plain POSIX calls rather than `FileManager`: on Linux, Foundation's path APIs cannot open a file
/// whose name is not UTF-8, report failures as Cocoa errors without a path or a reason
/// (`NSCocoaErrorDomain Code=512 "(null)"`), and read a whole file before its size can be checked.
/// Every failure is an `Errno`, which the caller turns into a message naming the path it means.
enum FileSystem {
    /// What a path names.
    enum Kind: Equatable {
        case file, folder, symbolicLink, fifo, device, socket, other

        /// What a message calls it: `a FIFO`, `a device`.
        var described: String {
            switch self {
            case .file: "a regular file"
            case .folder: "a folder"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO"
            case .device: "a device"
            case .socket: "a socket"
            case .other: "not a file"
            }
        }
    }

    /// The parts of `stat` the command line looks at.
    struct Status: Equatable {
        var kind: Kind
        var size: Int
        /// Last modification, in seconds since 1970.
        var modified: Int
        var device: UInt64
        var inode: UInt64

        /// Whether both name the same file (a hard link, or the same path spelt two ways).
        func isSameFile(as other: Status) -> Bool { identity == other.identity }

        /// The file itself, whatever its names: its device and inode.
        var identity: Identity { Identity(device: device, inode: inode) }
    }

    /// A file's device and inode: equal for every name of one file.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The status of `path`, following a final symbolic link unless `followingLinks` is false.
    static func status(_ path: String, followingLinks: Bool = true) throws(Errno) -> Status {
        var info = stat()
        let result = FileSystemPath.withCString(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { throw Errno.current }
        return Status(info)
    }

    /// Whether anything, even a dangling symbolic link, is at `path`.
    static func exists(_ path: String) -> Bool {
        (try? status(path, followingLinks: false)) != nil
    }

    // MARK: - Reading

    /// A file's bytes, or how far past a limit it went.
    enum Contents: Equatable {
        case bytes([UInt8])
        /// Over the limit: `size` bytes when the file said so, nil for a stream read up to one byte past it.
        case tooLarge(size: Int?)
    }

    /// Most seconds a FIFO is waited for, from opening it to its first byte or its end.
    static let streamWait = 2

    /// Reads at most `limit` bytes of `path`, which must be a regular file unless `allowingStreams`.
    ///
    /// The file is opened without waiting (a FIFO with no writer would block `open` itself) and checked
    /// with `fstat` before anything is read: anything but a regular file fails with
    /// `Errno.notRegularFile`. A regular file's size is checked before it is read. A stream allowed
    /// (a pipe, `/dev/zero`, a FIFO) is read in pieces until it ends or passes the limit by one byte, so
    /// no more than the limit and one byte is ever held; a FIFO that neither writes nor ends within
    /// `streamWait` seconds fails with `ETIMEDOUT`.
    static func read(_ path: String, atMost limit: Int, allowingStreams: Bool = false) throws(Errno) -> Contents {
        let (descriptor, status) = try openForReading(path, allowingStreams: allowingStreams)
        defer { close(descriptor) }
        if status.kind == .file && status.size > limit { return .tooLarge(size: status.size) }
        let bytes = try read(descriptor, upTo: limit + 1, expecting: status.kind == .file ? status.size : nil)
        // A regular file that grew after `fstat` is no longer the size it gave: say "more than".
        return bytes.count > limit ? .tooLarge(size: nil) : .bytes(bytes)
    }

    /// The first `count` bytes of a regular file (fewer if it is shorter), for recognising it.
    static func prefix(_ path: String, count: Int) throws(Errno) -> [UInt8] {
        let (descriptor, _) = try openForReading(path, allowingStreams: false)
        defer { close(descriptor) }
        return try read(descriptor, upTo: count, expecting: nil)
    }

    /// Opens `path` for reading with `O_NONBLOCK`, so that opening a FIFO never waits, and returns it
    /// with its `fstat`; a folder fails with `EISDIR`, anything else but a regular file with
    /// `Errno.notRegularFile` unless `allowingStreams`. A stream is made blocking again once open, and a
    /// FIFO waited for at most `streamWait` seconds.
    private static func openForReading(_ path: String, allowingStreams: Bool) throws(Errno) -> (Int32, Status) {
        let descriptor = FileSystemPath.withCString(path) { systemOpen($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Errno.current }
        do throws(Errno) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw Errno.current }
            let status = Status(info)
            switch status.kind {
            case .file:
                return (descriptor, status)
            case .folder:
                throw Errno(code: EISDIR)
            case .fifo where allowingStreams, .device where allowingStreams:
                let flags = fcntl(descriptor, F_GETFL)
                guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw Errno.current }
                if status.kind == .fifo {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let result = poll(&ready, 1, Int32(streamWait * 1000))
                    if result < 0 { throw Errno.current }
                    if result == 0 { throw Errno(code: ETIMEDOUT) }
                }
                return (descriptor, status)
            default:
                throw Errno.notRegularFile(status.kind)
            }
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Reads until the end or `limit` bytes. A regular file is read into room for the size `fstat` gave
    /// and one byte more (the byte that shows it grew); a stream in pieces of at most 64 KB.
    ///
    /// The room is left uninitialized for `read` to fill: zero-filling 64 KB for each file and removing
    /// what the read does not use would take 91% of the time of reading 5,000 small files.
    private static func read(_ descriptor: Int32, upTo limit: Int, expecting size: Int?) throws(Errno) -> [UInt8] {
        let chunk = 64 * 1024
        var bytes: [UInt8] = []
        while bytes.count < limit {
            // Room for the rest of the expected size and one byte more, or else a stream's piece.
            let wanted = size.map { $0 + 1 - bytes.count }.flatMap { $0 > 0 ? $0 : nil } ?? chunk
            let count = min(wanted, limit - bytes.count)
            var failure: Errno?
            let piece = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                let received = systemRead(descriptor, buffer.baseAddress!, count)
                if received < 0 { failure = Errno.current }
                initialized = max(0, received)
            }
            if let failure {
                if failure.code == EINTR { continue }
                throw failure
            }
            if piece.isEmpty { break }
            if bytes.isEmpty { bytes = piece } else { bytes += piece }
        }
        return bytes
    }

    /// The names in a folder, without `.` and `..`, in no particular order.
    static func contentsOfFolder(_ path: String) throws(Errno) -> [String] {
        guard let folder = FileSystemPath.withCString(path, { opendir($0) }) else { throw Errno.current }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileSystemPath.string(fromBytes: raw.prefix(while: { $0 != 0 }))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: - Writing

    /// Writes `bytes` to a new or truncated file at `path`.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Errno) {
        let descriptor = FileSystemPath.withCString(path) { systemOpen($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw Errno.current }
        // A native string's UTF-8 is written where it is, without a copy.
        let failure = bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0), to: descriptor) }
            ?? Array(bytes).withUnsafeBytes { write($0, to: descriptor) }
        // A full disk or a network file system may report a failed write only here.
        let closed = close(descriptor) == 0 ? nil : Errno.current
        if let error = failure ?? closed { throw error }
    }

    /// Writes all of `buffer`, returning the error that stopped it.
    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Errno? {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return Errno.current
            }
            offset += written
        }
        return nil
    }

    /// Creates one folder.
    static func makeFolder(_ path: String) throws(Errno) {
        guard FileSystemPath.withCString(path, { mkdir($0, 0o755) }) == 0 else { throw Errno.current }
    }

    /// Creates a folder and every missing folder above it, like `mkdir -p`.
    static func makeFolders(_ path: String) throws(Errno) {
        if let existing = try? status(path) {
            if existing.kind == .folder { return }
            throw Errno(code: ENOTDIR)
        }
        let parent = parentFolder(of: path)
        if parent != path { try makeFolders(parent) }
        do {
            try makeFolder(path)
        } catch where error.code == EEXIST {
            // Made meanwhile by someone else: fine if it is a folder.
            guard (try? status(path))?.kind == .folder else { throw Errno(code: ENOTDIR) }
        }
    }

    /// Renames `source` to `destination`, replacing a file there.
    static func rename(_ source: String, to destination: String) throws(Errno) {
        let result = FileSystemPath.withCString(source) { from in FileSystemPath.withCString(destination) { to in systemRename(from, to) } }
        guard result == 0 else { throw Errno.current }
    }

    /// Removes a file, or a folder and everything in it; symbolic links are removed, never followed.
    static func removeTree(_ path: String) throws(Errno) {
        let status = try status(path, followingLinks: false)
        if status.kind == .folder {
            for name in try contentsOfFolder(path) { try removeTree(path + "/" + name) }
            guard FileSystemPath.withCString(path, { rmdir($0) }) == 0 else { throw Errno.current }
        } else {
            guard FileSystemPath.withCString(path, { unlink($0) }) == 0 else { throw Errno.current }
        }
    }

    // MARK: - Paths

    /// The folder `path` is in: `a/b` for `a/b/c`, `.` for `c`, `/` for `/c`.
    static func parentFolder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component of `path`: `c` for `a/b/c/`.
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    /// The working folder, absolute.
    static func currentFolder() -> String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return FileSystemPath.string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// `path` made absolute with every symbolic link resolved, as far as it exists; the missing rest is
    /// appended as written, so a file that is yet to be written can be compared with existing ones.
    static func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let parent = parentFolder(of: path)
        let name = lastComponent(of: path)
        if parent == path || name == "." || name == ".." { return path }
        let base = resolved(parent)
        return (base.hasSuffix("/") ? base : base + "/") + name
    }

    /// `path` made absolute with every symbolic link resolved (`realpath`); nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let pointer = FileSystemPath.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(pointer) }
        return FileSystemPath.string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }
}

// The C functions under names of their own: inside `FileSystem`, `read`, `write` and `rename` are its own.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { open(path, flags, mode) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemRename(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>) -> Int32 { rename(source, destination) }

extension FileSystem.Status {
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR, S_IFBLK: kind = .device
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        size = Int(info.st_size)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec)
        #else
        modified = Int(info.st_mtim.tv_sec)
        #endif
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
