import RippleCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for every folder Ripple reads and every file it reads by a name the input gives: a
/// symbolic link is followed only when its real path stays inside the folder, so no file of a pull
/// request can make Ripple read, and print, a file outside it (a CI runner's environment, a password
/// file). What is passed over gets a note that names it and says why, and nothing of its contents.
enum FolderWalk {
    /// What a folder walk found: the files to read, and why it read no others.
    struct Walk {
        /// In path order.
        var files: [String] = []
        /// One line per file or link passed over, in the order found: `'App/Env.swift' was not read: …`.
        var skipped: [String] = []
        /// A note at each file or folder found that the system would not let Ripple read (permission
        /// denied, a path longer than the system takes): the rest of the folder is read.
        var unread: [Diagnostic] = []

        /// Notes that `path`, found in the walk, was not read, and why.
        mutating func passOver(_ path: String, _ error: Errno) {
            unread.append(.note("'\(FileSystem.lastComponent(of: path))' was not read: \(error.reason); the rest of the folder is read",
                                at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// Which files a walk reads and how deep it goes.
    struct Kind {
        /// The ending of the names read: `.swift`, `.ripple`.
        var suffix: String
        /// Whether subfolders are read too.
        var recursive: Bool
        /// Whether a FIFO or device is read as a stream; otherwise only regular files are.
        var readsStreams: Bool
        /// Most files one walk may find, and the limit's name in the message past it.
        var maximumFiles: Int
        var limitName: String

        /// An app's Swift source: every `.swift` file below the folder.
        static let swiftSource = Kind(suffix: ".swift", recursive: true, readsStreams: false, maximumFiles: 5_000, limitName: "Swift files")
        /// A folder of scenarios: its own `.ripple` files, a FIFO among them read as a stream.
        static let scenarios = Kind(suffix: ".ripple", recursive: false, readsStreams: true, maximumFiles: 5_000, limitName: "scenario files")
    }

    /// The files of `kind` in a folder, in path order; hidden names and build folders are skipped.
    ///
    /// The walk never leaves the folder: a symbolic link is followed only when its real path is inside
    /// the folder (a link to a folder that holds it is a loop, and is not followed either), only regular
    /// files are read unless the kind reads streams (a FIFO, device or socket otherwise is passed over),
    /// and a file or folder reached under two names is read once, under the first in name order.
    static func files(in folder: String, _ kind: Kind) throws(UsageError) -> Walk {
        let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let rootStatus: FileSystem.Status
        do {
            rootStatus = try FileSystem.status(base)
        } catch {
            throw UsageError(message: FileError("cannot read the folder", base, error).message)
        }
        guard let root = FileSystem.realPath(base) else {
            throw UsageError(message: FileError("cannot read the folder", base, Errno.current).message)
        }
        var walk = Walk()
        var seen: Set<FileSystem.Identity> = [rootStatus.identity]
        // Each folder still to read, with the folders that hold it: a link to one of them is a loop.
        var pending: [(path: String, holders: Set<FileSystem.Identity>)] = [(base, [rootStatus.identity])]
        while let current = pending.popLast() {
            let names: [String]
            do throws(Errno) {
                names = try FileSystem.contentsOfFolder(current.path).sorted()
            } catch {
                // A folder inside the one given that cannot be listed is passed over, with a note.
                guard current.path == base else {
                    walk.passOver(current.path, error)
                    continue
                }
                throw UsageError(message: FileError("cannot read the folder", current.path, error).message)
            }
            var subfolders: [(path: String, holders: Set<FileSystem.Identity>)] = []
            for name in names where !name.hasPrefix(".") {
                let path = current.path + "/" + name
                let wanted = name.hasSuffix(kind.suffix)
                switch link(path, root: root, shownRoot: base) {
                case .outside(let note, let isFolder):
                    if wanted || isFolder { walk.skipped.append(note) }
                    continue
                case .loop(let note):
                    walk.skipped.append(note)
                    continue
                case .dangling(let note):
                    if wanted { walk.skipped.append(note) }
                    continue
                case .none, .inside:
                    break
                }
                let target: FileSystem.Status
                do throws(Errno) {
                    target = try FileSystem.status(path)
                } catch {
                    // What cannot even be looked at may be a folder of sources: a name too long is noted whatever it is.
                    if wanted || error.code == ENAMETOOLONG { walk.passOver(path, error) }
                    continue
                }
                if target.kind == .folder {
                    // A folder named like a file of the kind, where subfolders are not read, is kept for
                    // the reader to say it is a folder.
                    if !kind.recursive && wanted { walk.files.append(path) }
                    guard kind.recursive, name != ".build" else { continue }
                    if current.holders.contains(target.identity) {
                        walk.skipped.append("'\(path)' was not read: it is a symbolic link to a folder that holds it (a loop)")
                    } else if seen.insert(target.identity).inserted {
                        subfolders.append((path, current.holders.union([target.identity])))
                    }
                } else if wanted {
                    let isStream = target.kind == .fifo || target.kind == .device
                    guard target.kind == .file || kind.readsStreams && isStream else {
                        walk.skipped.append("'\(path)' was not read: it is \(target.kind.described), not a regular file")
                        continue
                    }
                    // The same file under a second name (a link, a hard link) would be read twice.
                    guard seen.insert(target.identity).inserted else { continue }
                    walk.files.append(path)
                    if walk.files.count > kind.maximumFiles {
                        throw UsageError(message: "'\(folder)' holds more than \(kind.maximumFiles) '\(kind.suffix)' files (limit: \(kind.limitName))")
                    }
                }
            }
            // The first subfolder in name order is read first, so which name a file is read under does
            // not depend on the order the system lists a folder in.
            pending += subfolders.reversed()
        }
        walk.files.sort()
        return walk
    }

    // MARK: - One name

    /// What a name in a folder is, as the folder rule sees it.
    enum Link {
        /// Not a symbolic link.
        case none
        /// A symbolic link whose real path is inside the folder.
        case inside
        /// A symbolic link out of the folder: the note, and whether it leads to a folder.
        case outside(note: String, isFolder: Bool)
        /// A symbolic link to the folder itself.
        case loop(note: String)
        /// A symbolic link to nothing.
        case dangling(note: String)
    }

    /// Whether `path`, a name inside the folder whose real path is `root` (shown as `shownRoot`), is a
    /// symbolic link, and where it leads.
    static func link(_ path: String, root: String, shownRoot: String) -> Link {
        guard (try? FileSystem.status(path, followingLinks: false))?.kind == .symbolicLink else { return .none }
        guard let real = FileSystem.realPath(path) else {
            return .dangling(note: "'\(path)' was not read: it is a symbolic link to a file that does not exist")
        }
        if real == root { return .loop(note: "'\(path)' was not read: it is a symbolic link to the folder '\(shownRoot)' that holds it (a loop)") }
        let inside = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(inside) else {
            return .outside(note: "'\(path)' was not read: it is a symbolic link that leads outside '\(shownRoot)'",
                            isFolder: (try? FileSystem.status(path))?.kind == .folder)
        }
        return .inside
    }

    /// Why the file at `path`, which the input names inside its own folder (a target's `.ripple-lint`),
    /// is not read: the note when it is a symbolic link out of that folder, to nothing, or to the folder;
    /// nil when it may be read.
    static func refusal(toRead path: String) -> String? {
        let folder = FileSystem.parentFolder(of: path)
        guard let root = FileSystem.realPath(folder) else { return nil }
        switch link(path, root: root, shownRoot: folder) {
        case .none, .inside: return nil
        case .outside(let note, _), .loop(let note), .dangling(let note): return note
        }
    }

    /// Why `path`, a file or folder the command line names for Ripple to read or write (`--baseline`,
    /// `-o`), may not be used: a symbolic link inside the working folder, at the path or above it, that
    /// leads outside the working folder. Links outside the working folder (`/tmp` on macOS) are the
    /// machine's, not the checkout's, and are followed.
    static func linkOutOfTheWorkingFolder(_ path: String) -> String? {
        let working = FileSystem.currentFolder()
        guard let root = FileSystem.realPath(working) else { return nil }
        let inside = root.hasSuffix("/") ? root : root + "/"
        // The path as written, one component further each time, and the folder that holds that component.
        var written = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let holder = written.isEmpty ? "." : written
            written += (written.isEmpty || written == "/" ? "" : "/") + component
            guard component != "." && component != "..",
                  let holderReal = FileSystem.realPath(holder), holderReal == root || holderReal.hasPrefix(inside) else { continue }
            if case .outside = link(written, root: root, shownRoot: working) {
                return "'\(written)' is a symbolic link that leads outside the working folder '\(working)'"
            }
        }
        return nil
    }
}
