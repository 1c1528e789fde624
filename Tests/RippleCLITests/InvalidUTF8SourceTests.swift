import Foundation
import Testing
@testable import RippleCLI

/// A `.swift` file that is not valid UTF-8 is read, with a note at the first invalid byte; a scenario
/// file is refused there (`FixtureTests`). An extension of the serialized `CLITests`.
extension CLITests {
    @Test func aSwiftFileThatIsNotUTF8IsReadWithANoteAtTheFirstInvalidByte() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Latin1.swift")
        // "café" in Latin-1 on line 3, column 21 (the 'é'), then a second invalid byte later on.
        var bytes = Array("import SwiftUI\nstruct Root: View {\n    let title = \"caf".utf8) + [0xE9] + Array("\"\n".utf8)
        bytes += Array("    let other = \"".utf8) + [0xFF] + Array("\"\n    var body: some View { Text(title) }\n}\n".utf8)
        try Data(bytes).write(to: file)
        let result = ripple("parse", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Latin1.swift:3:21: note: file is not valid UTF-8; its invalid bytes are read as U+FFFD\n"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "not valid UTF-8").count == 2)
        #expect(result.stdout.contains("Root  [Root]"))
    }
}
