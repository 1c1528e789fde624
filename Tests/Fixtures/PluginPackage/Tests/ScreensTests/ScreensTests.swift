// A test target, which ripple-audit leaves out unless --target names it.
import Testing
@testable import Screens

@Test func threeUsers() { #expect(AppState().users.count == 3) }
