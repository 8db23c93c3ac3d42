import Testing
@testable import SitegenMarkdown

/// Callouts nested deep: finding them must cost work in proportion to the page, whatever the
/// nesting (counted in steps, never timed), and the depth past the limit is noted with its line.
@Suite("Nested containers and alerts")
struct ContainerNestingTests {
    /// The steps finding the alerts of `body` took, and the line of the first one too deep.
    private func findAlerts(_ body: String, maximumDepth: Int = 1_000_000) -> (steps: Int, tooDeep: Int?) {
        let document = CmarkDocument(parsing: body[...], options: .init(frontMatter: false, alerts: true), trackPositions: false)
        document.maximumAlertDepth = maximumDepth
        let facts = document.walk(wanted: []).facts
        return (document.alertSteps, facts.tooDeepAlertLine)
    }

    /// `levels` containers one inside the other, each with `paragraphs` paragraphs of text.
    private func nested(_ levels: Int, paragraphs: Int = 1) -> String {
        String(repeating: ":::note\n\n" + String(repeating: "Some text.\n\n", count: paragraphs), count: levels)
            + String(repeating: ":::\n\n", count: levels)
    }

    @Test("nesting twice as deep costs at most twice the steps", arguments: [
        { (levels: Int) in String(repeating: ":::note\n\nText.\n\n", count: levels) + String(repeating: ":::\n\n", count: levels) },
        // Many blocks while many containers are open: once the open containers were gathered per block.
        { (levels: Int) in String(repeating: ":::note\n\n", count: levels) + String(repeating: "Text.\n\n", count: 20 * levels)
            + String(repeating: ":::\n\n", count: levels) },
        // Each level with its own number of colons, closed innermost first.
        { (levels: Int) in (0..<levels).map { String(repeating: ":", count: 3 + $0) + "note\n\n" }.joined() + "Text.\n\n"
            + (0..<levels).reversed().map { String(repeating: ":", count: 3 + $0) + "\n\n" }.joined() },
        // Openings never closed, then closings of other colons.
        { (levels: Int) in String(repeating: ":::note\n\n", count: levels) + String(repeating: "::::\n\n", count: levels) },
        // GitHub alerts in quotes in quotes.
        { (levels: Int) in (1...levels).map { String(repeating: "> ", count: $0) + "[!NOTE]\n" + String(repeating: "> ", count: $0 + 1) + "\n" }.joined() },
    ] as [@Sendable (Int) -> String])
    func linearWork(page: @Sendable (Int) -> String) {
        let (small, _) = findAlerts(page(500))
        let (large, _) = findAlerts(page(1_000))
        #expect(small > 0)
        #expect(large <= 2 * small + 16, "\(small) steps for 500 levels, \(large) for 1,000")
    }

    @Test("the first callout past the depth limit is noted at its line, containers and alerts counted together")
    func depthLimit() {
        #expect(findAlerts(nested(3), maximumDepth: 3).tooDeep == nil)
        // Level 4 opens on line 13 (four lines a level).
        #expect(findAlerts(nested(4), maximumDepth: 3).tooDeep == 13)
        // Two containers, and a quote alert inside: three deep.
        let mixed = ":::tip\n\n:::note\n\n> [!WARNING]\n> Careful.\n\n:::\n\n:::\n"
        #expect(findAlerts(mixed, maximumDepth: 2).tooDeep == 5)
        #expect(findAlerts(mixed, maximumDepth: 3).tooDeep == nil)
    }

    @Test("the parser reports the too-deep line as a line of the file, front matter counted")
    func lineOfTheFile() throws {
        let parser = MarkdownParser(options: .init(alerts: true))
        let page = try parser.parse("---\ntitle: A\n---\n" + nested(101))
        #expect(page.tooDeepAlertLine == 3 + 401)
        #expect(try parser.parse(nested(100)).tooDeepAlertLine == nil)
    }
}
