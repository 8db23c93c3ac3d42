import Testing
@testable import SitegenHighlight

@Test func everyTokenKindKnowsItsPlaceInTheTables() {
    for (index, kind) in TokenKind.allCases.enumerated() {
        #expect(kind.tableIndex == index)
    }
}
