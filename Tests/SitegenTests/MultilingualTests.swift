import Foundation
import Testing
import Sitegen

@Suite("Sites in several languages")
struct MultilingualTests {
    private static let twoLanguages = """
        title: Atlas
        baseURL: https://atlas.example.org/
        languages:
          en: {name: English}
          de: {name: Deutsch, title: Atlas DE}

        """

    /// A `sitegen.yml` with `languages`, one entry a line.
    private static func configuration(_ languages: String...) -> String {
        "title: Atlas\nlanguages:\n" + languages.map { "  " + $0 + "\n" }.joined()
    }

    private func error(building site: TestSite) async -> SiteError? {
        do {
            try await site.build()
            return nil
        } catch let errors as SiteErrors {
            return errors.errors.first
        } catch {
            return error as? SiteError
        }
    }

    @Test("a folder per language (Hugo's content/en, content/de), with every language under its own folder and the root sending readers to the default's")
    func folderPerLanguage() async throws {
        let site = try TestSite()
        try site.write(Self.twoLanguages + "prefixDefaultLanguage: true\n", to: "sitegen.yml")
        try site.write("---\ntitle: Welcome\n---\nHello.\n", to: "content/en/_index.md")
        try site.write("---\ntitle: Willkommen\n---\nHallo.\n", to: "content/de/_index.md")
        try site.write("---\ntitle: Maps\ndate: 2026-02-01\ntags: [maps]\n---\nMaps.\n", to: "content/en/guides/maps.md")
        try site.write("---\ntitle: Karten\ndate: 2026-02-01\ntags: [maps]\n---\nKarten.\n", to: "content/de/guides/maps.md")
        try site.write("---\ntitle: Only English\n---\nText.\n", to: "content/en/guides/only.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let files = Set(site.outputFiles())
        for path in ["index.html", "en/index.html", "de/index.html", "en/guides/maps/index.html", "de/guides/maps/index.html",
                     "en/tags/maps/index.html", "de/tags/maps/index.html", "en/404.html", "de/404.html", "en/atom.xml", "de/atom.xml"] {
            #expect(files.contains(path), "\(path)")
        }
        #expect(!files.contains("guides/maps/index.html"))
        #expect(!files.contains("de/guides/only/index.html"))
        #expect(try site.page("index.html").contains("https://atlas.example.org/en/"), "the root redirects to the default language")
        let german = try site.page("de/guides/maps/index.html")
        #expect(german.contains("<html lang=\"de\">"))
        #expect(german.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://atlas.example.org/en/guides/maps/\">"))
        #expect(german.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://atlas.example.org/en/guides/maps/\">"))
        #expect(german.contains("<a class=\"site-title\" href=\"/de/\">Atlas DE</a>"))
        #expect(german.contains("<time datetime=\"2026-02-01\">1. Februar 2026</time>"))
        #expect(german.contains("<ul class=\"tags\" aria-label=\"Schlagwörter\">\n<li><a href=\"/de/tags/maps/\">maps</a></li>"))
        #expect(!(try site.page("sitemap.xml")).contains("<loc>https://atlas.example.org/</loc>"), "the redirect is not in the sitemap")
    }

    @Test("a bundle's file in a third language: the default language's file stands in for the languages without their own, never the other translation's too")
    func bundleFileInThreeLanguages() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {name: English}", "fr: {name: Français}", "ja: {name: 日本語}"), to: "sitegen.yml")
        for (suffix, title) in [("", "Trip"), (".fr", "Voyage"), (".ja", "旅")] {
            try site.write("---\ntitle: \(title)\n---\n\n![photo](photo.txt)\n", to: "content/posts/trip/index\(suffix).md")
        }
        try site.write("the default's", to: "content/posts/trip/photo.txt")
        try site.write("the French one", to: "content/posts/trip/photo.fr.txt")
        try site.write("only French", to: "content/posts/trip/notes.fr.txt")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(try site.page("posts/trip/photo.txt") == "the default's")
        #expect(try site.page("fr/posts/trip/photo.txt") == "the French one")
        #expect(try site.page("ja/posts/trip/photo.txt") == "the default's")
        // A file in one translation alone stands in for the others.
        for path in ["posts/trip/notes.txt", "fr/posts/trip/notes.txt", "ja/posts/trip/notes.txt"] {
            #expect(try site.page(path) == "only French", "\(path)")
        }
    }

