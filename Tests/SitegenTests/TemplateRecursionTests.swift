import Foundation
import Testing
import Sitegen

/// Templates that include themselves, or nest too deep, would overflow the renderer's stack:
/// they must end as errors naming the templates (exit status 1), never as a crash.
@Suite("Recursive and deep templates")
struct TemplateRecursionTests {
    /// A site with one page and the given templates.
    private func site(_ templates: [String: String], page: String = "# A\n\n## B\n\n### C\n") throws -> TestSite {
        let site = try TestSite()
        try site.write(page, to: "content/a.md")
        for (name, text) in templates { try site.write(text, to: "templates/\(name).mustache") }
        return site
    }

    /// The errors of a library build.
    private func errors(_ site: TestSite) async -> [String] {
        do {
            try await site.build()
            return []
        } catch let errors as SiteErrors {
            return errors.errors.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test("a page template that includes itself fails the build with exit status 1, naming the template and the loop")
    func selfInclusion() throws {
        let site = try site(["page": "<main>\n{{> page}}\n</main>\n"])
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/page.mustache:2: recursive partials: page → page;"))
        #expect(!site.exists("a/index.html"))
    }

    @Test("two partials that include each other are an error naming the chain from the first")
    func twoStepLoop() async throws {
        let found = await errors(try site(["page": "{{> a}}", "a": "<p>{{> b}}</p>\n", "b": "<i>\n{{> a}}</i>\n"]))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("templates/a.mustache:1: recursive partials: a → b → a;") == true)
    }

    @Test("layouts that extend each other in a loop are an error")
    func layoutLoop() async throws {
        let found = await errors(try site([
            "page": "{{<frame}}{{$main}}text{{/main}}{{/frame}}",
            "frame": "<div>{{<page}}{{/page}}</div>\n",
        ]))
        #expect(found.first?.hasPrefix("templates/frame.mustache:1: recursive layouts: frame → page → frame;") == true)
    }

    @Test("a loop through the site's template and the theme's is reported at the site's template")
    func loopThroughTheTheme() async throws {
        // The theme's page extends base, whose header is now the site's, which includes page.
        let found = await errors(try site(["header": "<header>{{> page}}</header>\n"]))
        #expect(found.first?.hasPrefix("templates/header.mustache:1: recursive partials and layouts: header → page → base → header;") == true)
    }

    @Test("a template that includes itself inside a section over data that never ends stops with an error")
    func endlessRecursionThroughASection() async throws {
        let found = await errors(try site(["page": "<p>{{#page}}{{> page}}{{/page}}</p>\n"]))
        #expect(found == ["templates/page.mustache:1: partials recurse more than 32 levels deep (page → page → …); a template that includes itself must walk into a list that ends within 32 levels, as {{#children}}{{> entries}}{{/children}} does (rendering content/a.md)"])
    }

    @Test("a template that includes itself four times over deep data stops with an error instead of rendering 4^25 copies")
    func branchingRecursion() async throws {
        var data = "[{y: 1}]"
        for _ in 0..<25 { data = "[{x: \(data)}]" }
        let site = try site(["page": "{{#page.params.x}}{{> rec}}{{/page.params.x}}",
                             "rec": "{{#x}}{{> rec}}{{> rec}}{{> rec}}{{> rec}}{{/x}}"],
                            page: "---\nx: \(data)\n---\nText\n")
        let found = await errors(site)
        #expect(found.count == 1)
        #expect(found.first?.contains("partials recurse more than 32 levels deep (rec → rec → …)") == true, "\(found)")
    }

    @Test("recursion over a list that ends works: the theme's nested table of contents")
    func recursionOverAList() async throws {
        let site = try site([:], page: "---\ntitle: T\n---\n## One\n\n### Two\n\n#### Three\n\n## Four\n")
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<li><a href=\"#two\">Two</a>\n<ol>\n<li><a href=\"#three\">Three</a></li>\n</ol>\n</li>"))
    }

    @Test("a chain of 1,000 partials is a clear error, and a chain of 50 builds")
    func deepChains() async throws {
        var templates = ["page": "<html>{{> p0}}</html>\n", "p1000": "end"]
        for index in 0..<1000 { templates["p\(index)"] = "<i>{{> p\(index + 1)}}</i>" }
        let deep = try site(templates)
        let result = try Sitegen.run(["build", deep.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/page.mustache:1: templates nest more than 200 levels deep, counting the sections in them: page → p0 → p1 → … → p999 → p1000;"))

        var shallow = ["page": "<html>{{> p0}}</html>\n", "p50": "end"]
        for index in 0..<50 { shallow["p\(index)"] = "<i>{{> p\(index + 1)}}</i>" }
        let site = try site(shallow)
        try await site.build()
        #expect(try site.page("a/index.html") == "<html>" + String(repeating: "<i>", count: 50) + "end" + String(repeating: "</i>", count: 50) + "</html>\n")
    }

    @Test("sections nested 10,000 deep in one template are an error, not a crash")
    func deepSections() throws {
        let site = try site(["page": String(repeating: "{{#page}}", count: 10_000) + "x" + String(repeating: "{{/page}}", count: 10_000)])
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/page.mustache:1: sections nest more than 100 deep"))
    }

    @Test("an empty, missing or data-named partial or layout is an error naming the template and line")
    func badNames() async throws {
        #expect(await errors(try site(["page": "<p>\n{{>  }}\n</p>\n"]))
                == ["templates/page.mustache:2: {{> }} names no partial; write the template's name, as in {{> header}}"])
        #expect(await errors(try site(["page": "{{<nowhere}}{{/nowhere}}\n"]))
                == ["templates/page.mustache:1: unknown layout 'nowhere': add templates/nowhere.mustache or fix the name"])
        #expect(await errors(try site(["page": "{{>*page.params.box}}\n"]))
                == ["templates/page.mustache:1: {{> *page.params.box}}: a partial named by the data is not supported; name the template, as in {{> header}}"])
    }

    @Test("references are read as the template library reads them: with changed delimiters, not in comments")
    func delimitersAndComments() async throws {
        let found = await errors(try site(["page": "{{! {{> page}} is only mentioned }}\n{{=<% %>=}}\n<%> page%>\n"]))
        #expect(found.first?.hasPrefix("templates/page.mustache:3: recursive partials: page → page;") == true)
        #expect(found.count == 1)
    }
}
