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
}
