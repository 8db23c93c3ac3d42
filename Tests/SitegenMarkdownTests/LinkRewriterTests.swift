import Testing
import Synchronization
import SitegenMarkdown

/// Collects what a rewriter was asked, from `@Sendable` closures.
private final class RewriteLog: Sendable {
    private let inputs = Mutex<[LinkRewriter.Input]>([])
    func append(_ input: LinkRewriter.Input) { inputs.withLock { $0.append(input) } }
    var all: [LinkRewriter.Input] { inputs.withLock { $0 } }
}

@Suite("Link rewriters")
struct LinkRewriterTests {
    private func parser(log: RewriteLog? = nil, options: MarkdownParser.Options = .init(),
                        modifiers: [Modifier] = [], _ rewrite: @escaping @Sendable (String) -> String?) -> MarkdownParser {
        MarkdownParser(options: options, modifiers: modifiers, linkRewriter: LinkRewriter { input in
            log?.append(input)
            return rewrite(input.url)
        })
    }

    @Test("links, images and raw HTML href and src get the rewritten URL, escaped as cmark-gfm escapes destinations")
    func rewritesEveryKind() throws {
        let log = RewriteLog()
        let markdown = """
        ---
        title: T
        ---
        See [setup](setup.md "Set up") and ![cat](cat.png).

        <div><a href="guide.md">guide</a> and <img src="dog.png" alt=""></div>

        Inline <a href="faq.md#top">faq</a> and [a & b](q.md).
        """
        let html = try parser(log: log) { url in
            url.hasSuffix(".md") || url.contains(".md#") ? "/" + url.replacingOccurrences(of: ".md", with: "/") + (url == "q.md" ? "?a=1&b=2" : "")
                : url.hasSuffix(".png") ? "/img/" + url : nil
        }.html(from: markdown)
        #expect(html == """
        <p>See <a href="/setup/" title="Set up">setup</a> and <img src="/img/cat.png" alt="cat" />.</p>
        <div><a href="/guide/">guide</a> and <img src="/img/dog.png" alt=""></div>
        <p>Inline <a href="/faq/#top">faq</a> and <a href="/q/?a=1&amp;b=2">a &amp; b</a>.</p>

        """)
        #expect(log.all.map(\.kind) == [.link, .image, .rawHTML, .rawHTML, .rawHTML, .link])
        // Lines are the file's, front matter counted.
        #expect(log.all.map(\.line) == [4, 4, 6, 6, 8, 8])
    }

    @Test("a raw attribute's replacement is escaped for the attribute; omitted raw HTML is not rewritten")
    func rawHTMLEscapingAndOmission() throws {
        let rewriteAll: @Sendable (String) -> String? = { _ in "/a?x=\"1\"&y=<2>" }
        let kept = try parser(rewriteAll).html(from: "<div><a href=\"x.md\">x</a></div>\n")
        #expect(kept == "<div><a href=\"/a?x=&quot;1&quot;&amp;y=&lt;2&gt;\">x</a></div>\n")
        let log = RewriteLog()
        let omitted = try parser(log: log, options: .init(rawHTML: .omit), rewriteAll).html(from: "<div><a href=\"x.md\">x</a></div>\n\n<a href=\"y.md\">y</a>\n")
        #expect(omitted == "<!-- raw HTML omitted -->\n<p><!-- raw HTML omitted -->y<!-- raw HTML omitted --></p>\n")
        #expect(log.all.isEmpty)
    }

    @Test("links inside an image's alt text are not rewritten; modifiers see the URL as written and the rewritten HTML")
    func altTextAndModifiers() throws {
        let log = RewriteLog()
        let seen = Mutex<[String]>([])
        let modifier = Modifier(target: .links) { input in
            if case .link(let url, _) = input.node { seen.withLock { $0.append(url + " " + input.html) } }
            return input.html
        }
        let html = try parser(log: log, modifiers: [modifier]) { "/r/" + $0 }.html(from: "![a [b](c.md)](d.png) [e](f.md)\n")
        #expect(html == "<p><img src=\"/r/d.png\" alt=\"a b\" /> <a href=\"/r/f.md\">e</a></p>\n")
        #expect(log.all.map(\.url) == ["d.png", "f.md"])
        #expect(seen.withLock { $0 } == ["f.md <a href=\"/r/f.md\">e</a>"])
    }

    @Test("a rewriter that keeps every URL, or gives each back as it was, changes no spec example's HTML")
    func identityRewritesKeepTheSpec() throws {
        for example in SpecExample.all {
            let reference = ReferenceRenderer.html(example.markdown, options: example.options)
            let keeping = try MarkdownParser(options: example.options, linkRewriter: LinkRewriter { _ in nil }).html(from: example.markdown)
            #expect(keeping == reference, "\(example)")
            let same = try MarkdownParser(options: example.options, linkRewriter: LinkRewriter { input in
                input.kind == .rawHTML ? nil : input.url
            }).html(from: example.markdown)
            #expect(same == reference, "\(example)")
        }
    }

    @Test("followed(by:) runs the second rewriter on the first one's result")
    func chaining() throws {
        let first = LinkRewriter { $0.url == "a.md" ? "/a/" : nil }
        let second = LinkRewriter { $0.url.hasPrefix("/") ? "/blog" + $0.url : nil }
        let parser = MarkdownParser(linkRewriter: first.followed(by: second))
        #expect(try parser.html(from: "[a](a.md) [b](/b/) [c](c.md)") == "<p><a href=\"/blog/a/\">a</a> <a href=\"/blog/b/\">b</a> <a href=\"c.md\">c</a></p>\n")
    }

    @Test("a heading's attribute list takes name=value too, as Goldmark and pulldown-cmark read it: descriptive ones written, others (anchor=false, onclick) dropped")
    func headingAttributes() throws {
        let parser = MarkdownParser(options: .init(headingIDs: true, generatorSyntax: true))
        let html = try parser.html(from: """
            ## Shortcodes {anchor=false}

            ## Set up {#setup data-x="a b" .wide title='Set & go' onclick="x()"}

            ## By name {id=named class="one two"}

            ## Sets {a, b}

            ## Open {title="no end}

            ## Twice {data-x="a" data-x="b" data-=c style="position:fixed"}
            """)
        #expect(html == """
            <h2 id="shortcodes">Shortcodes</h2>
            <h2 id="setup" class="wide" data-x="a b" title="Set &amp; go">Set up</h2>
            <h2 id="named" class="one two">By name</h2>
            <h2 id="sets-a-b">Sets {a, b}</h2>
            <h2 id="open-titleno-end">Open {title=&quot;no end}</h2>
            <h2 id="twice" data-x="b">Twice</h2>

            """)
        // With typographic punctuation, a value's quotes are curly when the list is read.
        var smart = parser
        smart.options.smartPunctuation = true
        #expect(try smart.html(from: "## A {#a title=\"Set up\" data-step=2}\n") == "<h2 id=\"a\" title=\"Set up\" data-step=\"2\">A</h2>\n")
    }

    @Test("headings given ids and attribute lists keep their inline HTML, in lists and quotes too")
    func retaggedHeadings() throws {
        let parser = MarkdownParser(options: .init(headingIDs: true, generatorSyntax: true))
        let html = try parser.html(from: "## Install *now* {#setup .wide}\n\n> # A `b` [c](d)\n\n- Setext\n  ---\n")
        #expect(html == """
        <h2 id="setup" class="wide">Install <em>now</em></h2>
        <blockquote>
        <h1 id="a-b-c">A <code>b</code> <a href="d">c</a></h1>
        </blockquote>
        <ul>
        <li>
        <h2 id="setext">Setext</h2>
        </li>
        </ul>

        """)
    }
}
