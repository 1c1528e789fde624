import RippleCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call's failure: the `errno` it set.
struct Errno: Error, Equatable {
    var code: Int32
    /// What the file is, when the call refused it for not being a regular file.
    var kind: FileSystem.Kind? = nil

    /// The current `errno`.
    static var current: Errno { Errno(code: errno) }

    /// A refusal to read a FIFO, device or socket where only a regular file is read.
    static func notRegularFile(_ kind: FileSystem.Kind) -> Errno { Errno(code: EINVAL, kind: kind) }

    /// Why, in the plain words a message ends with: `permission denied`, `it is a folder`.
    var reason: String {
        if let kind { return "it is \(kind.described), not a regular file" }
        return switch code {
        case ENOENT: "no such file or folder"
        case EACCES: "permission denied"
        case EPERM: "operation not permitted"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case ELOOP: "too many levels of symbolic links"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is used up"
        case EROFS: "the file system is read-only"
        case EEXIST: "it already exists"
        case ENOTEMPTY: "the folder is not empty"
        case ENAMETOOLONG: "the name is too long"
        case EMFILE, ENFILE: "too many files are open"
        case EIO: "an input/output error"
        case EBUSY: "it is in use"
        case EXDEV: "it is on another file system"
        case EFBIG: "the file is too large"
        case ENXIO, ENODEV: "no such device"
        case ETIMEDOUT: "nothing wrote to it or closed it within \(FileSystem.streamWait) seconds"
        default:
            // strerror's words, with a lowercase first letter like every other message.
            String(cString: strerror(code)).prefix(1).lowercased() + String(cString: strerror(code)).dropFirst()
        }
    }
}

/// A file operation that failed, as one message: what was being done, to which path, and why.
///
/// `cannot read 'a.ripple': too many levels of symbolic links`,
/// `cannot write 'out/x/index.html': permission denied`.
struct FileError: Error, CustomStringConvertible {
    var message: String

    /// `"\(action) '\(path)': \(reason)"`, the reason taken from `errno`.
    init(_ action: String, _ path: String, _ error: Errno) {
        message = "\(action) '\(TerminalText.oneLine(path))': \(error.reason)"
    }

    /// `"\(action) '\(path)': \(reason)"`.
    init(_ action: String, _ path: String, reason: String) {
        message = "\(action) '\(TerminalText.oneLine(path))': \(reason)"
    }

    /// A message of its own, such as a refusal.
    init(message: String) {
        self.message = TerminalText.oneLine(message)
    }

    var description: String { message }
}
