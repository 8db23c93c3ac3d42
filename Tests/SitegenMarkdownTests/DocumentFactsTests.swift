import Testing
import SitegenMarkdown

@Suite("Title, headings, summary and word count")
struct DocumentFactsTests {
    @Test("the title is the first level-1 heading as plain text")
    func title() throws {
        let page = try MarkdownParser().parse("## Intro\n\n# The *real* `title`\n\n# Second\n")
        #expect(page.title == "The real title")
        #expect(try MarkdownParser().parse("No heading\n").title == nil)
    }

    @Test("headings list every heading with level, plain text and a unique id")
    func headings() throws {
        let page = try MarkdownParser().parse("""
            # Getting started
            ## Install [the tool](x)
            ## Getting started
            ### Getting started
            ## Übersicht & Co.
            ## 
            Setext
            ------

            """)
        #expect(page.headings == [
            Heading(level: 1, text: "Getting started", id: "getting-started"),
            Heading(level: 2, text: "Install the tool", id: "install-the-tool"),
            Heading(level: 2, text: "Getting started", id: "getting-started-1"),
            Heading(level: 3, text: "Getting started", id: "getting-started-2"),
            Heading(level: 2, text: "Übersicht & Co.", id: "übersicht--co"),
            Heading(level: 2, text: "", id: "section"),
            Heading(level: 2, text: "Setext", id: "setext"),
        ])
    }

    @Test("heading ids appear in the HTML when asked for")
    func headingIDsInHTML() throws {
        let parser = MarkdownParser(options: .init(headingIDs: true))
        #expect(try parser.html(from: "# A\n## A\n") == "<h1 id=\"a\">A</h1>\n<h2 id=\"a-1\">A</h2>\n")
        let both = MarkdownParser(options: .init(headingIDs: true), modifiers: [Modifier(target: .headings) { html, _ in html + "<!-- x -->" }])
        #expect(try both.html(from: "# A\n") == "<h1 id=\"a\">A</h1><!-- x -->\n")
    }

    @Test("the summary is the first paragraph as plain text, never a footnote")
    func summary() throws {
        let page = try MarkdownParser().parse("# T\n\n> First *para*\n> graph[^1].\n\nSecond.\n\n[^1]: Note.\n")
        #expect(page.summary == "First para graph.")
        #expect(try MarkdownParser().parse("# Only a heading\n").summary == nil)
    }

    @Test("the word count counts the words a reader sees: text and code, not tags")
    func wordCount() throws {
        let page = try MarkdownParser().parse("# Two words\n\nThree *more* words, [and](x) `code`.\n\n```\nlet x = 1\n```\n\n<div class=\"a b\">two <b>wo</b>rds</div>\n\n- a\n- b\n")
        #expect(page.wordCount == 2 + 5 + 4 + 2 + 2)
        let modified = try MarkdownParser(modifiers: identityModifiers).parse("a *b* c\n\n# d e\n")
        #expect(modified.wordCount == 5)
        #expect(try MarkdownParser().parse("").wordCount == 0)
    }

    @Test("the word count is the same whatever the length of the text runs and where tags and spaces fall")
    func wordCountAtEveryAlignment() throws {
        // Words, every kind of space, tags with spaces inside, a tag never closed: at each
        // offset of a run of up to 20 bytes, so that every case meets every 8-byte boundary.
        let pieces = ["w", "wo", "word", " ", "  ", "\t", "\u{0B}", "\u{0C}", "<b>", "</b>", "<a href=\"x y\">", "é", "\u{1F}", "<", ">"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let html = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let markdown = try MarkdownParser(options: .init(rawHTML: .keep)).parse("<div>\(html)</div>\n")
            #expect(markdown.wordCount == Self.referenceWordCount(markdown.html), "\(markdown.html.debugDescription)")
        }
    }

    /// Words counted one byte at a time: runs of bytes that are not U+0020 or U+0009…U+000D,
    /// tags (`<` to the next `>`) skipped without ending a word.
    private static func referenceWordCount(_ html: String) -> Int {
        var words = 0, inWord = false, inTag = false
        for byte in html.utf8 {
            if inTag { inTag = byte != UInt8(ascii: ">"); continue }
            if byte == UInt8(ascii: "<") { inTag = true; continue }
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if !isSpace && !inWord { words += 1 }
            inWord = !isSpace
        }
        return words
    }
}

@Suite("Words of scripts written without spaces")
struct CJKWordCountTests {
    @Test("each Han or kana character is a word, CJK punctuation a space, and spaced words around them count as before")
    func cjkCharactersAreWords() {
        #expect(WordCounter.tally("<p>日本語の文章です。</p>") == .init(words: 0, characters: 8))
        #expect(WordCounter.tally("<p>Swift で書く、速い サイト</p>") == .init(words: 1, characters: 8))
        #expect(WordCounter.tally("<p>中文，测试！OK</p>") == .init(words: 1, characters: 4))
        #expect(WordCounter.tally("<p>한국어 문장 입니다</p>") == .init(words: 3, characters: 0), "Korean is written with spaces")
        #expect(WordCounter.count("<p>Café crème, naïve façade</p>") == 4)
        #expect(WordCounter.count("<p>one two</p>") == 2)
    }

    @Test("reading time: 220 words or 500 characters a minute, rounded up, at least one")
    func readingMinutes() {
        #expect(WordCounter.Tally(words: 0, characters: 0).readingMinutes == 1)
        #expect(WordCounter.Tally(words: 440, characters: 0).readingMinutes == 2)
        #expect(WordCounter.Tally(words: 441, characters: 0).readingMinutes == 3)
        #expect(WordCounter.Tally(words: 0, characters: 1_500).readingMinutes == 3)
        #expect(WordCounter.Tally(words: 220, characters: 500).readingMinutes == 2)
        #expect(WordCounter.Tally(words: 0, characters: 2_000).readingMinutes == 4, "2,000 characters were one word before: 1 min")
    }
}
