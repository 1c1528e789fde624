import Foundation
import Observation

/// The app's one updater, reached through its `shared` instance from every screen.
@Observable
final class UpdateManager {
    static let shared = UpdateManager()
    static var checks = 0

    var isChecking = false

    func check() {
        isChecking = true
    }
}
