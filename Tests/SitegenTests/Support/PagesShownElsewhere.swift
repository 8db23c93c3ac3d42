import Foundation

/// Small sites whose pages show, or read, another page's text, with the edits that must reach
/// them: what the cached build and `serve` are both checked against (`BuildCacheTests`,
/// `LiveBuildTests`). Each edit is a file (relative to the site) and its new text.
enum PagesShownElsewhere {
    typealias Edit = (file: String, text: String)

    /// A bare folder with a book's SUMMARY.md, as an mdBook book without book.toml: its home
    /// page shows the first chapter's text and lists nothing of it.
    static func firstChapterBook() throws -> TestSite {
        try site([
            "src/SUMMARY.md": "# Summary\n\n[Intro](intro.md)\n\n- [Guide](part/guide.md)\n",
            "src/intro.md": "# Introduction\n\nWelcome.\n",
            "src/part/guide.md": "# Guide\n\nThe guide.\n",
        ])
    }

    static let firstChapterEdit: Edit = ("src/intro.md", "# Introduction\n\nWelcome, edited.\n")

    /// A book whose chapter A includes chapter B.
    static func includingBook() throws -> TestSite {
        try site([
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [B](b.md)\n",
            "src/a.md": "# A\n\n{{#include b.md}}\n",
            "src/b.md": "# B\n\nBee.\n",
        ])
    }

    static let includedEdit: Edit = ("src/b.md", "# B\n\nBee, edited.\n")

    /// What makes ``includingBook()`` a part whose README (the text of its list page) includes its chapter C.
    static let partIncludingChapter: [Edit] = [
        ("src/SUMMARY.md", "# Summary\n\n- [A](a.md)\n- [B](b.md)\n- [Part](part/README.md)\n  - [C](part/c.md)\n"),
        ("src/part/README.md", "# Part\n\n{{#include c.md}}\n"),
        ("src/part/c.md", "# C\n\nSea.\n"),
    ]

    static let partChapterEdit: Edit = ("src/part/c.md", "# C\n\nSea, edited.\n")

    /// Page A reads D's text (`readfile`), C's headings (a Zola link's fragment) and, when
    /// `linksFromRoot`, B's URL (a link written from the root).
    static func readingPages(linksFromRoot: Bool) throws -> TestSite {
        var files = [
            "content/a.md": "---\ntitle: A\n---\n\n\(linksFromRoot ? "[B](/b) " : "")[get_page](@/c.md#get-page)\n\n{{% readfile \"d.md\" %}}\n",
            "content/c.md": "---\ntitle: C\n---\n\n### get_page\n\nSee.\n",
            "content/d.md": "---\ntitle: D\n---\n\nDee.\n",
        ]
        if linksFromRoot { files["content/b.md"] = "---\ntitle: B\n---\n\nBee.\n" }
        return try site(files)
    }

    /// Edits of what ``readingPages(linksFromRoot:)``'s page A read: D's text, C's headings, then B's URL.
    static func readEdits(linksFromRoot: Bool) -> [Edit] {
        [("content/d.md", "---\ntitle: D\n---\n\nDee, edited.\n"),
         ("content/c.md", "---\ntitle: C\n---\n\n### get_page_x\n\nSee.\n")]
            + (linksFromRoot ? [("content/b.md", "---\ntitle: B\nslug: b2\n---\n\nBee.\n")] : [])
    }

    /// A folder's own page whose text links to page C's heading, Zola's way (which no page's parse reads).
    static func listTextReadingAPage() throws -> TestSite {
        try site([
            "content/part/_index.md": "---\ntitle: Part\n---\n\n[C](@/c.md#get-page)\n",
            "content/part/e.md": "---\ntitle: E\n---\n\nEe.\n",
            "content/c.md": "---\ntitle: C\n---\n\n### get_page\n\nSee.\n",
        ])
    }

    static let listTextReadEdit: Edit = ("content/c.md", "---\ntitle: C\n---\n\n### get_page_y\n\nSee.\n")

    /// Page A links to a heading of a folder's own page (`part/_index.md`), Zola's way.
    static func pageReadingAListText() throws -> TestSite {
        try site([
            "content/part/_index.md": "---\ntitle: Part\n---\n\n## Submit_here\n\nSubmit.\n",
            "content/part/e.md": "---\ntitle: E\n---\n\nEe.\n",
            "content/a.md": "---\ntitle: A\n---\n\n[s](@/part/_index.md#submit-here)\n",
        ])
    }

    static let listTextHeadingEdit: Edit = ("content/part/_index.md", "---\ntitle: Part\n---\n\n## Submit_there\n\nSubmit.\n")

    /// An edit of ``listTextReadingAPage()``'s page C that adds a heading and a link to it, Zola's way, in one save.
    static let headingAndLinkToIt: Edit = ("content/c.md", "---\ntitle: C\n---\n\n### get_page\n\nSee.\n\n## Foo_bar baz\n\n[self](@/c.md#foo-bar-baz)\n")

    /// Page A links, from the root, to B through B's alias (`/old-b`) and to a blog post by its
    /// Docusaurus route (`/blog/2022/04/25/post`), which only the end of the post's URL matches.
    static func linksThroughAliasAndRoute() throws -> TestSite {
        try site([
            "content/docs/a.md": "---\ntitle: A\n---\n\n[B](/old-b) [Post](/blog/2022/04/25/post)\n",
            "content/b.md": "---\ntitle: B\naliases: [/old-b/]\n---\n\nBee.\n",
            "content/website/blog/2022-04-25-post.md": "---\ntitle: Post\n---\n\nPost.\n",
        ])
    }

    /// Edits of ``linksThroughAliasAndRoute()``: B's alias moves, the post's URL changes, the
    /// post leaves the sitemap, the post goes, and comes back.
    static let aliasAndRouteEdits: [Edit] = [
        ("content/b.md", "---\ntitle: B\naliases: [/older-b/]\n---\n\nBee.\n"),
        ("content/website/blog/2022-04-25-post.md", "---\ntitle: Post\nslug: post-2\n---\n\nPost.\n"),
        ("content/website/blog/2022-04-25-post.md", "---\ntitle: Post\nslug: post\nsitemap: false\n---\n\nPost.\n"),
    ]

    private static func site(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        return site
    }
}
