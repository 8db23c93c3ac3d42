import Foundation
import Sitegen
import Testing

/// The live builds of `sitegen serve`: after every kind of change, the output folder must be
/// byte for byte what a full build makes, and a one-page edit must render only what reads it.
@Suite struct LiveBuildTests {
    @Test func matchesFullBuildsAfterEditsAdditionsRenamesAndDeletions() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        // A file an earlier build wrote goes; a file sitegen did not write stays.
        try site.write("stale", to: "public/stale.html")
        try site.write("sitegen output manifest 1\nf stale.html\n", to: "public/.sitegen-manifest")
        try site.write("example.org\n", to: "public/CNAME")
        let first = try await harness.live.build()
        #expect(first.kept == 0)
        #expect(!site.exists("stale.html"))
        #expect(try site.page("CNAME") == "example.org\n")
        #expect(try site.page(".sitegen-manifest").contains("f posts/index.html\n"))
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("CNAME"))
        try await harness.expectSameAsFullBuild()

        let post = "content/posts/2026-02-02-measuring-a-build.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)

        // A body edit: that page only (its summary, the first paragraph, is unchanged).
        let body = try await harness.rebuild(changing: [post]) {
            try site.write(original + "\nOne more paragraph at the end.\n", to: post)
        }
        #expect(body.changedFiles == ["posts/measuring-a-build/index.html"])
        #expect(try site.page("posts/measuring-a-build/index.html").contains("One more paragraph at the end."))
        #expect(body.rendered <= 3)

        // A title edit: the page, its neighbours, the lists, the term pages and the feeds.
        let title = try await harness.rebuild(changing: [post]) {
            try site.write(original.replacingOccurrences(of: "title: Measuring a build", with: "title: Timing a build"), to: post)
        }
        #expect(title.changedFiles.contains("posts/index.html"))
        #expect(title.changedFiles.contains("tags/tools/index.html"))
        #expect(title.changedFiles.contains("atom.xml"))
        #expect(!title.changedFiles.contains("about/index.html"))
        #expect(try site.page("tags/performance/index.html").contains("Timing a build"))

        // A new post with a new tag; a link to it from a page that had a broken link.
        try await harness.rebuild(changing: ["content/about.md"]) {
            try site.write("# About\n\nSee [the new post](posts/2026-05-01-new.md).\n", to: "content/about.md")
        }
        #expect(!(try site.page("about/index.html").contains("/posts/new/")))
        try await harness.rebuild(changing: ["content/posts/2026-05-01-new.md"]) {
            try site.write("---\ntitle: Brand new\ntags: [fresh]\n---\n\nNew text.\n", to: "content/posts/2026-05-01-new.md")
        }
        #expect(try site.page("about/index.html").contains("href=\"/posts/new/\""))
        #expect(site.exists("tags/fresh/index.html"))

        // A rename, then a deletion.
        let renamed = "content/posts/2026-05-02-renamed.md"
        try await harness.rebuild(changing: ["content/posts/2026-05-01-new.md", renamed]) {
            try FileManager.default.moveItem(at: site.root.appendingPathComponent("content/posts/2026-05-01-new.md"),
                                             to: site.root.appendingPathComponent(renamed))
        }
        #expect(!site.exists("posts/new/index.html"))
        #expect(site.exists("posts/renamed/index.html"))
        try await harness.rebuild(changing: [renamed]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent(renamed))
        }
        #expect(!site.exists("tags/fresh/index.html"))

        // A page in a folder that becomes a page bundle moves to the section above.
        try await harness.rebuild(changing: ["content/docs/deep/notes.md"]) {
            try site.write("# Deep notes\n\nText.\n", to: "content/docs/deep/notes.md")
        }
        try await harness.rebuild(changing: ["content/docs/deep/index.md"]) {
            try site.write("# Deep\n\nA bundle now.\n", to: "content/docs/deep/index.md")
        }

        // Static files come and go.
        try await harness.rebuild(changing: ["static/notes.txt"]) { try site.write("notes", to: "static/notes.txt") }
        #expect(try site.page("notes.txt") == "notes")
        try await harness.rebuild(changing: ["static/notes.txt"]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/notes.txt"))
        }

        // A new templates folder and a configuration change render everything again.
        try await harness.rebuild(changing: ["templates/footer.mustache"]) {
            try site.write("<footer>Live footer</footer>\n", to: "templates/footer.mustache")
        }
        #expect(try site.page("about/index.html").contains("Live footer"))
        let configuration = try String(contentsOf: site.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        let retitled = try await harness.rebuild(changing: ["sitegen.yml"]) {
            try site.write(configuration.replacingOccurrences(of: "title: Field Notes", with: "title: Trail Notes"), to: "sitegen.yml")
        }
        #expect(retitled.kept == 0)
        #expect(try site.page("index.html").contains("Trail Notes"))

        // A section's _index.md changes the menu of every page.
        try await harness.rebuild(changing: ["content/posts/_index.md"]) {
            try site.write("---\ntitle: Journal\n---\n\nAll the posts.\n", to: "content/posts/_index.md")
        }
        #expect(try site.page("about/index.html").contains("Journal"))
    }

    @Test("a sitegen.yaml put beside sitegen.yml is warned of at once, and read once sitegen.yml goes")
    func secondConfigurationFile() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        let first = try await harness.live.build()
        #expect(!first.summary.warnings.contains { $0.file == "sitegen.yaml" })
        let added = try await harness.rebuild(changing: ["sitegen.yaml"]) { try site.write("title: Other Notes\n", to: "sitegen.yaml") }
        // A configuration change: every output is made again, and `serve` tells the build's warnings (it does after a build that rendered).
        #expect(added.kept == 0)
        #expect(added.summary.warnings.map(\.description).contains("sitegen.yaml: is not read: sitegen.yml is; keep one of the two"))
        #expect(try !site.page("index.html").contains("Other Notes"))
        let alone = try await harness.rebuild(changing: ["sitegen.yml"]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("sitegen.yml"))
        }
        #expect(!alone.summary.warnings.contains { $0.file == "sitegen.yaml" })
        #expect(try site.page("index.html").contains("Other Notes"))
    }

    @Test("a live build in which nothing changed renders nothing: every output's values and the facts its template read are as recorded",
          arguments: ["blog", "docs", "multilingual"])
    func nothingChangedRendersNothing(example: String) async throws {
        let site = try TestSite(example: example)
        let harness = LiveBuildHarness(site)
        let first = try await harness.live.build()
        #expect(first.rendered > 0)
        let again = try await harness.live.build(changed: [site.root.appendingPathComponent("content/no-such-file.md").path])
        #expect(again.rendered == 0)
        #expect(again.kept == first.rendered)
        #expect(again.changedFiles.isEmpty)
    }

    @Test("a live build of an edit of a book's first chapter, which its home page shows too, renders the home page again")
    func firstChapterIsTheHomePage() async throws {
        let harness = try await built(PagesShownElsewhere.firstChapterBook())
        try await rebuild(harness, [PagesShownElsewhere.firstChapterEdit])
        #expect(try harness.site.page("index.html").contains("Welcome, edited."))
    }

    @Test("a live build of an edit of a chapter that another includes renders that other page again")
    func includedChapterEdits() async throws {
        let harness = try await built(PagesShownElsewhere.includingBook())
        try await rebuild(harness, [PagesShownElsewhere.includedEdit])
        // A folder's README, the text of its list page, that includes a chapter.
        try await rebuild(harness, PagesShownElsewhere.partIncludingChapter)
        try await rebuild(harness, [PagesShownElsewhere.partChapterEdit])
    }

    @Test("a live build of an edit of a page whose text or headings another page's parse read (readfile, a Zola link's fragment) renders that page again")
    func pagesReadByOthers() async throws {
        let harness = try await built(PagesShownElsewhere.readingPages(linksFromRoot: false))
        for edit in PagesShownElsewhere.readEdits(linksFromRoot: false) { try await rebuild(harness, [edit]) }
        #expect(try harness.site.page("a/index.html").contains("Dee, edited."))
    }

    @Test("a folder's own page whose text links to a page's heading, Zola's way, follows an edit of that page alone")
    func listTextReadingAPage() async throws {
        let harness = try await built(PagesShownElsewhere.listTextReadingAPage())
        try await rebuild(harness, [PagesShownElsewhere.listTextReadEdit])
        #expect(try harness.site.page("part/index.html").contains("/c/#get-page"))
    }

    @Test("a page whose link, Zola's way, names a heading of a folder's own page follows an edit of that page's text; so does a link to a heading added in the same edit")
    func pageReadingAListText() async throws {
        let harness = try await built(PagesShownElsewhere.pageReadingAListText())
        try await rebuild(harness, [PagesShownElsewhere.listTextHeadingEdit])
        #expect(try harness.site.page("a/index.html").contains("/part/#submit-here"))
        let other = try await built(PagesShownElsewhere.listTextReadingAPage())
        try await rebuild(other, [PagesShownElsewhere.headingAndLinkToIt])
        #expect(try other.site.page("c/index.html").contains("/c/#foo_bar-baz"))
    }

    @Test("links through an alias or by a blog route, and the sitemap, follow the alias, the post's URL and `sitemap: false`")
    func aliasesRoutesAndSitemap() async throws {
        let harness = try await built(PagesShownElsewhere.linksThroughAliasAndRoute())
        for edit in PagesShownElsewhere.aliasAndRouteEdits { try await rebuild(harness, [edit]) }
        #expect(try harness.site.page("docs/a/index.html").contains("href=\"/old-b\""))
    }

    @Test("a new title that moves an undated page past another in a term's list, which has dated pages, renders the term's pages again")
    func titleReordersATermsList() async throws {
        let site = try TestSite()
        try site.write("title: T\npaginate: 1\ntaxonomies: [tags]\n", to: "sitegen.yml")
        try site.write("---\ntitle: Dated\ndate: 2024-01-01\ntags: [x]\n---\n\nA.\n", to: "content/posts/a.md")
        try site.write("---\ntitle: Bee\ntags: [x]\n---\n\nB.\n", to: "content/notes/b.md")
        try site.write("---\ntitle: Sea\ntags: [x]\n---\n\nC.\n", to: "content/notes/c.md")
        let harness = try await built(site)
        #expect(try site.page("tags/x/page/3/index.html").contains("Sea"))
        try await rebuild(harness, [("content/notes/b.md", "---\ntitle: Tee\ntags: [x]\n---\n\nB.\n")])
        #expect(try site.page("tags/x/page/3/index.html").contains("Tee"))
    }

    /// A live builder of `site`, after its first build.
    private func built(_ site: TestSite) async throws -> LiveBuildHarness {
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        return harness
    }

    /// A live build after `edits`, checked against a full build.
    private func rebuild(_ harness: LiveBuildHarness, _ edits: [PagesShownElsewhere.Edit]) async throws {
        try await harness.rebuild(changing: edits.map(\.file)) {
            for edit in edits { try harness.site.write(edit.text, to: edit.file) }
        }
    }

    @Test func theDocsThemesNavigationFollowsEdits() async throws {
        let site = try TestSite(example: "docs")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        let page = "content/guides/content.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(page), encoding: .utf8)
        let body = try await harness.rebuild(changing: [page]) {
            try site.write(original + "\nA new closing line.\n", to: page)
        }
        #expect(body.rendered == 1)
        // A new title is in every page's sidebar.
        let title = try await harness.rebuild(changing: [page]) {
            try site.write(original.replacingOccurrences(of: "title: Writing content", with: "title: Writing pages") + "\nA new closing line.\n",
                           to: page)
        }
        #expect(title.changedFiles.contains("reference/cli/index.html"))
        #expect(try site.page("reference/cli/index.html").contains("Writing pages"))
        // A new page in a section, and a new section.
        try await harness.rebuild(changing: ["content/guides/themes.md"]) {
            try site.write("---\ntitle: Themes\nweight: 5\n---\n\n# Themes\n\nText.\n", to: "content/guides/themes.md")
        }
        try await harness.rebuild(changing: ["content/extras/one.md"]) {
            try site.write("---\ntitle: One extra\n---\n\nText.\n", to: "content/extras/one.md")
        }
        #expect(try site.page("guides/templates/index.html").contains("One extra"))
    }

    @Test func titleEditsThatReorderAListOrAreShownElsewhere() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Glossary\nsort: title\n---\n", to: "content/terms/_index.md")
        for (name, title) in [("a", "Apple"), ("b", "Banana"), ("c", "Cherry")] {
            try site.write("---\ntitle: \(title)\ntags: [fruit]\naliases: [/old/\(name)/]\n---\n\nAbout \(title).\n", to: "content/terms/\(name).md")
        }
        try site.write("---\ntitle: Dated\ndate: 2026-01-01\n---\n\nFirst paragraph.\n", to: "content/news/one.md")
        try site.write("---\ntitle: Also dated\ndate: 2026-02-01\n---\n\nText.\n", to: "content/news/two.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        // Apple becomes Zucchini: the glossary, sorted by title, changes order.
        try await harness.rebuild(changing: ["content/terms/a.md"]) {
            try site.write("---\ntitle: Zucchini\ntags: [fruit]\naliases: [/old/a/]\n---\n\nAbout Apple.\n", to: "content/terms/a.md")
        }
        #expect(try site.page("old/a/index.html").contains("<title>Zucchini</title>"))
        // A new summary (first paragraph) of a dated page: its list, the home page's recent list, the feeds.
        // (The change also names a temporary file that came and went, as sed -i makes.)
        let summary = try await harness.rebuild(changing: ["content/news/one.md", "content/news/sedX4fa9e"]) {
            try site.write("---\ntitle: Dated\ndate: 2026-01-01\n---\n\nA new first paragraph.\n", to: "content/news/one.md")
        }
        #expect(summary.changedFiles.contains("news/index.html"))
        #expect(summary.changedFiles.contains("atom.xml"))
        #expect(try site.page("index.html").contains("A new first paragraph."))
    }

    @Test func aChangeOfUnknownExtentMakesEverythingAgain() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        // The watcher lost its events (its queue overflowed): it names the site folder.
        let result = try await harness.rebuild(changing: [""]) {
            try site.write("<footer>Seen after all</footer>\n", to: "templates/footer.mustache")
            try site.write("# About\n\nAlso seen.\n", to: "content/about.md")
        }
        #expect(result.kept == 0)
        #expect(try site.page("about/index.html").contains("Seen after all"))
    }

    @Test func customStepsRunOnEveryLiveBuild() async throws {
        let site = try TestSite(example: "blog")
        var configured = Site()
        configured.steps.append(.step(named: "wordIndex") { context in
            let rendered = try context.renderedSite()
            let words = rendered.pages.map { "\($0.page.url) \($0.wordCount)" }.sorted().joined(separator: "\n")
            try context.write(words + "\n", to: "words.txt")
        })
        let harness = LiveBuildHarness(site, configured: configured)
        try await harness.live.build()
        let page = "content/about.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(page), encoding: .utf8)
        let result = try await harness.rebuild(changing: [page]) {
            try site.write(original + "\nSeven more words are added right here.\n", to: page)
        }
        #expect(result.changedFiles == ["about/index.html", "words.txt"])
    }

    @Test func aFailedLiveBuildLeavesTheOutputAsItWas() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        let before = LiveBuildHarness.files(in: site.output)
        try site.write("---\ntitle: [unclosed\n---\n\nText.\n", to: "content/broken.md")
        await #expect(throws: (any Error).self) {
            try await harness.live.build(changed: [site.root.appendingPathComponent("content/broken.md").path])
        }
        #expect(LiveBuildHarness.files(in: site.output) == before)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/broken.md"))
        try await harness.rebuild(changing: ["content/broken.md"]) {}

        // A build that fails after parsing an edited page (another page takes its URL):
        // once the other page is fixed, the edited page is still rendered anew.
        try site.write("# About\n\nEdited while another page was broken.\n", to: "content/about.md")
        try site.write("---\nurl: /about/\n---\n\nText.\n", to: "content/odd.md")
        await #expect(throws: (any Error).self) {
            try await harness.live.build(changed: [site.root.appendingPathComponent("content/odd.md").path])
        }
        try await harness.rebuild(changing: ["content/odd.md"]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/odd.md"))
        }
        #expect(try site.page("about/index.html").contains("Edited while another page was broken."))
    }

    @Test("a page edited into text that is not UTF-8 fails the live build naming its line, as a build from nothing does")
    func aPageEditThatIsNotUTF8() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        let before = LiveBuildHarness.files(in: site.output)
        let about = site.root.appendingPathComponent("content/about.md")
        // A body edit alone, which the quickest live build (PageEdit) takes.
        let text = try String(contentsOf: about, encoding: .utf8)
        try (Data(text.utf8) + Data("\nCaf".utf8) + Data([0xE9, 0x0A])).write(to: about)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        await #expect {
            try await harness.live.build(changed: [about.path])
        } throws: { error in
            "\(error)".contains("content/about.md:\(line): is not UTF-8 text")
        }
        #expect(LiveBuildHarness.files(in: site.output) == before)
    }

    @Test func aRecursivePartialSavedMidSessionFailsTheBuildUntilItIsFixed() async throws {
        let site = try TestSite(example: "blog")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        let before = LiveBuildHarness.files(in: site.output)
        let footer = "templates/footer.mustache"
        let changed: Set<String> = [site.root.standardizedFileURL.path + "/" + footer]
        try site.write("<footer>\n{{> footer}}\n</footer>\n", to: footer)
        // The pages open in a browser are not rendered first with the broken templates.
        #expect(await harness.live.renderFirst(["index.html"], changed: changed) == [])
        await #expect {
            try await harness.live.build(changed: changed)
        } throws: { error in
            "\(error)".contains("templates/footer.mustache:2: recursive partials: footer → footer;")
        }
        #expect(LiveBuildHarness.files(in: site.output) == before)
        try await harness.rebuild(changing: [footer]) { try site.write("<footer>Fixed</footer>\n", to: footer) }
        #expect(try site.page("about/index.html").contains("<footer>Fixed</footer>"))
    }

    @Test func aBodyEditOnAGeneratedSiteRendersOnlyThatPage() async throws {
        let site = try TestSite()
        for index in 1...60 {
            try site.write("""
                ---
                title: Post \(index)
                date: 2026-01-\(String(format: "%02d", index % 28 + 1))T\(String(format: "%02d", index % 24)):00:00Z
                tags: [tag\(index % 5)]
                ---

                Summary of post \(index).

                Body of post \(index).

                """, to: "content/posts/post-\(index).md")
        }
        let harness = LiveBuildHarness(site)
        let first = try await harness.live.build()
        let result = try await harness.rebuild(changing: ["content/posts/post-7.md"]) {
            let text = try String(contentsOf: site.root.appendingPathComponent("content/posts/post-7.md"), encoding: .utf8)
            try site.write(text.replacingOccurrences(of: "Body of post 7.", with: "Edited body."), to: "content/posts/post-7.md")
        }
        #expect(result.changedFiles == ["posts/post-7/index.html"])
        #expect(result.rendered == 1)
        #expect(result.kept == first.rendered - 1)
    }

    @Test func translationEditsAdditionsAndDeletionsMatchFullBuilds() async throws {
        let site = try TestSite(example: "multilingual")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        try await harness.expectSameAsFullBuild()

        // A body edit of one translation: that page alone.
        let french = "content/docs/install.fr.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(french), encoding: .utf8)
        let body = try await harness.rebuild(changing: [french]) {
            try site.write(original + "\nUne dernière remarque.\n", to: french)
        }
        #expect(body.changedFiles == ["fr/docs/install/index.html"])

        // A title edit: the French lists and neighbours show it; no English or Japanese output changes.
        let title = try await harness.rebuild(changing: [french]) {
            try site.write(original.replacingOccurrences(of: "title: Installation", with: "title: Installer Lantern"), to: french)
        }
        #expect(title.changedFiles.contains("fr/docs/index.html"))
        #expect(!title.changedFiles.contains { !$0.hasPrefix("fr/") && $0 != "sitemap.xml" }, "\(title.changedFiles)")

        // A new translation: its siblings' switchers and hreflang links, and the links that lead to it, follow.
        let japanese = "content/docs/configuration.ja.md"
        let added = try await harness.rebuild(changing: [japanese]) {
            try site.write("---\ntitle: 設定\nweight: 3\n---\n[インストール](install.md)の後に。\n", to: japanese)
        }
        #expect(added.changedFiles.contains("ja/docs/configuration/index.html"))
        #expect(added.changedFiles.contains("docs/configuration/index.html"))
        #expect(added.changedFiles.contains("fr/docs/configuration/index.html"))
        #expect(try site.page("docs/configuration/index.html").contains("<link rel=\"alternate\" hreflang=\"ja\""))

        // A link to a page that gains a translation leads to the translation.
        let linking = "content/docs/first-notebook.ja.md"
        try await harness.rebuild(changing: [linking]) {
            let text = try String(contentsOf: site.root.appendingPathComponent(linking), encoding: .utf8)
            try site.write(text + "\n[設定](configuration.md)\n", to: linking)
        }
        #expect(try site.page("ja/docs/first-notebook/index.html").contains("<a href=\"/ja/docs/configuration/\">設定</a>"))
        let removed = try await harness.rebuild(changing: [japanese]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent(japanese))
        }
        #expect(removed.changedFiles.contains("ja/docs/first-notebook/index.html"))
        #expect(try site.page("ja/docs/first-notebook/index.html").contains("<a href=\"/docs/configuration/\">設定</a>"))

        // A translationKey that pairs a page anew; a changed i18n file re-renders every output of its language.
        try await harness.rebuild(changing: ["content/about.md", "content/a-propos.fr.md"]) {
            let about = try String(contentsOf: site.root.appendingPathComponent("content/about.md"), encoding: .utf8)
            try site.write(about.replacingOccurrences(of: "---\n", with: "---\ntranslationKey: about\n", options: .anchored), to: "content/about.md")
            try site.write("---\ntitle: À propos\ntranslationKey: about\n---\nNous.\n", to: "content/a-propos.fr.md")
        }
        #expect(try site.page("about/index.html").contains("<li><a href=\"/fr/a-propos/\" hreflang=\"fr\" lang=\"fr\">Français</a></li>"))
        try await harness.rebuild(changing: ["i18n/fr.yml"]) {
            try site.write("contents: Table des matières\n", to: "i18n/fr.yml")
        }
        #expect(try site.page("fr/docs/install/index.html").contains("<summary>Table des matières</summary>"))
    }

    // MARK: Stale outputs found by RandomEditTests, each reduced to its smallest case

    @Test func aDatedPageJoiningATermGivesTheTermsSitemapEntryItsDate() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\ndate: 2025-02-18\n---\n\nText.\n", to: "content/a.md")
        try site.write("---\ntitle: B\ncategories: [opinion]\n---\n\nText.\n", to: "content/b.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        try await harness.rebuild(changing: ["content/a.md"]) {
            try site.write("---\ntitle: A\ndate: 2025-02-18\ncategories: [opinion]\n---\n\nText.\n", to: "content/a.md")
        }
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/categories/opinion/</loc><lastmod>2025-02-18</lastmod>"))
    }

    @Test func anAliasFollowsItsPageWhenTheFolderItMovesWithHoldsABundle() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\naliases: [/old/a/]\n---\n\nText.\n", to: "content/docs/a.md")
        try site.write("# Setup\n", to: "content/docs/setup/index.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        // The bundle moves too: every page is placed again, and the page at docs/a.md is gone.
        try await harness.rebuild(changing: ["content/docs", "content/guides", "content/guides/a.md", "content/guides/setup/index.md"]) {
            try FileManager.default.moveItem(at: site.root.appendingPathComponent("content/docs"),
                                             to: site.root.appendingPathComponent("content/guides"))
        }
        #expect(try site.page("old/a/index.html").contains("url=https://example.org/guides/a/"))
    }

    @Test func anAliasFollowsItsPageRenamedDuringABuildThatFailed() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: A\naliases: [/old/a/]\n---\n\nText.\n", to: "content/a.md")
        try site.write("---\ntitle: B\n---\n\nText.\n", to: "content/b.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        // The page moves while another page takes b.md's URL: the build fails.
        try FileManager.default.moveItem(at: site.root.appendingPathComponent("content/a.md"),
                                         to: site.root.appendingPathComponent("content/moved.md"))
        try site.write("---\ntitle: C\nurl: /b/\n---\n\nText.\n", to: "content/c.md")
        await #expect(throws: (any Error).self) {
            try await harness.live.build(changed: harness.changedPaths(["content/a.md", "content/moved.md", "content/c.md"]))
        }
        try await harness.rebuild(changing: ["content/c.md"]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/c.md"))
        }
        #expect(try site.page("old/a/index.html").contains("url=https://example.org/moved/"))
    }

    @Test func anAliasGoesToTheFirstFileWhenAnotherPageClaimsItAndComesBackWhenThatPageGoes() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: B\naliases: [/old/]\n---\n\nText.\n", to: "content/b.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        // a.md comes first by path: it keeps the alias, b.md's is left out (a warning).
        try await harness.rebuild(changing: ["content/a.md"]) {
            try site.write("---\ntitle: A\naliases: [/old/]\n---\n\nText.\n", to: "content/a.md")
        }
        #expect(try site.page("old/index.html").contains("url=https://example.org/a/"))
        try await harness.rebuild(changing: ["content/a.md"]) {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/a.md"))
        }
        #expect(try site.page("old/index.html").contains("url=https://example.org/b/"))
    }

    @Test func aPageTakesAnAliasFromAFoldersOwnPage() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Docs\naliases: [/old/]\n---\n", to: "content/docs/_index.md")
        try site.write("# Guide\n", to: "content/docs/guide.md")
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        try await harness.rebuild(changing: ["content/a.md"]) {
            try site.write("---\ntitle: A\naliases: [/old/]\n---\n\nText.\n", to: "content/a.md")
        }
        #expect(try site.page("old/index.html").contains("url=https://example.org/a/"))
    }

    @Test func aLinkToTheHomePageLeadsToTheDefaultLanguagesHomeInEveryBuild() async throws {
        let site = try TestSite()
        try site.write("languages:\n  en:\n    name: English\n  fr:\n    name: Français\nprefixDefaultLanguage: true\n", to: "sitegen.yml")
        try site.write("# Home\n\nSee [A](a.md).\n", to: "content/_index.md")
        try site.write("# A\n\nSee [the home page](_index.md).\n", to: "content/a.md")
        try site.write("# A\n\nSee [the home page](_index.md).\n", to: "content/a.fr.md")
        // Which of the two lists that `_index.md` is the text of (the root's redirect, `/en/`) a
        // link leads to, or is linked from, must not depend on the order of a dictionary.
        var hrefs: [String: Set<String>] = [:]
        for _ in 0..<8 {
            let build = try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root)).buildInMemory()
            for path in ["en/a/index.html", "fr/a/index.html", "en/index.html"] {
                let page = try #require(build.text(at: path))
                hrefs[path, default: []].formUnion(page.components(separatedBy: "See <a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
            }
        }
        #expect(hrefs == ["en/a/index.html": ["/en/"], "fr/a/index.html": ["/fr/"], "en/index.html": ["/en/a/"]])
    }
}