    @Test("in a folder per language, a page's URL written relative to its folder (Hugo's docs) starts from the language's folder")
    func relativeURLsInLanguageFolders() async throws {
        let site = try TestSite()
        try site.write(Self.twoLanguages, to: "sitegen.yml")
        for (language, folder) in [("en", "/docs/b/"), ("de", "/de/docs/b/")] {
            try site.write("# A\n\nSee [b](b/) and [b's file](b.md).\n", to: "content/\(language)/docs/a.md")
            try site.write("# B\n", to: "content/\(language)/docs/b.md")
            let page = try await { () async throws -> String in
                try await site.build()
                return try site.page(String(folder.dropFirst()).replacingOccurrences(of: "/b/", with: "/a/") + "index.html")
            }()
            #expect(page.contains("See <a href=\"\(folder)\">b</a> and <a href=\"\(folder)\">b's file</a>."), "\(language)")
        }
    }

    @Test("translationKey pairs pages whose files are named differently; a language's baseURL names its folder")
    func translationKeyAndFolderName() async throws {
        let site = try TestSite()
        try site.write(Self.twoLanguages.replacingOccurrences(of: "title: Atlas DE}", with: "title: Atlas DE, baseURL: /deutsch/}"),
                       to: "sitegen.yml")
        try site.write("---\ntitle: Pricing\ntranslationKey: pricing\n---\nText.\n", to: "content/pricing.md")
        try site.write("---\ntitle: Preise\ntranslationKey: pricing\n---\nText.\n", to: "content/preise.de.md")
        try await site.build()
        let english = try site.page("pricing/index.html")
        #expect(english.contains("<li><a href=\"/deutsch/preise/\" hreflang=\"de\" lang=\"de\">Deutsch</a></li>"))
        #expect(try site.page("deutsch/preise/index.html").contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://atlas.example.org/pricing/\">"))
    }

