import Testing
@testable import SitegenMarkdown

@Suite("Line breaks in Chinese and Japanese text")
struct EastAsianLineBreakTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, eastAsianLineBreaks: true))

    @Test("a break between two Han, kana or CJK punctuation characters goes, looking into emphasis, links and code")
    func joined() throws {
        #expect(try parser.html(from: "これは一行目で、\nこれは二行目です。\n") == "<p>これは一行目で、これは二行目です。</p>\n")
        #expect(try parser.html(from: "中文的句子\n继续写。\n") == "<p>中文的句子继续写。</p>\n")
        #expect(try parser.html(from: "**強調**\nの後と[リンク](a.md)\n「引用」\n") == "<p><strong>強調</strong>の後と<a href=\"a.md\">リンク</a>「引用」</p>\n")
        #expect(try parser.html(from: "全角の記号！\n`コード`\n") == "<p>全角の記号！<code>コード</code></p>\n")
        #expect(try parser.html(from: "> 引用の\n> 続き\n") == "<blockquote>\n<p>引用の続き</p>\n</blockquote>\n")
    }

    @Test("a break beside Latin letters, Korean, a hard break and code blocks stay; without the option cmark-gfm's HTML stays")
    func kept() throws {
        #expect(try parser.html(from: "日本語の文\nEnglish words\n") == "<p>日本語の文\nEnglish words</p>\n")
        #expect(try parser.html(from: "English words\n日本語\n") == "<p>English words\n日本語</p>\n")
        #expect(try parser.html(from: "한국어 문장\n다음 줄\n") == "<p>한국어 문장\n다음 줄</p>\n")
        #expect(try parser.html(from: "改行\\\n次の行\n") == "<p>改行<br />\n次の行</p>\n")
        #expect(try parser.html(from: "```\n日本\n語\n```\n") == "<pre><code>日本\n語\n</code></pre>\n")
        let plain = MarkdownParser(options: .init(frontMatter: false))
        #expect(try plain.html(from: "これは一行目で、\nこれは二行目です。\n") == "<p>これは一行目で、\nこれは二行目です。</p>\n")
    }

    @Test("the look before the tree walk finds a line ending in a wide character, and only that")
    func cheapLook() {
        #expect(EastAsianText.mayBreakLine(in: "一行目\n二行目"))
        #expect(EastAsianText.mayBreakLine(in: "𠀋\nx"), "a four-byte Han character")
        #expect(!EastAsianText.mayBreakLine(in: "English\nonly"))
        #expect(!EastAsianText.mayBreakLine(in: "한국어\n다음"))
        #expect(!EastAsianText.mayBreakLine(in: "em dash —\nnext"))
        #expect(!EastAsianText.mayBreakLine(in: "\n\n"))
    }
}
