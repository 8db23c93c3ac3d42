import Foundation
import Testing
import Sitegen

@Suite("Building Examples/multilingual")
struct MultilingualExampleTests {
    @Test("each language's pages, lists, terms, feeds and 404 page land under its folder; bundle files go with each translation")
    func outputFiles() async throws {
        let site = try TestSite(example: "multilingual")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let files = Set(site.outputFiles())
        for path in ["index.html", "about/index.html", "posts/hello-lantern/index.html", "posts/tokyo-meetup/photo.svg", "404.html",
                     "atom.xml", "rss.xml", "tags/release/index.html", "docs/configuration/index.html",
                     "fr/index.html", "fr/posts/hello-lantern/index.html", "fr/posts/lantern-1-1/index.html", "fr/404.html",
                     "fr/atom.xml", "fr/rss.xml", "fr/posts/atom.xml", "fr/tags/index.html", "fr/tags/release/index.html",
                     "fr/docs/configuration/index.html",
                     "ja/index.html", "ja/posts/tokyo-meetup/index.html", "ja/posts/tokyo-meetup/photo.svg", "ja/404.html",
                     "ja/atom.xml", "ja/tags/community/index.html", "ja/docs/install/index.html", "sitemap.xml", "robots.txt"] {
            #expect(files.contains(path), "\(path)")
        }
        // What a language lacks is not made for it: no French about page, no Japanese 1.1 post or configuration page.
        for path in ["fr/about/index.html", "ja/about/index.html", "ja/posts/lantern-1-1/index.html", "fr/posts/tokyo-meetup/index.html",
                     "fr/posts/tokyo-meetup/photo.svg", "ja/docs/configuration/index.html", "fr/tags/community/index.html"] {
            #expect(!files.contains(path), "\(path)")
        }
        // The theme's words are not published.
        #expect(!files.contains { $0.hasPrefix("i18n/") })
    }

