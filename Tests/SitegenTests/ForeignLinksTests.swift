import Foundation
import Sitegen
import Testing

/// Links and anchors written for other generators (GitHub, mdBook, Zola, Hugo, Docusaurus,
/// Eleventy, kramdown) lead where they led there.
@Suite("Links from other generators")
struct ForeignLinksTests {
    /// Builds the files (path → text) in memory and returns the build.
    private func build(_ files: [String: String]) async throws -> (site: TestSite, build: SiteBuilder.InMemoryBuild) {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
        return (site, build)
    }

    /// Every `href` and `src` value in the content of the page made from `source`, in order.
    private func links(_ build: SiteBuilder.InMemoryBuild, _ source: String) -> [String] {
        var found: [String] = []
        var rest = Substring(build.pages.first { $0.page.sourcePath == source }?.content ?? "")
        while let attribute = [rest.firstRange(of: " href=\""), rest.firstRange(of: " src=\"")].compactMap({ $0 })
                .min(by: { $0.lowerBound < $1.lowerBound }),
              let end = rest[attribute.upperBound...].firstIndex(of: "\"") {
            found.append(String(rest[attribute.upperBound..<end]))
            rest = rest[end...]
        }
        return found
    }

    private func problems(_ site: TestSite, _ build: SiteBuilder.InMemoryBuild) -> [String] {
        LinkChecker(build: build, layout: SiteLayout(root: site.root), baseURL: build.baseURL).problems().map(\.description)
    }

    @Test("root-relative links to Markdown files resolve from the content folder, then the site folder")
    func rootRelativeMarkdown() async throws {
        let (site, built) = try await build([
            "content/proposals/0001-a.md": "# A\n\n[b](/proposals/0002-b.md#why) [from the site](/content/proposals/0002-b.md)\n",
            "content/proposals/0002-b.md": "# B\n\n## Why\n",
        ])
        #expect(links(built, "proposals/0001-a.md") == ["/proposals/0002-b/#why", "/proposals/0002-b/"])
        #expect(problems(site, built).isEmpty)
    }

    @Test("mdBook's .html names of Markdown files, relative or root-relative, lead to the pages")
    func mdBookHTMLLinks() async throws {
        let (site, built) = try await build([
            "src/ch01.md": "# One\n\n[next](ch02-control-flow.html#loops) [root](/src/ch02-control-flow.html) [home](index.html)\n",
            "src/ch02-control-flow.md": "# Two\n\n## Loops\n",
            "src/README.md": "# Book\n",
        ])
        #expect(links(built, "src/ch01.md") == ["/src/ch02-control-flow/#loops", "/src/ch02-control-flow/", "/src/"])   // README.md is the folder's own page
        #expect(problems(site, built).isEmpty)
    }

