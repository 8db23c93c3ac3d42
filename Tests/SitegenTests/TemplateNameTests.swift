import Foundation
import Testing
import Sitegen

/// Template values are typed, so a name no value can ever have is found before anything
/// renders: a warning naming the template, line and column with the nearest real name; an error
/// with `--strict`.
@Suite("Names in templates")
struct TemplateNameTests {
    private func site(_ templates: [String: String]) throws -> TestSite {
        let site = try TestSite()
        try site.write("---\ntitle: A\ntags: [x]\n---\nText\n", to: "content/posts/a.md")
        for (name, text) in templates { try site.write(text, to: "templates/\(name).mustache") }
        return site
    }

    @Test("a misspelt name in a site template is a warning with file, line, column and a suggestion; the build goes on")
    func misspeltName() throws {
        let site = try site(["page": "<h1>{{page.title}}</h1>\n<p>{{page.tilte}} {{#page.tags}}{{nmae}}{{/page.tags}}</p>\n"])
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0)
        #expect(result.error.contains("sitegen: warning: templates/page.mustache:2: column 4: `page.tilte` can never have a value here; did you mean `page.title`?"))
        #expect(result.error.contains("templates/page.mustache:2: column 33: `nmae` can never have a value here; did you mean `name`?"))
        #expect(try site.page("posts/a/index.html").contains("<h1>A</h1>"))
    }

    @Test("--strict makes such a name an error: exit status 1 and the previous output untouched")
    func strictStops() throws {
        let site = try site(["section": "{{section.titel}}\n"])
        #expect(try Sitegen.run(["build", site.root.path]).status == 0)
        let before = try site.page("posts/index.html")
        let result = try Sitegen.run(["build", "--strict", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/section.mustache:1: column 1: `section.titel` can never have a value here; did you mean `section.title`?"))
        #expect(try site.page("posts/index.html") == before)
    }

    @Test("names under data, params and plugin data are not checked; the bundled themes give no warnings")
    func openValuesAndThemes() throws {
        let site = try site(["footer": "{{data.authors.anyone}} {{site.params.whatever}}\n"])
        try site.write("theme: docs\n", to: "sitegen.yml")
        let result = try Sitegen.run(["build", "--strict", site.root.path])
        #expect(result.status == 0)
        #expect(!result.error.contains("can never have a value"))
    }
}
