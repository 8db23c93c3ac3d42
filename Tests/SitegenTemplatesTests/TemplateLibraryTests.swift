import SitegenTemplates
import Testing

@Suite("Template library")
struct TemplateLibraryTests {
    func render(_ text: String, _ data: TemplateValue, partials: [String: String] = [:], name: String = "t") throws -> String {
        let sources = [TemplateLibrary.Source(name: name, text: text, displayPath: "templates/\(name).mustache")]
            + partials.map { TemplateLibrary.Source(name: $0.key, text: $0.value, displayPath: "templates/\($0.key).mustache") }
        let library = try TemplateLibrary(sources)
        return try library.render(name, with: data)
    }

    /// The error rendering throws, if any.
    func renderError(_ text: String, _ data: TemplateValue, partials: [String: String]) throws -> TemplateError? {
        let sources = [TemplateLibrary.Source(name: "t", text: text, displayPath: "templates/t.mustache")]
            + partials.map { TemplateLibrary.Source(name: $0.key, text: $0.value, displayPath: "templates/\($0.key).mustache") }
        let library = try TemplateLibrary(sources)
        do {
            _ = try library.render("t", with: data)
            return nil
        } catch {
            return error
        }
    }

    func syntaxError(_ text: String) -> TemplateError? {
        do {
            _ = try TemplateLibrary([.init(name: "t", text: text, displayPath: "templates/t.mustache")])
            return nil
        } catch {
            return error.errors.first
        }
    }

    @Test("an object's members are found at every size: searched when few, hashed when many", arguments: [1, 7, 8, 9, 40])
    func membersAtEverySize(count: Int) throws {
        var object = TemplateDictionary()
        for index in 0..<count { object["key\(index)"] = .text("value \(index)") }
        func text(_ name: String) -> String? {
            guard case .text(let text)? = object.member(name) else { return nil }
            return text
        }
        for index in 0..<count { #expect(text("key\(index)") == "value \(index)") }
        #expect(object.member("key\(count)") == nil)
        #expect(object.member("") == nil)
        #expect(object.member("key") == nil)
        let names = (0..<count).map { "{{key\($0)}}" }.joined(separator: ",")
        #expect(try render("{{#o}}\(names)|{{missing}}{{/o}}", ["o": .object(object)])
                == (0..<count).map { "value \($0)" }.joined(separator: ",") + "|")
    }

