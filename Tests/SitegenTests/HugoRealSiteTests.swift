import Foundation
import Sitegen
import Testing

/// The URLs Hugo publishes for two real sites (`Tests/Fixtures/realsites/*.urls`, made with
/// Hugo 0.168 on the sites of `realsites/` and counted as its `compare.sh` counts them) are
/// published by sitegen for small sites written with the same configuration.
@Suite("URLs of real Hugo sites")
struct HugoRealSiteTests {
    /// The URLs of a fixture, one a line.
    private func urls(_ name: String) throws -> Set<String> {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/realsites/\(name).urls")
        return Set(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// Whether `url` (as the fixtures write it: decoded, `x/` for `x/index.html`) is a file of `site`.
    private func published(_ url: String, in site: TestSite) -> Bool {
        let path = url.dropFirst()
        return site.exists(path.isEmpty || path.hasSuffix("/") ? path + "index.html" : String(path))
    }

    @Test("a blog with split configuration, permalinks, four languages and pagers of 3 (hugo-theme-stack)")
    func stack() async throws {
        let expected = try urls("hugo-stack")
        #expect(expected.count == 127)
        let site = try TestSite()
        let files = [
            "config/_default/hugo.toml": "title = 'Stack'\ndefaultContentLanguage = 'en'\n[pagination]\npagerSize = 3\n"
                + "[permalinks]\npost = '/p/:slug/'\npage = '/:slug/'\n",
            "config/_default/languages.toml": "[en]\nweight = 1\n[zh]\nweight = 2\n[zh-hant-tw]\nweight = 3\n[ja]\nweight = 4\n",
            "config/_default/params.toml": "mainSections = ['post']\n",
            "content/_index.md": "---\nmenu: main\n---\n",
            "content/categories/Documentation/_index.md": "---\ntitle: Documentation\nslug: documentation\n---\nDocs\n",
            "content/categories/Documentation/_index.ja.md": "---\ntitle: ドキュメント\nslug: documentation\n---\nDocs\n",
            "content/page/about/index.md": "---\ntitle: About\n---\nA\n",
            "content/page/about/index.ja.md": "---\ntitle: このサイトについて\n---\nA\n",
            "content/page/about/index.zh.md": "---\ntitle: 关于\n---\nA\n",
            "content/page/archives/index.md": "---\ntitle: Archives\nslug: archives\n---\nA\n",
            "content/page/archives/index.zh-hant-tw.md": "---\ntitle: 歸檔\nslug: archives\n---\nA\n",
            "content/post/Image Gallery/index.md": "---\ntitle: Image Gallery\nslug: image-gallery\ndate: 2026-01-26\n"
                + "categories: [Documentation]\ntags: [Gallery]\n---\nG\n",
            "content/post/Image Gallery/index.ja.md": "---\ntitle: 写真ギャラリー\nslug: image-gallery\ndate: 2026-01-26\n"
                + "categories: [Documentation]\ntags: [Gallery]\n---\nG\n",
            "content/post/shortcodes/index.md": "---\ntitle: Shortcodes\ndate: 2026-01-26\ncategories: [Documentation]\ntags: [privacy]\n---\nS\n",
            "content/post/shortcodes/index.ja.md": "---\ntitle: ショートコード\ndate: 2026-01-26\ntags: [隐私]\n---\nS\n",
            "content/post/Markdown Syntax/index.zh.md": "---\ntitle: Markdown 语法指南\ndate: 2026-01-25\n---\nM\n",
            "content/post/Markdown Syntax/index.md": "---\ntitle: Markdown Syntax Guide\ndate: 2026-01-25\n---\nM\n",
            "content/post/pagination-test-01.md": "---\ntitle: Pagination Test 01\ndate: 2000-01-01\ntags: [test, pagination]\ncategories: [Testing]\n---\nP\n",
            "content/post/pagination-test-02.md": "---\ntitle: Pagination Test 02\ndate: 2000-01-02\ntags: [test, pagination]\ncategories: [Testing]\n---\nP\n",
            "content/post/pagination-test-03.md": "---\ntitle: Pagination Test 03\ndate: 2000-01-03\ntags: [test, pagination]\ncategories: [Testing]\n---\nP\n",
            "content/post/pagination-test-04.md": "---\ntitle: Pagination Test 04\ndate: 2000-01-04\ntags: [test, pagination]\ncategories: [Testing]\n---\nP\n",
        ]
        for (path, text) in files { try site.write(text, to: path) }
        try await site.build()
        let representative = [
            "/", "/en/", "/about/", "/archives/", "/p/image-gallery/", "/p/shortcodes/", "/p/markdown-syntax-guide/",
            "/p/pagination-test-01/", "/post/", "/post/page/2/", "/page/", "/page/2/", "/categories/", "/categories/documentation/",
            "/categories/testing/", "/categories/testing/page/2/", "/tags/", "/tags/page/2/", "/tags/test/", "/tags/test/page/2/",
            "/tags/gallery/", "/tags/privacy/", "/zh/", "/zh/关于/", "/zh/p/markdown-语法指南/", "/zh/tags/", "/zh/categories/",
            "/zh-hant-tw/", "/zh-hant-tw/archives/", "/zh-hant-tw/tags/", "/ja/", "/ja/p/ショートコード/", "/ja/p/image-gallery/",
            "/ja/このサイトについて/", "/ja/post/", "/ja/page/", "/ja/categories/", "/ja/categories/documentation/",
            "/ja/tags/隐私/", "/ja/tags/gallery/",
        ]
        for url in representative {
            #expect(expected.contains(url), "\(url) is not one of Hugo's URLs")
            #expect(published(url, in: site), "\(url) is not published")
        }
    }

    @Test("a book with contentDir per language and disablePathToLower (hugo-book)")
    func book() async throws {
        let expected = try urls("hugo-book")
        #expect(expected.count == 46)
        let site = try TestSite()
        let files = [
            "hugo.toml": """
                title = 'Hugo Book'
                disablePathToLower = true
                [languages.en]
                contentDir = 'content.en'
                weight = 1
                [languages.zh]
                contentDir = 'content.zh'
                weight = 2
                [languages.he]
                contentDir = 'content.he'
                weight = 3

                """,
            "content.en/_index.md": "---\ntitle: Introduction\n---\nBook\n",
            "content.en/docs/getting-started/introduction.md": "---\ntitle: Introduction\nweight: 1\n---\nI\n",
            "content.en/docs/content/shortcodes/experimental/images.md": "---\ntitle: Images\n---\nI\n",
            "content.en/posts/_index.md": "---\ntitle: Blog\n---\n",
            "content.en/posts/example-post.md": "---\ntitle: Example\ndate: 2024-01-01\ntags: [hugo, theme]\ncategories: [Example]\n---\nE\n",
            "content.en/showcases.md": "---\ntitle: Showcases\n---\nS\n",
            "content.zh/_index.md": "---\ntitle: 介绍\n---\nZ\n",
            "content.zh/docs/_index.md": "---\ntitle: 文档\n---\nZ\n",
            "content.he/_index.md": "---\ntitle: מבוא\n---\nH\n",
            "content.he/docs/_index.md": "---\ntitle: תיעוד\n---\nH\n",
        ]
        for (path, text) in files { try site.write(text, to: path) }
        try await site.build()
        let representative = [
            "/", "/en/", "/docs/", "/docs/getting-started/", "/docs/getting-started/introduction/",
            "/docs/content/shortcodes/experimental/images/", "/posts/", "/posts/example-post/", "/showcases/",
            "/categories/", "/categories/Example/", "/tags/", "/tags/hugo/", "/tags/theme/",
            "/zh/", "/zh/docs/", "/zh/tags/", "/zh/categories/", "/he/", "/he/docs/", "/he/tags/", "/he/categories/",
        ]
        for url in representative {
            #expect(expected.contains(url), "\(url) is not one of Hugo's URLs")
            #expect(published(url, in: site), "\(url) is not published")
        }
        #expect(!site.outputFiles().contains { $0.hasPrefix("content.") })
    }
}
