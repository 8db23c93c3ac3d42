import Testing
@testable import SitegenMarkdown

@Suite("E-mail addresses with typographic punctuation on")
struct SmartEmailLinkTests {
    private let smart = MarkdownParser(options: .init(smartPunctuation: true))

    @Test("an address with --, ' or ... is linked whole, as Hugo links it; the text around it keeps its punctuation")
    func wholeAddresses() throws {
        #expect(try smart.html(from: "Mail a--b@x.org, o'brien@x.org or a...b@x.org -- \"now\".\n") == """
            <p>Mail <a href="mailto:a--b@x.org">a--b@x.org</a>, <a href="mailto:o&#x27;brien@x.org">o'brien@x.org</a> \
            or <a href="mailto:a...b@x.org">a...b@x.org</a> \u{2013} \u{201C}now\u{201D}.</p>

            """)
        // A dash before a space is the text's; without typographic punctuation nothing changes.
        #expect(try smart.html(from: "Ask -- b@x.org\n") == "<p>Ask \u{2013} <a href=\"mailto:b@x.org\">b@x.org</a></p>\n")
        #expect(try MarkdownParser().html(from: "a--b@x.org\n") == "<p><a href=\"mailto:a--b@x.org\">a--b@x.org</a></p>\n")
    }
}
