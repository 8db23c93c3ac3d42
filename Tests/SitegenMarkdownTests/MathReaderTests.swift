import Testing
@testable import SitegenMarkdown

@Suite("Math found in Markdown by GitHub's rules")
struct MathReaderTests {
    private let parser = MarkdownParser(options: .init(frontMatter: false, math: true))

    private func math(_ html: String) -> [String] {
        html.matches(of: #/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/#).map { String($0.output.1) }
    }

    @Test("$…$ inline and $$…$$ display, on one line or several; Markdown's marks inside are the formula's")
    func dollars() throws {
        let html = try parser.html(from: "Area $\\pi r^2$ and $a_1 * b_2 * c_3$.\n\n$$\nx_1 * y_2\n$$\n")
        #expect(math(html) == ["\\pi r^2", "a_1 * b_2 * c_3", "x_1 * y_2"])
        #expect(html.hasPrefix("<p>Area <math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics>"))
        #expect(html.contains("</math>.</p>\n<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(!html.contains("<em>"))
    }

    @Test("prices and other dollars stay text: $5 and $10, a $ before a space, a closing $ before a digit, \\$")
    func prices() throws {
        for text in ["It costs $5 and $10.", "Pay $ 5 now, or $3$4", "Escaped \\$x\\$ dollars", "Shell: $HOME is set"] {
            #expect(math(try parser.html(from: text)).isEmpty, "\(text)")
        }
    }

    @Test("\\(…\\) and \\[…\\] are math when they hold TeX; Markdown's escaped brackets stay brackets")
    func backslashDelimiters() throws {
        #expect(math(try parser.html(from: "Inline \\(x^2\\), a letter \\(x\\), display \\[\\frac{a}{b}\\], \\(\\alpha + \\beta\\).")) == ["x^2", "x", "\\frac{a}{b}", "\\alpha + \\beta"])
        for text in ["See \\[1\\] and \\[2\\].", "Unsafe\\[Mutable\\]\\[Raw\\]Buffer", "double\\[\\] values", "\\[link\\](https://example.org)",
                     "`runner` \\[string | \\[string, object]]", "a \\[b + c < d\\]"] {
            #expect(math(try parser.html(from: text)).isEmpty, "\(text)")
        }
    }

    @Test("math and katex code blocks are display math; code blocks, code spans and Liquid's highlight, raw and set blocks are not read")
    func code() throws {
        #expect(math(try parser.html(from: "```math\n\\sqrt{2}\n```\n\n~~~ katex\ny\n~~~\n")) == ["\\sqrt{2}", "y"])
        let untouched = "```sh\necho $HOME $x$\n```\n\n`$y$` and {% highlight js %}f($a$){% endhighlight %} {% raw %}$b${% endraw %} "
            + "{% set code %}g($c$){% endset %}\n"
        #expect(math(try parser.html(from: untouched)).isEmpty)
    }

    @Test("a formula that cannot be read is shown as code and reported at its line; off by default")
    func failures() throws {
        let markdown = try MarkdownParser(options: .init(frontMatter: true, math: true)).parse("---\na: 1\n---\nOne.\n\nBad $\\frac{1}{$ here.\n")
        #expect(markdown.html.contains("<code class=\"math-error\">\\frac{1}{</code>"))
        #expect(markdown.mathFailures.map(\.line) == [6])
        #expect(try MarkdownParser(options: .init(frontMatter: false)).html(from: "$x$") == "<p>$x$</p>\n")
    }

    @Test("a display formula on lines of its own keeps the file's lines; hostile dollars and unclosed blocks take linear work")
    func linesAndHostile() throws {
        let markdown = MarkdownParser(options: .init(frontMatter: false, sourcePositions: true, math: true))
        #expect(try markdown.html(from: "$$\na\n\nb\n$$\n## After\n").contains("<h2 data-sourcepos=\"6:1-6:8\">After</h2>"))
        let dollars = String(repeating: "$ $$ \\( \\[ {% highlight ", count: 20_000)
        #expect(try parser.html(from: dollars).hasPrefix("<p>"))
    }

    @Test("as kramdown reads it (Jekyll sites), one $ is text and $$…$$ is math inline or display")
    func kramdown() throws {
        var options = MarkdownParser.Options(frontMatter: false, math: true)
        options.singleDollarMath = false
        let html = try MarkdownParser(options: options).html(from: "Log \"$time $metadata[$level]\" and $$x^2$$ inline.\n")
        #expect(math(html) == ["x^2"])
        #expect(html.contains("&quot;$time $metadata[$level]&quot;"))
        #expect(!html.contains("display=\"block\""))
    }
}