    @Test("a page says its language, links its translations with hreflang (and x-default) and shows a switcher")
    func translationsOfAPage() async throws {
        let site = try TestSite(example: "multilingual")
        try await site.build()
        let french = try site.page("fr/docs/first-notebook/index.html")
        #expect(french.hasPrefix("<!doctype html>\n<html lang=\"fr\">"))
        #expect(french.contains("""
            <link rel="alternate" hreflang="en" href="https://lantern.example.org/docs/first-notebook/">
            <link rel="alternate" hreflang="fr" href="https://lantern.example.org/fr/docs/first-notebook/">
            <link rel="alternate" hreflang="ja" href="https://lantern.example.org/ja/docs/first-notebook/">
            <link rel="alternate" hreflang="x-default" href="https://lantern.example.org/docs/first-notebook/">
            """))
        #expect(french.contains("""
            <nav class="languages" aria-label="Langues">
            <ul>
            <li><a href="/docs/first-notebook/" hreflang="en" lang="en">English</a></li>
            <li><span aria-current="true" lang="fr">Français</span></li>
            <li><a href="/ja/docs/first-notebook/" hreflang="ja" lang="ja">日本語</a></li>
            </ul>
            </nav>
            """))
        // The menu, the site's title link and the feeds are the language's.
        #expect(french.contains("<a class=\"site-title\" href=\"/fr/\">Lantern</a>\n<nav aria-label=\"Rubriques\">"))
        #expect(french.contains("<li><a href=\"/fr/posts/\">Blog</a></li>\n<li><a href=\"/fr/docs/\">Documentation</a></li>"))
        #expect(french.contains("href=\"/fr/atom.xml\""))
        // `install.md` leads to the French translation; the section's neighbours are French.
        #expect(french.contains("<a href=\"/fr/docs/install/\">l'installation</a>"))
        #expect(french.contains("<a rel=\"prev\" href=\"/fr/docs/install/\">← Installation</a>"))
        #expect(french.contains("<span>1 min de lecture</span>"))

        // A page in English alone: no alternates; the switcher leads to the other languages' home pages.
        let about = try site.page("about/index.html")
        #expect(about.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(!about.contains("hreflang=\"x-default\""))
        #expect(about.contains("<li><a href=\"/fr/\" hreflang=\"fr\" lang=\"fr\" class=\"untranslated\">Français</a></li>"))

        // A bundle's image is each translation's own copy.
        #expect(try site.page("ja/posts/tokyo-meetup/index.html").contains("<img src=\"/ja/posts/tokyo-meetup/photo.svg\""))
        #expect(try site.page("posts/tokyo-meetup/index.html").contains("<img src=\"/posts/tokyo-meetup/photo.svg\""))
    }

    @Test("home pages, lists and terms are per language, with translated theme words and localized dates")
    func listsPerLanguage() async throws {
        let site = try TestSite(example: "multilingual")
        try await site.build()
        let japaneseHome = try site.page("ja/index.html")
        #expect(japaneseHome.contains("<title>ランタン</title>"))
        #expect(japaneseHome.contains("<h2>最近の記事</h2>"))
        #expect(japaneseHome.contains("<time datetime=\"2026-06-12\">2026年6月12日</time>"))
        #expect(!japaneseHome.contains("Lantern 1.1"), "the recent pages are Japanese ones")
        #expect(japaneseHome.contains("<li><a href=\"/ja/docs/\">ドキュメント</a> <span class=\"count\">2</span></li>"))
        // A sentence wrapped in the source has no space where the line broke.
        #expect(japaneseHome.contains("ネットにつながっていなくても検索できるノート"))

        let frenchPosts = try site.page("fr/posts/index.html")
        #expect(frenchPosts.contains("<time datetime=\"2026-05-30\">30 mai 2026</time>"))
        #expect(!frenchPosts.contains("Tokyo"), "no Japanese or English post in the French list")
        let englishPosts = try site.page("posts/index.html")
        #expect(englishPosts.contains("<time datetime=\"2026-06-12\">June 12, 2026</time>"))

        let frenchRelease = try site.page("fr/tags/release/index.html")
        #expect(frenchRelease.contains("<p class=\"breadcrumb\"><a href=\"/fr/tags/\">Étiquettes</a></p>"))
        #expect(frenchRelease.contains("<h1>release <span class=\"count\">2</span></h1>"))
        #expect(frenchRelease.contains("<link rel=\"alternate\" hreflang=\"ja\" href=\"https://lantern.example.org/ja/tags/release/\">"))
        #expect(try site.page("ja/tags/release/index.html").contains("<h1>release <span class=\"count\">1</span></h1>"))

        let notFound = try site.page("ja/404.html")
        #expect(notFound.contains("<h1>ページが見つかりません</h1>"))
        #expect(notFound.contains("<p><a href=\"/ja/\">ホームへ戻る</a></p>"))
        #expect(notFound.contains("· sitegen で作成</p>"))
    }

    @Test("feeds are per language; the sitemap lists every page with its hreflang alternates")
    func feedsAndSitemap() async throws {
        let site = try TestSite(example: "multilingual")
        try await site.build()
        let feed = try site.page("fr/rss.xml")
        #expect(feed.contains("<language>fr</language>"))
        #expect(feed.contains("<description>Vos notes, un carnet consultable hors ligne.</description>"))
        #expect(feed.contains("<link>https://lantern.example.org/fr/posts/lantern-1-1/</link>"))
        #expect(!feed.contains("https://lantern.example.org/posts/"))
        let atom = try site.page("ja/atom.xml")
        #expect(atom.contains("<title>ランタン</title>"))
        #expect(!atom.contains("lantern-1-1"))

        let sitemap = try site.page("sitemap.xml")
        #expect(sitemap.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">"))
        #expect(sitemap.contains("""
            <url><loc>https://lantern.example.org/fr/docs/configuration/</loc>
            <xhtml:link rel="alternate" hreflang="en" href="https://lantern.example.org/docs/configuration/"/>
            <xhtml:link rel="alternate" hreflang="fr" href="https://lantern.example.org/fr/docs/configuration/"/>
            <xhtml:link rel="alternate" hreflang="x-default" href="https://lantern.example.org/docs/configuration/"/></url>
            """))
        #expect(sitemap.contains("<url><loc>https://lantern.example.org/about/</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://lantern.example.org/ja/posts/tokyo-meetup/</loc><lastmod>2026-06-12</lastmod>\n"))
    }
}