    @Test("a language written from right to left gets dir=\"rtl\": by its code, or its direction; Hugo's direction and label are read")
    func rightToLeft() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {name: English}", "he: {name: עברית}", "ar-EG: {name: مصر}", "fa: {direction: ltr}"),
                       to: "sitegen.yml")
        for code in ["", ".he", ".ar-EG", ".fa"] { try site.write("---\ntitle: Home\n---\nText.\n", to: "content/about\(code).md") }
        try await site.build()
        #expect(try site.page("about/index.html").contains("<html lang=\"en\">"))
        #expect(try site.page("he/about/index.html").contains("<html lang=\"he\" dir=\"rtl\">"))
        #expect(try site.page("ar-eg/about/index.html").contains("<html lang=\"ar-EG\" dir=\"rtl\">"))
        #expect(try site.page("fa/about/index.html").contains("<html lang=\"fa\">"))
        try site.write(Self.configuration("en: {name: English}", "he: {direction: up}"), to: "sitegen.yml")
        #expect(await error(building: site)?.message == "`direction` of the language `he` must be rtl or ltr")

        let hugo = try TestSite()
        try hugo.write("title = \"H\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.yi]\nlabel = \"Yiddish\"\n"
                       + "direction = \"ltr\"\nweight = 2\n[languages.he]\nlanguageDirection = \"rtl\"\nweight = 3\n", to: "hugo.toml")
        for code in ["en", "yi", "he"] { try hugo.write("---\ntitle: A\n---\nText.\n", to: "content/a.\(code).md") }
        try await hugo.build()
        #expect(try hugo.page("he/a/index.html").contains("dir=\"rtl\""))
        #expect(try !hugo.page("yi/a/index.html").contains("dir=\"rtl\""))
        #expect(try hugo.page("a/index.html").contains(">Yiddish</a>"))
    }

    @Test("a region code (pt-BR) names files as written and its folder as URLs are written: lowercase")
    func regionCode() async throws {
        let site = try TestSite()
        try site.write(Self.twoLanguages.replacingOccurrences(of: "de: {name: Deutsch, title: Atlas DE}", with: "pt-BR: {}"), to: "sitegen.yml")
        try site.write("---\ntitle: A\ndate: 2026-01-05\n---\nA.\n", to: "content/a.md")
        try site.write("---\ntitle: Olá\ndate: 2026-01-05\n---\nOlá.\n", to: "content/a.pt-BR.md")
        try await site.build()
        let files = site.outputFiles()
        for path in ["pt-br/a/index.html", "pt-br/index.html", "pt-br/404.html", "pt-br/atom.xml"] {
            #expect(files.contains(path), "\(path)")
        }
        #expect(!files.contains { $0.hasPrefix("pt-BR/") }, "\(files)")
        let page = try site.page("pt-br/a/index.html")
        #expect(page.contains("<html lang=\"pt-BR\">"))
        #expect(page.contains("<li><span aria-current=\"true\" lang=\"pt-BR\">Português (Brasil)</span></li>"))
        #expect(page.contains("<time datetime=\"2026-01-05\">5 de janeiro de 2026</time>"))
        #expect(page.contains("href=\"/pt-br/atom.xml\""))
    }

    @Test("a site's i18n files change the theme's words and add languages the theme lacks")
    func siteStrings() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {name: English}", "it: {name: Italiano}"), to: "sitegen.yml")
        try site.write("contents: Table of contents\n", to: "i18n/en.yml")
        try site.write("contents: Indice\npageNotFound: Pagina non trovata\n", to: "i18n/it.yml")
        let text = "# A\n\n## One\n\n## Two\n\n## Three\n"
        try site.write(text, to: "content/a.md")
        try site.write(text, to: "content/a.it.md")
        try await site.build()
        #expect(try site.page("a/index.html").contains("<summary>Table of contents</summary>"))
        let italian = try site.page("it/a/index.html")
        #expect(italian.contains("<summary>Indice</summary>"))
        #expect(italian.contains("<nav class=\"page-nav\" aria-label=\"In this section\">"), "a word the language lacks is English")
        #expect(try site.page("it/404.html").contains("<h1>Pagina non trovata</h1>"))
    }

    @Test("an alert with no title of its own is titled in its page's language, from the i18n words; a live build follows a change of them")
    func alertTitles() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {name: English}", "de: {name: Deutsch}", "zh: {name: 中文}"), to: "sitegen.yml")
        let text = "> [!NOTE]\n> Text.\n\n> [!TIP] Own title\n> Text.\n"
        for code in ["", ".de", ".zh"] { try site.write(text, to: "content/a\(code).md") }
        let harness = LiveBuildHarness(site)
        try await harness.live.build()
        #expect(try site.page("a/index.html").contains("</svg>Note</p>"))
        #expect(try site.page("de/a/index.html").contains("</svg>Hinweis</p>"))
        #expect(try site.page("zh/a/index.html").contains("</svg>备注</p>"))
        #expect(try site.page("zh/a/index.html").contains("</svg>Own title</p>"))
        try await harness.rebuild(changing: ["i18n/de.yml"]) {
            try site.write("alertNote: Beachten\n", to: "i18n/de.yml")
        }
        #expect(try site.page("de/a/index.html").contains("</svg>Beachten</p>"))
        // An empty word is no word: the kind's own title shows, never a title of nothing.
        try await harness.rebuild(changing: ["i18n/de.yml"]) {
            try site.write("alertNote: \"\"\n", to: "i18n/de.yml")
        }
        #expect(try site.page("de/a/index.html").contains("</svg>Note</p>"))

        // MkDocs titles an admonition by its type, in any language.
        let mkdocs = try TestSite()
        try mkdocs.write("site_name: M\ntheme:\n  language: de\n", to: "mkdocs.yml")
        try mkdocs.write("# A\n\n!!! note\n    Text.\n", to: "docs/a.md")
        try await mkdocs.build()
        #expect(try mkdocs.page("a/index.html").contains("</svg>Note</p>"))
    }

    @Test("an i18n file that does not parse is an error naming it and its line, and nothing is written")
    func badStrings() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {}", "fr: {}"), to: "sitegen.yml")
        try site.write("contents: Sommaire\nolder: [unclosed\n", to: "i18n/fr.yml")
        try site.write("# A\n", to: "content/a.md")
        let error = await error(building: site)
        #expect(error?.file == "i18n/fr.yml", "\(String(describing: error))")
        #expect(error?.line != nil)
        #expect(!site.exists("a/index.html"))
    }

    @Test("a translation without its original and a link into a third language are warnings naming the file and line")
    func warnings() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {name: English}", "de: {name: Deutsch}", "fr: {name: Français}"), to: "sitegen.yml")
        try site.write("# Alone\n", to: "content/alone.de.md")
        try site.write("# Guide\n\nSee [the other](other.md) and [the French one](other.fr.md).\n", to: "content/guide.de.md")
        try site.write("# Guide\n", to: "content/guide.md")
        try site.write("# Other\n", to: "content/other.md")
        try site.write("# Autre\n", to: "content/other.fr.md")
        try site.write("# Anderes\n\n[Französisch](other.fr.md)\n", to: "content/other-de-link.de.md")
        let summary = try await site.build()
        let messages = summary.warnings.map { "\($0)" }
        #expect(messages.contains { $0.contains("content/alone.de.md") && $0.contains("whose original is missing") }, "\(messages)")
        #expect(messages.contains { $0.contains("content/guide.de.md:3") && $0.contains("another language (`fr`") }, "\(messages)")
        #expect(messages.contains { $0.contains("content/other-de-link.de.md:3") && $0.contains("another language (`fr`") },
                "a link to a translation means that translation, even where the page has its own: \(messages)")
        #expect(messages.filter { $0.contains("another language") }.count == 2, "the default language's page is a fallback, not a mistake")
        // With no German translation, `other.md` leads to the English page.
        #expect(try site.page("de/guide/index.html").contains("<a href=\"/other/\">the other</a>"))
    }

    @Test("mistakes in languages: are errors naming sitegen.yml and the line")
    func configurationErrors() async throws {
        for (yaml, expected) in [
            ("languages:\n  en: {name: English, colour: blue}\n", "unknown key `colour` of the language `en`"),
            ("languages:\n  'e n': {name: English}\n", "is not a language code"),
            ("languages: [en, fr]\n", "`languages` must be a table of languages by code"),
            ("defaultLanguage: fr\nlanguages:\n  en: {name: English}\n", "`defaultLanguage: fr` is not one of the languages: en"),
            ("defaultLanguage: fr\n", "`defaultLanguage` needs `languages:`"),
            ("languages:\n  en: {}\n  fr: {baseURL: https://fr.example.org/}\n", "must be one folder name below the site's"),
            ("languages:\n  en: {}\n  fr: {baseURL: /x/}\n  de: {baseURL: /x/}\n", "two languages are published at /x/"),
            ("languages:\n  en: {weight: 99999999999}\n", "`weight` must be a whole number"),
        ] {
            let site = try TestSite()
            try site.write("title: Atlas\n" + yaml, to: "sitegen.yml")
            try site.write("# A\n", to: "content/a.md")
            let error = await error(building: site)
            #expect(error?.file == "sitegen.yml", "\(yaml)")
            #expect(error?.line != nil, "\(yaml)")
            #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
            #expect(!site.exists("index.html"))
        }
    }

    @Test("two files that are the same page in one language are an error naming both")
    func samePageTwice() async throws {
        let site = try TestSite()
        try site.write(Self.twoLanguages, to: "sitegen.yml")
        try site.write("# A\n", to: "content/de/a.md")
        try site.write("# A\n", to: "content/a.de.md")
        let error = await error(building: site)
        #expect(error?.message.contains("is the same page as content/a.de.md") == true, "\(String(describing: error))")
    }

    @Test("a language whose folder is another output's (a language coded `tags`) is an error naming both")
    func languageFolderCollision() async throws {
        let site = try TestSite()
        try site.write(Self.configuration("en: {}", "tags: {}"), to: "sitegen.yml")
        try site.write("---\ntags: [x]\n---\n# A\n", to: "content/a.md")
        try site.write("# B\n", to: "content/b.tags.md")
        let error = await error(building: site)
        #expect(error?.message.contains("the list of all tags and the home page of the language `tags` are both published at /tags/") == true,
                "\(String(describing: error))")
    }

    @Test("a site without languages: writes no alternates, switcher or language folders")
    func oneLanguage() async throws {
        let site = try TestSite()
        try site.write("title: Atlas\nbaseURL: https://atlas.example.org/\nlanguage: fr\n", to: "sitegen.yml")
        try site.write("# Bonjour\n", to: "content/a.md")
        try site.write("# Hallo\n", to: "content/a.de.md")
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<html lang=\"fr\">"))
        #expect(!page.contains("hreflang"))
        #expect(!page.contains("class=\"languages\""))
        #expect(site.exists("a.de/index.html"), "a file named like a translation is a page of its own")
        #expect(!(try site.page("sitemap.xml")).contains("xhtml"))
    }
}