    @Test("Zola's @/ links resolve from the content folder, also below the folder given, and Zola's slug of a heading finds it")
    func zolaInternalLinks() async throws {
        let (site, built) = try await build([
            "docs/content/documentation/a.md": "+++\ntitle = \"A\"\n+++\n[get_page](@/documentation/templates.md#get-page) [b](@/documentation/templates.md)\n",
            "docs/content/documentation/templates.md": "# Templates\n\n### get_page\n",
        ])
        #expect(links(built, "docs/content/documentation/a.md")
                == ["/docs/content/documentation/templates/#get_page", "/docs/content/documentation/templates/"])
        #expect(problems(site, built).isEmpty)
    }

    @Test("Hugo's ref and relref shortcodes, quoted or not, in link destinations and text, give the page's URL")
    func hugoReferences() async throws {
        let (site, built) = try await build([
            "content/docs/a.md": """
                # A

                [b]({{< ref "b.md#install" >}}) [c]({{% relref c %}}) [by name]({{< ref "deep" >}})
                Plain: {{< ref "/docs/b.md" >}}

                [missing]({{< ref "nowhere.md" >}})

                Marked: {{< ref "b.md" >}}\u{301}
                """,
            "content/docs/b.md": "# B\n\n## Install\n",
            "content/docs/c.md": "# C\n",
            "content/other/deep/_index.md": "# Deep\n",
        ])
        let page = built.text(at: "docs/a/index.html") ?? ""
        #expect(links(built, "docs/a.md") == ["/docs/b/#install", "/docs/c/", "/other/deep/"])
        #expect(page.contains("Plain: /docs/b/"))
        // Read by scalars, as Hugo reads bytes: a combining mark after the closing braces does not hide them.
        #expect(page.contains("Marked: /docs/b/\u{301}"))
        // The reference that names nothing stays as text, so it is also counted with the shortcodes left as text.
        #expect(built.summary.warnings.map(\.description) == [
            "content/docs/a.md:6: Hugo reference to a missing page: nowhere.md",
            "content/docs/a.md:6: 1 Hugo shortcode ({{< … >}}, {{% … %}}) left as text in 1 page, the first here: "
                + "no built-in, theme component or shortcode file sitegen can run is named ref",
        ])
        #expect(!problems(site, built).contains { $0.contains("/docs/b") })
    }

    @Test("a Docusaurus id gives the doc its URL, and links to ids, root-relative or bare, lead to it")
    func docusaurusIDs() async throws {
        let (site, built) = try await build([
            "docs/ExpectAPI.md": "---\nid: expect\ntitle: Expect\n---\n## toBe\n\nSee [bail](configuration#bail).\n",
            "docs/Configuration.md": "---\nid: configuration\n---\n## bail\n\n[to be](/docs/expect#tobe) [api](ExpectAPI.md#tobe)\n",
        ])
        #expect(built.text(at: "docs/expect/index.html") != nil)
        #expect(links(built, "docs/ExpectAPI.md") == ["/docs/configuration/#bail"])
        #expect(links(built, "docs/Configuration.md") == ["/docs/expect/#tobe", "/docs/expect/#tobe"])
        #expect(problems(site, built).isEmpty)
    }

    @Test("links to folders, written from a folder above the site's own root, and in raw HTML lead to their pages")
    func foldersAboveAndRawHTML() async throws {
        let (site, built) = try await build([
            "src/docs/config.md": "# Config\n\n[filters](/docs/filters/) <a href=\"/docs/filters/#uses\">raw</a> [up](../docs)\n",
            "src/docs/filters.md": "# Filters\n\n## Uses\n",
            "src/docs/_index.md": "# Docs\n",
        ])
        #expect(links(built, "src/docs/config.md") == ["/src/docs/filters/", "/src/docs/filters/#uses", "/src/docs/"])
        #expect(problems(site, built).isEmpty)
    }

    @Test("any element's id and <a name> are anchors, and percent-encoded fragments match their ids")
    func anchors() async throws {
        let (site, built) = try await build([
            "content/a.md": """
                # A

                <a name="comp-baggage"></a>
                <div id="box">Box</div>

                ## ⚡ 快速上手

                [named](#comp-baggage) [box](#box) [encoded](#-%E5%BF%AB%E9%80%9F%E4%B8%8A%E6%89%8B) [gone](#nothing)
                """,
        ])
        #expect(problems(site, built) == ["content/a.md:8: missing anchor #nothing in content/a.md"])
    }

    @Test("a missing anchor names the file it was looked for in")
    func missingAnchorMessage() async throws {
        let (site, built) = try await build([
            "content/proposals/0001.md": "# One\n\n[why](0002.md#why)\n",
            "content/proposals/0002.md": "# Two\n\n## Motivation\n",
        ])
        #expect(problems(site, built) == ["content/proposals/0001.md:3: missing anchor #why in content/proposals/0002.md"])
    }

    @Test("{#id .class} after a heading sets its id and classes in sites and leaves its text; kramdown's {:…} lines go")
    func headingAttributes() async throws {
        let (site, built) = try await build([
            "content/a.md": """
                # A

                ## Install {#install .wide}

                ## Usage {% addedin "2.0" %}

                Text
                {:#why}

                {:.no_toc}

                [install](#install) [usage](#usage) [why](#why)
                """,
        ])
        let page = built.text(at: "a/index.html") ?? ""
        #expect(page.contains("<h2 id=\"install\" class=\"wide\">Install</h2>"))
        #expect(page.contains("<h2 id=\"usage\">Usage {% addedin &quot;2.0&quot; %}</h2>"))
        // The list at the end of a paragraph is the paragraph's, as kramdown reads it.
        #expect(page.contains("<p id=\"why\">Text</p>"))
        #expect(!page.contains("{:"))
        #expect(problems(site, built).isEmpty)
        // The Markdown layer alone stays cmark-gfm's unless asked.
        let text = "## Install {#install}\n"
        #expect(try MarkdownParser().html(from: text) == "<h2>Install {#install}</h2>\n")
        #expect(try MarkdownParser(options: .init(generatorSyntax: true)).html(from: text) == "<h2 id=\"install\">Install</h2>\n")
    }

    @Test("sitegen markdown reads other generators' syntax only with --generator-syntax")
    func markdownCommandFlag() throws {
        let site = try TestSite()
        let file = try site.write("## Install {#install}\n\n{:.good}\n", to: "a.md")
        #expect(try Sitegen.run(["markdown", file.path]).output == "<h2>Install {#install}</h2>\n<p>{:.good}</p>\n")
        #expect(try Sitegen.run(["markdown", "--generator-syntax", file.path]).output == "<h2 id=\"install\">Install</h2>\n")
    }

    @Test("check follows links to the site's own address as internal, and leaves addresses holding template tags to the tag summary")
    func ownAddressAndTemplateTags() async throws {
        let (site, built) = try await build([
            "sitegen.yml": "title: T\nbaseURL: https://example.org/docs/\n",
            "content/a.md": "# A\n\n[b](https://example.org/docs/b/#why) [gone](https://example.org/docs/gone/) "
                + "[home](https://example.org/docs) [tag]({{site.url}}/x/) [encoded](%7B%7Bsite.url%7D%7D/y/)\n",
            "content/b.md": "# B\n\n## Other\n",
        ])
        #expect(problems(site, built) == [
            "content/a.md:3: broken link: /docs/gone/",
            "content/a.md:3: missing anchor #why in content/b.md",
        ])
    }

    @Test("in a site published below a path of its host, links to its pages written from the root get the path, as Hugo themes' link hooks give it")
    func rootLinksUnderBasePath() async throws {
        let (site, built) = try await build([
            "sitegen.yml": "title: T\nbaseURL: https://example.org/book/\n",
            "content/docs/a.md": "# A\n\n[b](/docs/b/) [no slash](/docs/b#x) [section](/docs/) [home](/) [written with it](/book/docs/b/) "
                + "[file](/images/x.png) [nothing](/nowhere/)\n",
            "content/docs/b.md": "# B\n\n## X\n",
        ])
        #expect(links(built, "docs/a.md") == ["/book/docs/b/", "/book/docs/b/#x", "/book/docs/", "/book/", "/book/docs/b/",
                                              "/images/x.png", "/nowhere/"])
        #expect(problems(site, built).allSatisfy { !$0.contains("/docs/b") })
    }

    @Test("a Docusaurus blog route /blog/YYYY/MM/DD/slug leads to the dated post, also from a folder above the content root or beside the blog")
    func docusaurusBlogRoutes() async throws {
        let (site, built) = try await build([
            "website/blog/2016-07-27-jest-14.md": "# Jest 14\n\n## Why\n",
            "website/blog/2017-01-01-next.md": "# Next\n\n[previous](/blog/2016/07/27/jest-14) [no post](/blog/2016/07/27/none)\n",
            "docs/snapshots.md": "# Snapshots\n\n[post](/blog/2016/07/27/jest-14#why)\n",
        ])
        #expect(links(built, "docs/snapshots.md") == ["/website/blog/jest-14/#why"])
        #expect(links(built, "website/blog/2017-01-01-next.md") == ["/website/blog/jest-14/", "/blog/2016/07/27/none"])
        #expect(problems(site, built) == ["website/blog/2017-01-01-next.md:3: broken link: /blog/2016/07/27/none"])
    }

    @Test("a link written from the Hugo content root to a relative alias lands on the page; a Markdown link holding a shortcode is not a missing page")
    func aliasLinksAndTaggedMarkdownLinks() async throws {
        let (site, built) = try await build([
            "site/content/en/blog/2023/0.7.x.md": "---\ntitle: Docsy 0.7\naliases: [docsy-0.7]\n---\nText\n",
            "site/content/en/blog/2023/migration.md": "# Migration\n\n[follow-up](/blog/2023/docsy-0.7/) "
                + "[source]({{% param repo %}}/blob/main/README.md)\n",
        ])
        #expect(links(built, "site/content/en/blog/2023/migration.md").first == "/site/content/en/blog/2023/0.7.x/")
        #expect(!built.summary.warnings.contains { $0.description.contains("link to a missing page") })
        #expect(!problems(site, built).contains { $0.contains("docsy-0.7") })
    }
}
