import Testing
@testable import SitegenMarkdown

@Suite("Heading slugs in GitHub's and Python-Markdown's styles")
struct HeadingSlugTests {
    @Test("Python-Markdown's slugify: accents dropped, other scripts left out, runs of blanks and - one -, repeats _1, _2")
    func pythonMarkdown() {
        // Each as Python-Markdown 3.11's toc extension gives it.
        let cases: [(String, String)] = [
            ("Installation & configuration", "installation-configuration"),
            ("Café -- déjà vu!", "cafe-deja-vu"),
            ("  - leading and trailing -  ", "-leading-and-trailing-"),
            ("snake_case and CamelCase", "snake_case-and-camelcase"),
            ("ﬁ ligature ½", "fi-ligature-12"),
            ("tab\there\u{A0}nbsp", "tab-here-nbsp"),
            ("日本語", ""),
        ]
        for (text, slug) in cases {
            #expect(HeadingSlugger.pythonMarkdownSlug(text) == slug, "\(text)")
        }
        var slugger = HeadingSlugger(style: .pythonMarkdown)
        #expect(["A b", "A b", "A b", "日本", "中文"].map { slugger.uniqueSlug(for: $0) } == ["a-b", "a-b_1", "a-b_2", "_1", "_2"])
        var github = HeadingSlugger()
        #expect(["A b", "A b"].map { github.uniqueSlug(for: $0) } == ["a-b", "a-b-1"])
    }
}
