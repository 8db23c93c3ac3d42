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

    @Test("what the author wrote as a quote, a dash or a link of their own is left as it is, as Hugo leaves it")
    func leftAlone() throws {
        let html = try smart.html(from: "'bob@x.org' Email\u{2014}c@x.org Email&ndash;d@x.org l\u{2019}e@x.org o'[f@x.org](mailto:f@x.org) **x**--g@x.org\n")
        #expect(html == "<p>\u{2018}<a href=\"mailto:bob@x.org\">bob@x.org</a>\u{2019} Email\u{2014}<a href=\"mailto:c@x.org\">c@x.org</a> "
                + "Email\u{2013}<a href=\"mailto:d@x.org\">d@x.org</a> l\u{2019}<a href=\"mailto:e@x.org\">e@x.org</a> "
                + "o\u{2019}<a href=\"mailto:f@x.org\">f@x.org</a> <strong>x</strong>\u{2013}<a href=\"mailto:g@x.org\">g@x.org</a></p>\n")
    }
}
