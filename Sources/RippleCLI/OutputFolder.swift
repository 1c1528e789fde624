import RippleRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes rendered scenarios without ever leaving a half-written folder or touching anything else.
///
/// A scenario's files are written into a hidden staging folder next to their final place, then the
/// folders are swapped; an interrupted run leaves the previous output as it was, and the next render
/// removes what it left behind (`removeStaleFiles`). Ripple replaces only what it wrote: a scenario
/// folder holding the `.ripple-output` marker, and a gallery page that `GalleryPage.isGalleryPage`
/// recognises.
struct OutputFolder {
    static let marker = ".ripple-output"
    /// Staging folders are `.ripple-staging-FOLDER-PID-RANDOM`, and `…-old` while a swap is under way.
    static let stagingPrefix = ".ripple-staging-"
    /// Leftovers older than this are stale even if a process with their id is running (ids are reused).
    static let staleAge = 24 * 60 * 60
    static let galleryName = "index.html"

    /// The folder: absolute, symbolic links resolved.
    let root: String

    /// Refuses a folder that is one of the input folders, or inside one of them, that is or lies under a
    /// symbolic link out of the working folder (`FolderWalk.linkOutOfTheWorkingFolder`), or whose
    /// `index.html` Ripple did not write. Nothing is written before these checks.
    init(path: String, inputs: [String]) throws(UsageError) {
        if let link = FolderWalk.linkOutOfTheWorkingFolder(path) {
            throw UsageError(message: "refusing to write into '\(path)': \(link); choose another output folder with -o")
        }
        let root = FileSystem.resolved(path)
        for input in inputs {
            guard let status = try? FileSystem.status(input) else { continue }
            let isFolder = status.kind == .folder
            let inputFolder = FileSystem.resolved(isFolder ? input : FileSystem.parentFolder(of: input))
            if root == inputFolder || isFolder && root.hasPrefix(inputFolder + "/") {
                throw UsageError(message: "refusing to write into '\(path)': it is the scenarios folder '\(input)'; choose another output folder with -o")
            }
        }
        self.root = root
        if let refusal = refusalToReplaceTheGallery() { throw UsageError(message: refusal) }
    }

    /// `name` inside the folder, as messages and progress lines show it: relative to the working folder
    /// when it is inside it.
    func shown(_ name: String) -> String {
        Renderer.relative(root + "/" + name)
    }

    /// Creates the folder and the folders above it.
    func create() throws(FileError) {
        do {
            try FileSystem.makeFolders(root)
        } catch {
            let isFile = (try? FileSystem.status(root)).map { $0.kind != .folder } ?? false
            if isFile { throw FileError("cannot create the output folder", Renderer.relative(root), reason: "it is not a folder") }
            throw FileError("cannot create the output folder", Renderer.relative(root), error)
        }
    }

    // MARK: - Scenario folders

