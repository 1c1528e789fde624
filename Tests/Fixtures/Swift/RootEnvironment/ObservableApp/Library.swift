import Foundation
import Observation
import SwiftData

@Observable
final class Library {
    var shelves: [String] = ["Fiction", "Poetry"]
    var searchText = ""
    var lastOpened: String? = nil
}

@Model
final class Note {
    var text: String

    init(text: String) {
        self.text = text
    }
}
