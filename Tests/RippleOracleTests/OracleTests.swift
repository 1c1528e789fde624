import Testing
@testable import RippleCore

@Suite struct OracleTests {
    @Test func placeholderUntilTheOracleLands() {
        #expect(Semantics.allCases.count == 2)
    }
}