    /// Writes one scenario's files into `root/<folder>`, replacing the previous ones in one swap.
    ///
    /// Failures name the final path meant, not the staging folder: `cannot write 'out/x/index.html': …`.
    func write(_ rendered: RenderedScenario, summary: String) throws(FileError) {
        let final = root + "/" + rendered.folder
        if let existing = try? FileSystem.status(final, followingLinks: false) {
            let marked = (try? FileSystem.status(final + "/" + Self.marker, followingLinks: false))?.kind == .file
            guard existing.kind == .folder, marked else {
                throw FileError(message: "refusing to replace '\(shown(rendered.folder))': Ripple did not write it; move it away or choose another output folder with -o")
            }
        }
        let staging = root + "/" + Self.stagingPrefix + rendered.folder + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try Interruption.create(staging)
        } catch {
            throw FileError("cannot write", shown(rendered.folder), error)
        }
        do throws(FileError) {
            func put(_ name: String, _ contents: String) throws(FileError) {
                do throws(Errno) {
                    if Interruption.isEnding { throw Errno(code: EINTR) }
                    try FileSystem.write(contents.utf8, to: staging + "/" + name)
                } catch {
                    throw FileError("cannot write", shown(rendered.folder + "/" + name), error)
                }
            }
            for (path, contents) in rendered.files { try put(path, contents) }
            try put("summary.json", summary)
            try put(Self.marker, "Rendered by Ripple; this folder is replaced as a whole on the next render.\n")
            let previous: String?
            do {
                previous = try Interruption.finish(staging) { () throws(Errno) in try swap(staging, into: final) }
            } catch {
                throw FileError("cannot replace", shown(rendered.folder), error)
            }
            // The previous render's files, out of the way.
            if let previous { Interruption.remove(previous) }
        } catch {
            Interruption.finish(staging) { try? FileSystem.removeTree(staging) }
            throw error
        }
    }

    /// Moves `staging` to `final`; an existing `final` is exchanged atomically where the system can.
    /// Returns where the previous `final` now is, for the caller to remove, or nil if there was none.
    private func swap(_ staging: String, into final: String) throws(Errno) -> String? {
        guard FileSystem.exists(final) else {
            try FileSystem.rename(staging, to: final)
            return nil
        }
        #if canImport(Glibc)
        // renameat2(RENAME_EXCHANGE): both folders exist at every instant. Swift's Glibc module does not
        // export it, so it is looked up by name.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchanged = FileSystemPath.withCString(staging) { from in
                FileSystemPath.withCString(final) { to in renameat2(AT_FDCWD, from, AT_FDCWD, to, 2) }
            }
            if exchanged == 0 { return staging }
        }
        #endif
        let old = staging + "-old"
        try FileSystem.rename(final, to: old)
        do {
            try FileSystem.rename(staging, to: final)
        } catch {
            try? FileSystem.rename(old, to: final)
            throw error
        }
        return old
    }

    // MARK: - The gallery page

    /// Rebuilds `root/index.html` from every rendered scenario's summary in the folder.
    ///
    /// A `summary.json` gives the gallery numbers and text, never a link: a scenario's link is its
    /// folder's real name, and a picture is linked only when it is a regular file in that folder, so a
    /// summary planted in the output folder cannot point the page anywhere else (`javascript:`).
    func writeGallery() throws(FileError) {
        let names: [String]
        do {
            names = try FileSystem.contentsOfFolder(root)
        } catch {
            throw FileError("cannot read the folder", Renderer.relative(root), error)
        }
        var summaries: [GallerySummary] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = root + "/" + name
            guard FileSystem.exists(folder + "/" + Self.marker),
                  case .bytes(let bytes)? = try? FileSystem.read(folder + "/summary.json", atMost: 1 << 20),
                  var summary = GallerySummary.decode(String(decoding: bytes, as: UTF8.self)) else { continue }
            summary.folder = name
            summary.variantFiles = summary.variantFiles.map { file in
                file.flatMap { file in
                    let isPicture = !file.contains("/") && (try? FileSystem.status(folder + "/" + file + ".svg", followingLinks: false))?.kind == .file
                    return isPicture ? file : nil
                }
            }
            summaries.append(summary)
        }
        if let refusal = refusalToReplaceTheGallery() { throw FileError(message: refusal) }
        do {
            try AtomicFile.write(GalleryPage.page(summaries).utf8, to: root + "/" + Self.galleryName)
        } catch {
            throw FileError("cannot write the gallery page", shown(Self.galleryName), error)
        }
    }

    /// Why `root/index.html` may not be replaced, or nil when it is missing or Ripple's own page.
    private func refusalToReplaceTheGallery() -> String? {
        let path = root + "/" + Self.galleryName
        guard let status = try? FileSystem.status(path, followingLinks: false) else { return nil }
        if status.kind == .file, let head = try? FileSystem.prefix(path, count: 4096),
           GalleryPage.isGalleryPage(String(decoding: head, as: UTF8.self)) {
            return nil
        }
        return "refusing to replace '\(shown(Self.galleryName))': Ripple did not write it; move it away or choose another output folder with -o"
    }

    // MARK: - Leftovers of interrupted renders

    /// Removes what a killed render left in the folder: staging folders (`.ripple-staging-*`) and the
    /// gallery's temporary files (`.index.html.PID.RANDOM.tmp`) whose process is no longer running, or
    /// that are older than `staleAge`. A leftover `…-old` folder whose scenario folder is missing is the
    /// previous output, caught between the two renames of a swap: it is put back instead.
    ///
    /// Nothing else is touched: a name must match Ripple's pattern exactly, and be a folder or a file
    /// as Ripple makes it, not a symbolic link. Returns the names removed or put back.
    @discardableResult
    func removeStaleFiles(now: Int = Int(time(nil))) -> [String] {
        guard let names = try? FileSystem.contentsOfFolder(root) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            let path = root + "/" + name
            guard let status = try? FileSystem.status(path, followingLinks: false) else { continue }
            if let staging = Self.parseStagingName(name), status.kind == .folder,
               Self.isStale(pid: staging.pid, modified: status.modified, now: now) {
                let final = root + "/" + staging.folder
                if staging.isOld, !FileSystem.exists(final), FileSystem.exists(path + "/" + Self.marker) {
                    guard (try? FileSystem.rename(path, to: final)) != nil else { continue }
                } else {
                    guard (try? FileSystem.removeTree(path)) != nil else { continue }
                }
                removed.append(name)
            } else if let pid = AtomicFile.owner(ofTemporary: name, for: Self.galleryName), status.kind == .file,
                      Self.isStale(pid: pid, modified: status.modified, now: now) {
                guard (try? FileSystem.removeTree(path)) != nil else { continue }
                removed.append(name)
            }
        }
        return removed
    }

    /// The scenario folder and process id in a staging folder's name, `.ripple-staging-FOLDER-PID-RANDOM`
    /// with `-old` after it while a swap is under way; nil for any other name.
    static func parseStagingName(_ name: String) -> (folder: String, pid: Int32, isOld: Bool)? {
        guard name.hasPrefix(stagingPrefix) else { return nil }
        var rest = Substring(name.dropFirst(stagingPrefix.count))
        let isOld = rest.hasSuffix("-old")
        if isOld { rest = rest.dropLast("-old".count) }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let random = parts[parts.count - 1], pid = parts[parts.count - 2]
        let isNumber = { (part: Substring) in !part.isEmpty && part.count <= 10 && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isNumber(random), isNumber(pid), UInt32(random) != nil, let id = Int32(pid), id > 0 else { return nil }
        let folder = parts.dropLast(2).joined(separator: "-")
        return folder.isEmpty ? nil : (folder, id, isOld)
    }

    /// Whether a leftover of process `pid`, last changed at `modified`, is no longer being written.
    static func isStale(pid: Int32, modified: Int, now: Int) -> Bool {
        if now - modified > staleAge { return true }
        // This process's own are in use; another's are stale only once it is gone (EPERM: it runs as
        // another user).
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
