import SitegenLimits
import Testing
@testable import SitegenMarkdown

@Suite("Shortcodes read into typed calls")
struct TagReaderTests {
    private func read(_ text: String, codeLines: [ClosedRange<Int>] = []) throws -> TagText {
        try TagReader(text[...], firstLine: 1, codeLines: codeLines).read()
    }

    private func calls(_ text: TagText) -> [TagCall] {
        text.pieces.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    @Test("Hugo's {{< >}} and {{% %}}: positional, named, quoted (with escapes) and raw arguments, self-closing, line and indentation")
    func hugoArguments() throws {
        let text = try read("Intro\n  {{< figure src=\"a \\\"b\\\".png\" alt=`raw \"x\"` >}}\n{{% youtube abc 12 /%}} after\n")
        let found = calls(text)
        #expect(found.count == 2)
        #expect(found[0].form == .hugoHTML && found[0].name == "figure" && found[0].line == 2 && found[0].indentation == "  ")
        #expect(found[0].named.map(\.name) == ["src", "alt"] && found[0].argument("src") == "a \"b\".png" && found[0].argument("alt") == "raw \"x\"")
        #expect(found[0].inner == nil)
        #expect(found[1].form == .hugoMarkdown && found[1].positional == ["abc", "12"] && found[1].argument("id", at: 0) == "abc")
        #expect(found[1].written == "{{% youtube abc 12 /%}}")
        #expect(text.pieces.first == .text("Intro\n  "))
    }

    @Test("a closing tag gives its call the inner text, read for nested calls; an open call that nothing closes has none")
    func nesting() throws {
        let text = try read("{{< tabs >}}\n{{< tab \"A\" >}}one{{< /tab >}}\n{{< tab B >}}two{{< /tab >}}\n{{< /tabs >}}\n{{< lonely >}} end")
        let found = calls(text)
        #expect(found.map(\.name) == ["tabs", "lonely"])
        let tabs = try #require(found[0].inner)
        #expect(calls(tabs).map { $0.argument("title", at: 0) } == ["A", "B"])
        #expect(calls(tabs).first?.inner?.written == "one")
        #expect(found[0].written.hasSuffix("{{< /tabs >}}"))
        #expect(found[1].inner == nil)
        // A closing tag that closes nothing stays as text.
        #expect(try read("a {{< /nothing >}} b").pieces == [.text("a "), .text("{{< /nothing >}}"), .text(" b")])
    }

    @Test("Zola's {{ name(k=v) }} and {% name(k=v) %}…{% end %}; Liquid outputs and other tags stay text")
    func zola() throws {
        let found = calls(try read("{{ youtube(id=\"abc\", autoplay=true, list=[1, 2]) }}\n{% quote(author='Me') %}\nText\n{% end %}\n{{ page.title }} {% if x %}"))
        #expect(found.map(\.name) == ["youtube", "quote"])
        #expect(found[0].named.map(\.name) == ["id", "autoplay", "list"] && found[0].argument("list") == "[1, 2]")
        #expect(found[1].argument("author") == "Me" && found[1].inner?.written == "\nText\n" && found[1].form == .zola)
    }

    @Test("code is never read: code blocks (by line), code spans, and Hugo's escapes, which stay as written for the parse")
    func code() throws {
        let text = try read("```\n{{< a >}}\n```\n`{{< b >}}` and ``x {{< c >}}`` {{</* d */>}} {{< e >}}", codeLines: [1...3])
        #expect(calls(text).map(\.name) == ["e"])
        #expect(text.pieces.contains(.text("{{</* d */>}}")))
    }

    @Test("shortcodes nested past the limit are an error at the line that goes over; an unclosed quote or a huge tag is text, in linear work")
    func hostile() throws {
        let deep = String(repeating: "{{< x >}}\n", count: Limits.shortcodeDepth + 10) + String(repeating: "{{< /x >}}", count: Limits.shortcodeDepth + 10)
        #expect(throws: TagReader.Failure.self) { try read(deep) }
        do {
            _ = try read(deep)
        } catch let failure as TagReader.Failure {
            #expect(failure.line == Limits.shortcodeDepth + 1 && failure.message.contains("Limits: shortcode depth"))
        }
        // 10,000 unclosed openings of one name: each is a call without inner text.
        let unclosed = try read(String(repeating: "{{< y >}}", count: 10_000))
        #expect(calls(unclosed).count == 10_000)
        let quote = try read("{{< x \"never closed >}} and " + String(repeating: "{{</* ", count: 5_000))
        #expect(calls(quote).isEmpty)
        let huge = try read("{{< x " + String(repeating: "a ", count: Limits.shortcodeTagBytes) + ">}}")
        #expect(calls(huge).isEmpty)
        // 100,000 openings that never close, and Zola calls that never close: each is text.
        #expect(calls(try read(String(repeating: "{{< x a=b ", count: 100_000))).isEmpty)
        #expect(calls(try read(String(repeating: "{{ f(a=1, ", count: 100_000))).isEmpty)
    }

    @Test("{% raw %}…{% endraw %} keeps its text as written, tags and all, without the two tags")
    func raw() throws {
        let text = try read("a {% raw %}{{< figure src=\"x\" >}} {{ y() }}{% endraw %} b {%- raw -%}\n{{< z >}}\n{%- endraw -%}")
        #expect(calls(text).isEmpty)
        #expect(text.pieces == [.text("a "), .raw("{{< figure src=\"x\" >}} {{ y() }}"), .text(" b "), .raw("\n{{< z >}}\n")])
        #expect(calls(try read("{% raw %} never closed {{< c >}}")).map(\.name) == ["c"])
    }
}
