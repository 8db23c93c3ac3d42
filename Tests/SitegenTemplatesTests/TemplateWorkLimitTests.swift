import Testing
@testable import SitegenTemplates

/// Templates that loop inside loops or write without end stop at once at their limit, with
/// an error at the template and line; the work done before is counted, never timed.
@Suite("Template work limits")
struct TemplateWorkLimitTests {
    /// A library of `templates` (the first is rendered) with the limits given.
    private func render(_ templates: [(name: String, text: String)], _ data: TemplateValue,
                        iterations: Int = 1_000_000, bytes: Int = 1_000_000)
        throws -> (output: String, counts: TemplateLibrary.RenderCounts, error: TemplateError?) {
        var library = try TemplateLibrary(templates.map { .init(name: $0.name, text: $0.text, displayPath: "templates/\($0.name).mustache") })
        library.iterationLimit = iterations
        library.outputLimit = bytes
        var output = ""
        var counts = TemplateLibrary.RenderCounts()
        do {
            try library.render(templates[0].name, with: data, into: &output, counts: &counts)
            return (output, counts, nil)
        } catch {
            return (output, counts, error)
        }
    }

    private let tenItems: TemplateValue = ["items": .list((0..<10).map { .int($0) })]

    private func loops(_ depth: Int, around inner: String = "x") -> String {
        "<ul>\n" + String(repeating: "{{#items}}", count: depth) + inner + String(repeating: "{{/items}}", count: depth)
    }

    @Test("twelve nested loops over ten items stop at the iteration limit, one iteration past it")
    func nestedLoops() throws {
        let (_, counts, error) = try render([("page", loops(12))], tenItems, iterations: 1_000)
        #expect(counts.iterations == 1_001)
        #expect(error?.description == "templates/page.mustache:2: sections loop more than 1,000 times in one render "
                + "(Limits: template iterations); each loop inside a loop multiplies them: nest fewer loops, or loop over shorter lists")
    }

    @Test("loops within the limit render whole")
    func loopsWithinTheLimit() throws {
        let (output, counts, error) = try render([("page", loops(3))], tenItems, iterations: 1_110)
        #expect(error == nil)
        #expect(counts.iterations == 1_110)
        #expect(output == "<ul>\n" + String(repeating: "x", count: 1_000))
    }

    @Test("a loop in a partial is reported at the partial's file and line")
    func loopInAPartial() throws {
        let (_, _, error) = try render([("page", "{{> list}}"), ("list", "\n\n" + loops(6))], tenItems, iterations: 500)
        #expect(error?.description.hasPrefix("templates/list.mustache:4: sections loop more than 500 times") == true,
                "\(String(describing: error))")
    }

    @Test("a loop in a block a page overrides is reported at the page's line")
    func loopInAnOverride() throws {
        let (_, _, error) = try render([("page", "{{<base}}\n{{$main}}\n" + loops(6) + "{{/main}}{{/base}}"),
                                        ("base", "<body>{{$main}}{{/main}}</body>")], tenItems, iterations: 500)
        #expect(error?.description.hasPrefix("templates/page.mustache:4: sections loop more than 500 times") == true,
                "\(String(describing: error))")
    }

    @Test("a render that writes past the output limit stops at the write that went over")
    func outputLimit() throws {
        let (output, counts, error) = try render([("page", loops(6, around: "{{text}}"))],
                                                 ["items": .list((0..<10).map { .int($0) }), "text": "0123456789"],
                                                 bytes: 10_000)
        #expect(error?.description == "templates/page.mustache:2: the render writes more than 10,000 bytes (Limits: template output size); "
                + "a loop or partial repeats too much: write less per output")
        // Stopped at the first write past the limit: no more than one value (10 bytes) over.
        #expect(counts.bytes > 10_000 && counts.bytes <= 10_010)
        #expect(output.utf8.count == counts.bytes)
        // About 1,001 items of the innermost loop, and the outer loops' items around them.
        #expect(counts.iterations < 1_200)
    }

    @Test("the output limit counts only what this render writes, after the text already in the output")
    func outputLimitAfterExistingText() throws {
        var library = try TemplateLibrary([.init(name: "t", text: "{{#items}}ab{{/items}}", displayPath: "templates/t.mustache")])
        library.outputLimit = 20
        var output = String(repeating: "-", count: 100)
        try library.render("t", with: tenItems, into: &output)
        #expect(output.utf8.count == 120)
    }
}