    @Test("HTML templates escape & < > \" and ' in one pass; triple braces and & do not")
    func htmlEscaping() throws {
        let data: TemplateValue = ["x": "Tom & \"Jerry\" <b>'s</b> café"]
        #expect(try render("{{x}}|{{{x}}}|{{& x}}", data)
                == "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; café|Tom & \"Jerry\" <b>'s</b> café|Tom & \"Jerry\" <b>'s</b> café")
    }

    @Test("templates named .xml escape for XML and drop characters XML forbids; .txt escape nothing")
    func xmlAndTextEscaping() throws {
        let data: TemplateValue = ["x": "a & b's <c>\u{1}\u{FFFE}\td"]
        #expect(try render("<t>{{x}}</t>", data, name: "feed.xml") == "<t>a &amp; b's &lt;c&gt;\td</t>")
        #expect(try render("{{x}}", data, name: "robots.txt") == "a & b's <c>\u{1}\u{FFFE}\td")
    }

    @Test("numbers, yes/no and lists render as written; objects and null render nothing")
    func valueText() throws {
        let data: TemplateValue = ["i": 42, "d": .double(1.5), "b": true, "l": ["a", 2], "o": ["k": "v"], "n": nil]
        #expect(try render("{{i}} {{d}} {{b}} {{l}} [{{o}}] [{{n}}] [{{missing}}]", data) == "42 1.5 true a, 2 [] [] []")
    }

    @Test("0, a space and other text open a section; null, false, an empty list and empty text do not")
    func truthiness() throws {
        let data: TemplateValue = ["e": "", "s": " ", "z": 0, "n": nil, "f": false, "l": .list([])]
        #expect(try render("{{#e}}E{{/e}}{{#s}}S{{/s}}{{#z}}Z{{/z}}{{#n}}N{{/n}}{{#f}}F{{/f}}{{#l}}L{{/l}}|{{^n}}n{{/n}}{{^f}}f{{/f}}{{^l}}l{{/l}}{{^e}}e{{/e}}{{^s}}s{{/s}}",
                           data) == "SZ|nfle")
    }

    @Test("dotted names look up their first part from the inside out, the rest strictly")
    func dottedNames() throws {
        let data: TemplateValue = ["page": ["title": "Outer", "section": ["title": "S"]], "items": [["title": "Inner"], ["x": 1]]]
        #expect(try render("{{#items}}{{title}},{{page.section.title}};{{/items}}{{page.missing.title}}", data) == "Inner,S;,S;")
    }

    @Test("a typed object of our own answers members without a dictionary")
    func customObject() throws {
        struct Page: TemplateObject {
            let title: String
            func member(_ name: String) -> TemplateValue? { name == "title" ? .text(title) : nil }
        }
        #expect(try render("<h1>{{page.title}}</h1>", ["page": .object(Page(title: "A < B"))]) == "<h1>A &lt; B</h1>")
    }

    @Test("syntax errors name the template, line and column, and say what to do", arguments: [
        ("a\n  {{#x}}\nb", 2, 3, "{{#x}} is never closed; add {{/x}}"),
        ("{{#x}}\n{{/y}}", 2, 1, "{{/y}} closes {{#x}} of line 1; write {{/x}}"),
        ("one\ntwo {{/z}}", 2, 5, "{{/z}} closes nothing; remove it or open {{#z}} before it"),
        ("é {{title", 1, 3, "this tag is never closed: add }} after its name"),
        ("{{}}", 1, 1, "this tag has no name; write one, as in {{title}}"),
        ("{{=<% %>}}", 1, 1, "a delimiter tag ends with =, as in {{=<% %>=}}"),
    ])
    func syntaxErrors(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(syntaxError(text) == TemplateError(displayPath: "templates/t.mustache", line: line, column: column, message: message))
    }

    @Test("sections nested 100,000 deep are an error, not a crash")
    func deepNesting() {
        let text = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        #expect(syntaxError(text)?.message == "sections nest more than 100 deep; close some before opening more")
    }

    @Test("a partial that meets the same data again stops after 32 levels with an error naming it")
    func recursionLimit() throws {
        let error = try renderError("{{> r}}", ["a": ["b": 1]], partials: ["r": "x{{#a}}{{> r}}{{/a}}"])
        #expect(error?.message.hasPrefix("partials recurse more than 32 levels deep (r → r → …)") == true)
        #expect(error?.displayPath == "templates/r.mustache" || error?.displayPath == "templates/t.mustache")
    }

    @Test("a standalone partial indents its lines, not the values in them")
    func partialIndentation() throws {
        #expect(try render("<ul>\n  {{> item}}\n</ul>\n", ["x": "a\nb"], partials: ["item": "<li>\n{{x}}\n</li>\n"])
                == "<ul>\n  <li>\n  a\nb\n  </li>\n</ul>\n")
    }

    @Test("a child template fills its parent's blocks; standalone parent and block lines go, a block opened and closed on one line keeps its line")
    func inheritance() throws {
        let base = "<title>{{$title}}Site{{/title}}</title>\n<main>\n{{$main}}{{/main}}\n</main>\n"
        let page = "{{<base}}\n{{$title}}{{t}} · Site{{/title}}\n{{$main}}\n<p>{{t}}</p>\n{{/main}}\n{{/base}}\n"
        #expect(try render(page, ["t": "Hi"], partials: ["base": base], name: "page")
                == "<title>Hi · Site</title>\n<main>\n<p>Hi</p>\n\n</main>\n")
    }

    @Test("names that can never resolve are found with a suggestion; a shared layout reports only what resolves from no entry")
    func unresolvableNames() throws {
        let library = try TemplateLibrary([
            .init(name: "page", text: "{{<base}}{{$main}}{{page.tilte}}{{#page.tags}}{{name}}{{nmae}}{{/page.tags}}{{/main}}{{/base}}",
                  displayPath: "templates/page.mustache"),
            .init(name: "list", text: "{{<base}}{{$main}}{{#pages}}{{title}}{{/pages}}{{/main}}{{/base}}", displayPath: "templates/list.mustache"),
            .init(name: "base", text: "{{site.title}} {{page.title}} {{data.anything.at.all}}", displayPath: "templates/base.mustache"),
        ])
        let tag = TemplateShape.object(name: "tag", members: ["name": .scalar])
        let site = TemplateShape.object(name: "site", members: ["title": .scalar])
        let pageRoot = TemplateShape.object(name: "root", members: [
            "site": site, "data": .any, "page": .object(name: "page", members: ["title": .scalar, "tags": .list(tag)]),
        ])
        let listRoot = TemplateShape.object(name: "root", members: [
            "site": site, "data": .any, "pages": .list(.object(name: "summary", members: ["title": .scalar])),
        ])
        let found = library.unresolvableNames(from: [("page", pageRoot), ("list", listRoot)])
        #expect(found == [
            UnresolvableName(displayPath: "templates/page.mustache", line: 1, column: 19, name: "page.tilte", suggestion: "page.title"),
            UnresolvableName(displayPath: "templates/page.mustache", line: 1, column: 55, name: "nmae", suggestion: "name"),
        ])
    }

    @Test("one library renders from many threads at once, each render its own")
    func concurrentRenders() async throws {
        let library = try TemplateLibrary([.init(name: "t", text: "{{#items}}<{{.}}>{{/items}}", displayPath: "t")])
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let items = TemplateValue.list((0..<index % 7).map { .int($0 + index) })
                    let expected = (0..<index % 7).map { "<\($0 + index)>" }.joined()
                    return (try? library.render("t", with: ["items": items])) == expected
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 } && results.count == 200)
    }
}
