import Foundation
import Testing
import Sitegen

@Suite("Themes")
struct ThemeTests {
    @Test("a site's templates/ override the theme's template of the same name, partials included")
    func override() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Hello\n---\nBody\n", to: "content/hello.md")
        try site.write("<footer>my own footer {{site.title}}</footer>\n", to: "templates/footer.mustache")
        try site.write("{{<base}}{{$main}}<div class=\"mine\">{{page.title}}|{{{page.content}}}</div>{{/main}}{{/base}}\n",
                       to: "templates/page.mustache")
        try site.write("title: Mine\n", to: "sitegen.yml")
        try await site.build()
        let page = try site.page("hello/index.html")
        #expect(page.contains("<div class=\"mine\">Hello|<p>Body</p>\n</div>"))
        #expect(page.contains("<footer>my own footer Mine</footer>"))
        #expect(page.contains("<link rel=\"stylesheet\""), "the theme's base layout is still used")
    }

    @Test("a home page or folder without text of its own shows the site's title and description, not an empty intro")
    func homeWithoutText() async throws {
        let site = try TestSite()
        try site.write("title: My Site\ndescription: About things\n", to: "sitegen.yml")
        try site.write("---\ntitle: One\ndate: 2024-01-01\n---\nHi\n", to: "content/posts/one.md")
        try site.write("---\ntitle: Posts\n---\n", to: "content/posts/_index.md")
        try await site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<h1>My Site</h1>") && home.contains("<p class=\"lead\">About things</p>"))
        #expect(!home.contains("content intro"))
        #expect(!(try site.page("posts/index.html")).contains("content intro"))
        try site.write("---\ntitle: Home\n---\nWelcome.\n", to: "content/_index.md")
        try await site.build()
        let own = try site.page("index.html")
        #expect(own.contains("<div class=\"content intro\">\n<p>Welcome.</p>") && !own.contains("<h1>My Site</h1>"))
    }

    @Test("a Hugo site's home page lists its main section's pages once, with no list of recent pages besides")
    func hugoHome() async throws {
        let site = try TestSite()
        try site.write("title = 'H'\n", to: "hugo.toml")
        try site.write("---\ntitle: One\ndate: 2024-01-01\n---\nHi\n", to: "content/posts/one.md")
        try await site.build()
        let home = try site.page("index.html")
        #expect(home.components(separatedBy: "href=\"/posts/one/\"").count == 2)
        #expect(!home.contains("<h2>Recent</h2>") && home.contains("<h1>H</h1>"))
    }

    @Test("`layout:` picks another template")
    func layoutKey() async throws {
        let site = try TestSite()
        try site.write("---\nlayout: plain\n---\n# Hi\n", to: "content/hi.md")
        try site.write("PLAIN {{page.title}}\n", to: "templates/plain.mustache")
        try await site.build()
        #expect(try site.page("hi/index.html") == "PLAIN Hi\n")
    }

    @Test("the bundled theme files in the binary match Themes/ (run Scripts/embed-themes.py after editing a theme)")
    func embeddedThemesAreCurrent() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestSite.packageRoot.appendingPathComponent("Scripts/embed-themes.py").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("base URL and configuration reach the templates")
    func configuration() async throws {
        let site = try TestSite()
        try site.write("title: Docs\nbaseURL: https://example.org/docs/\nlanguage: de\nauthor: Kim\ncolor: blue\n", to: "sitegen.yml")
        try site.write("[other](b.md)\n", to: "content/a.md")
        try site.write("B\n", to: "content/b.md")
        try site.write("{{site.params.color}} {{page.permalink}}\n", to: "templates/plain.mustache")
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<html lang=\"de\">"))
        #expect(page.contains("<a href=\"/docs/b/\">other</a>"))
        #expect(page.contains("href=\"/docs/assets/style.css\""))
        #expect(page.contains("© "))
        #expect(page.contains("Kim"))
    }
}
