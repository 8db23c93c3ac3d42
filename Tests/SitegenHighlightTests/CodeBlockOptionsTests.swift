import Testing
import SitegenHighlight

@Suite("Line options in info strings, as Hugo, Zola and Docusaurus write them")
struct CodeBlockOptionsTests {
    @Test("Hugo's {linenos=true hl_lines=[2,\"4-6\"] linenostart=10}")
    func hugo() {
        let options = CodeBlockOptions(info: "go {linenos=true hl_lines=[2,\"4-6\"] linenostart=10}")
        #expect(options.lineNumbers)
        #expect(options.firstLineNumber == 10)
        #expect(options.markedLines == [2, 4, 5, 6])
        #expect(CodeBlockOptions(info: "go {linenos=table, hl_lines=\"1 3-4\"}").markedLines == [1, 3, 4])
        #expect(CodeBlockOptions(info: "go {linenos=inline}").lineNumbers)
        #expect(!CodeBlockOptions(info: "go {linenos=false hl_lines=2}").lineNumbers)
        #expect(CodeBlockOptions(info: "go {hl_lines=[1, 3-4]}").markedLines == [1, 3, 4])
    }

    @Test("Zola's rust,linenos,linenostart=20,hl_lines=3-4 8-9")
    func zola() {
        let options = CodeBlockOptions(info: "rust,linenos,linenostart=20,hl_lines=3-4 8-9")
        #expect(options.lineNumbers)
        #expect(options.firstLineNumber == 20)
        #expect(options.markedLines == [3, 4, 8, 9])
    }

    @Test("MkDocs Material's py linenums=\"3\" hl_lines=\"2 3\"")
    func material() {
        let options = CodeBlockOptions(info: "py linenums=\"3\" hl_lines=\"2 3\" title=\"a.py\"")
        #expect(options.lineNumbers)
        #expect(options.firstLineNumber == 3)
        #expect(options.markedLines == [2, 3])
        #expect(!CodeBlockOptions(info: "py linenums=\"0\"").lineNumbers)
    }

    @Test("Docusaurus' and VitePress' js {1,4-6} showLineNumbers")
    func docusaurus() {
        let options = CodeBlockOptions(info: "js {1,4-6} showLineNumbers title=\"app.js\"")
        #expect(options.lineNumbers)
        #expect(options.markedLines == [1, 4, 5, 6])
        #expect(CodeBlockOptions(info: "jsx{2}").markedLines == [2])
    }

    @Test("an info string without options decorates nothing; hostile ranges stay small")
    func noneAndHostile() {
        #expect(!CodeBlockOptions(info: "swift").decoratesLines)
        #expect(!CodeBlockOptions(info: "").decoratesLines)
        #expect(!CodeBlockOptions(info: "swift title=\"a {b}\"").lineNumbers)
        #expect(CodeBlockOptions(info: "c {hl_lines=[1-999999999999999]}").markedLines.count == 100_000)
        #expect(CodeBlockOptions(info: "c {hl_lines=[5-2]}").markedLines.isEmpty)
        #expect(CodeBlockOptions(info: "c {linenostart=-4 linenos=true}").firstLineNumber == 1)
    }

    @Test("lines are wrapped as Chroma wraps them, numbers padded to one width")
    func decoration() {
        var options = CodeBlockOptions()
        options.lineNumbers = true
        options.firstLineNumber = 9
        options.markedLines = [2]
        #expect(options.decorate("<span class=\"k\">a</span>\nb\n") ==
            "<span class=\"line\"><span class=\"ln\"> 9</span><span class=\"cl\"><span class=\"k\">a</span>\n</span></span>"
            + "<span class=\"line hl\"><span class=\"ln\">10</span><span class=\"cl\">b\n</span></span>")
    }

    @Test("showLineNumbers=N takes linenostart's bounds: a huge or negative start does not crash decorate")
    func hostileStart() {
        for info in ["js showLineNumbers=9223372036854775807", "js showLineNumbers=-10", "js showLineNumbers=-3"] {
            let options = CodeBlockOptions(info: info)
            #expect(options.firstLineNumber == 1, "\(info)")
            #expect(options.decorate("a\nb\n").contains("<span class=\"ln\">2</span>"))
        }
        #expect(CodeBlockOptions(info: "js showLineNumbers=7").firstLineNumber == 7)
        // The property is public: decorate copes with any value set directly.
        var options = CodeBlockOptions(info: "js showLineNumbers")
        options.firstLineNumber = .max
        #expect(options.decorate("a\nb\n").contains("a\n"))
        options.firstLineNumber = -10
        #expect(options.decorate("a\nb\n").contains("<span class=\"ln\">-10</span>"))
    }

    @Test("a long hostile info string is read in linear time")
    func hostileLength() {
        let clock = ContinuousClock()
        let manyRanges = "js {" + Array(repeating: "1-100000", count: 4000).joined(separator: ",") + "}"
        let braces = "js " + String(repeating: "{", count: 200_000)
        let unclosed = "js " + String(repeating: "{1", count: 100_000)
        let elapsed = clock.measure {
            #expect(CodeBlockOptions(info: manyRanges).markedLines.count == 100_000)
            #expect(CodeBlockOptions(info: braces).markedLines.isEmpty)
            // Only the last `{1` holds nothing but a range; unclosed, it runs to the end.
            #expect(CodeBlockOptions(info: unclosed).markedLines == [1])
        }
        // Each took seconds when every range was spelled out and every `{` looked for a `}`.
        #expect(elapsed < .seconds(1))
    }

    @Test("CRLF line ends are line ends: a \\r\\n is one Character to Swift, but each line is still wrapped alone")
    func crlf() {
        let options = CodeBlockOptions(info: "js showLineNumbers")
        #expect(options.decorate("a\r\nb\r\n") ==
            "<span class=\"line\"><span class=\"ln\">1</span><span class=\"cl\">a\r\n</span></span>"
            + "<span class=\"line\"><span class=\"ln\">2</span><span class=\"cl\">b\r\n</span></span>")
        let html = options.decorate(Highlighter().highlight("let a = 1\r\nlet b = 2\r\n", language: "js") ?? "")
        #expect(html.contains("<span class=\"ln\">2</span><span class=\"cl\"><span class=\"kd\">let</span> <span class=\"nx\">b</span>"))
    }

    @Test("language names in any case, with GitHub's aliases, mdBook's commas and Pandoc's classes")
    func languageNames() {
        for name in ["rust", "RS", "Rust", "rust,ignore", "rust{1}", "{.rust}", "{.rs .numberLines}"] {
            #expect(Highlighter.name(of: name) == "rust", "\(name)")
        }
        #expect(Highlighter.name(of: "{.nosuch}") == nil)
        #expect(Highlighter.name(of: "") == nil)
        #expect(Highlighter().highlight("x", language: "nosuchlanguage") == nil)
    }
}
