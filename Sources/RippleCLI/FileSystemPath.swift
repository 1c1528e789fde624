#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as strings that keep every byte of a file name, even bytes that are not UTF-8.
///
/// A Linux file name is bytes and a Swift string is Unicode: decoding a name with byte 0xFF the usual
/// way turns it into U+FFFD, and the file can no longer be opened by that string. Here a byte that is
/// not part of valid UTF-8 becomes one scalar from U+10FF80...U+10FFFF (the end of a private-use plane)
/// and is turned back into that byte for every system call. A name that really holds one of those
/// scalars has each of its bytes escaped the same way, so every name survives bytes → string → bytes.
enum FileSystemPath {
    /// Byte `b` (0x80...0xFF) is held as the scalar `escapeBase + b`.
    private static let escapeBase: UInt32 = 0x10FF00
    private static let escapes = UInt32(0x10FF80)...UInt32(0x10FFFF)

    /// The path or name with the bytes `bytes`, as a string that `bytes(_:)` turns back into them.
    static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: { escapes.contains($0.value) }) {
            return valid
        }
        var text = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= bytes.count,
               let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
               !escapes.contains(scalar.value) {
                text.append(scalar)
                index += length
            } else {
                text.append(Unicode.Scalar(escapeBase + UInt32(lead))!)
                index += 1
            }
        }
        return String(text)
    }

    /// The bytes the system knows `path` by: UTF-8, with escaped bytes put back.
    static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `text` with each byte held as an escape scalar written `\xFF`, for a person to read: the scalars
    /// themselves are private-use characters, which a terminal shows as a box or not at all.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if escapes.contains(scalar.value) {
                shown += "\\x" + String(scalar.value - escapeBase, radix: 16, uppercase: true)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
    static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var bytes = bytes(path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The process's arguments, every byte kept (`CommandLine.arguments` replaces bytes that are not UTF-8).
    static func processArguments() -> [String] {
        (0..<Int(Swift.CommandLine.argc)).map { index in
            guard let argument = Swift.CommandLine.unsafeArgv[index] else { return "" }
            return string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }
}
