import Foundation
import Testing
@testable import Sitegen

@Suite("Head tags: canonical links, OpenGraph and Twitter cards, descriptions")
struct HeadTagsTests {
    /// The `content` of `<meta property|name="NAME" content="…">` in `html`, as written (escaped).
    private func meta(_ name: String, in html: String) -> String? {
        for attribute in ["property", "name"] {
            let opening = "<meta \(attribute)=\"\(name)\" content=\""
            if let start = html.range(of: opening) {
                return String(html[start.upperBound...].prefix { $0 != "\"" })
            }
        }
        return nil
    }

    private func canonical(in html: String) -> String? {
        html.range(of: "<link rel=\"canonical\" href=\"").map { String(html[$0.upperBound...].prefix { $0 != "\"" }) }
    }

    @Test("a page gets its canonical URL, og: and twitter: tags, all absolute, with the base path")
    func pageTags() async throws {
        let site = try TestSite()
        try site.write("title: Field Notes\nbaseURL: https://example.org/blog/\ndescription: A site.\n", to: "sitegen.yml")
        try site.write("---\ntitle: Hello\ndescription: Says hello.\ndate: 2026-01-05\nimage: /images/card.png\n---\nText.\n",
                       to: "content/posts/hello.md")
        try await site.build()
        let page = try site.page("posts/hello/index.html")
        #expect(canonical(in: page) == "https://example.org/blog/posts/hello/")
        #expect(meta("og:url", in: page) == "https://example.org/blog/posts/hello/")
        #expect(meta("og:type", in: page) == "article")
        #expect(meta("og:title", in: page) == "Hello")
        #expect(meta("og:site_name", in: page) == "Field Notes")
        #expect(meta("og:description", in: page) == "Says hello.")
        #expect(meta("description", in: page) == "Says hello.")
        #expect(meta("og:image", in: page) == "https://example.org/blog/images/card.png", "a root-relative image is from the site's base")
        #expect(meta("twitter:card", in: page) == "summary_large_image")
        #expect(meta("twitter:title", in: page) == "Hello")
        #expect(meta("twitter:description", in: page) == "Says hello.")
        #expect(meta("twitter:image", in: page) == "https://example.org/blog/images/card.png")
        #expect(page.contains("<title>Hello · Field Notes</title>"))
    }

    @Test("a front matter image: a bundle's file beside its page, other relative paths from the base, absolute URLs as written")
    func frontMatterImages() async throws {
        let site = try TestSite()
        try site.write("baseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Trip\nimage: ridge.png\n---\nText.\n", to: "content/posts/trip/index.md")
        try site.write("png", to: "content/posts/trip/ridge.png")
        try site.write("---\ntitle: Moved\nslug: elsewhere\nimage: ./photos/../ridge.png\n---\nText.\n", to: "content/posts/moved/index.md")
        try site.write("png", to: "content/posts/moved/ridge.png")
        try site.write("---\ntitle: Hugo\nimages: [img/hugo card.png, img/second.png]\n---\nText.\n", to: "content/hugo.md")
        try site.write("---\ntitle: Cover\ncover:\n  image: /covers/c.jpg\n  alt: A cover\n---\nText.\n", to: "content/cover.md")
        try site.write("+++\ntitle = \"Zola\"\n[extra]\nimage = \"https://cdn.example.com/z.jpg?w=1200&h=630\"\n+++\nText.\n",
                       to: "content/zola.md")
        try site.write("---\ntitle: Ananke\nfeatured_image: //cdn.example.com/a.jpg\n---\n![first](/x.png)\n", to: "content/ananke.md")
        try site.write("---\ntitle: Order\nimage: ''\nog_image: /og.png\n---\nText.\n", to: "content/order.md")
        try site.write("---\ntitle: Climb\nimage: \"%2e%2e/%2E%2E/secret.png\"\n---\nText.\n", to: "content/climb.md")
        try site.write("---\ntitle: Spaces\nimage: \"https://cdn.example.com/a b.png?q=c d\"\n---\nText.\n", to: "content/spaces.md")
        try site.write("---\ntitle: Query\nimage: \"pics/x.png?q=c d\"\n---\nText.\n", to: "content/query.md")
        try await site.build()
        #expect(meta("og:image", in: try site.page("climb/index.html")) == nil, "encoded dots climb like dots: above the site is no image")
        #expect(meta("og:image", in: try site.page("spaces/index.html")) == "https://cdn.example.com/a%20b.png?q=c%20d")
        #expect(meta("og:image", in: try site.page("query/index.html")) == "https://example.org/pics/x.png?q=c%20d")
        #expect(meta("og:image", in: try site.page("posts/trip/index.html")) == "https://example.org/posts/trip/ridge.png")
        #expect(meta("og:image", in: try site.page("posts/elsewhere/index.html")) == "https://example.org/posts/elsewhere/ridge.png",
                "a bundle's files follow its page's URL")
        #expect(site.exists("posts/elsewhere/ridge.png"))
        #expect(meta("og:image", in: try site.page("hugo/index.html")) == "https://example.org/img/hugo%20card.png")
        #expect(meta("og:image", in: try site.page("cover/index.html")) == "https://example.org/covers/c.jpg")
        #expect(meta("og:image", in: try site.page("zola/index.html")) == "https://cdn.example.com/z.jpg?w=1200&amp;h=630")
        #expect(meta("og:image", in: try site.page("ananke/index.html")) == "https://cdn.example.com/a.jpg",
                "the front matter's image comes before the text's")
        #expect(meta("og:image", in: try site.page("order/index.html")) == "https://example.org/og.png", "an empty key is passed over")
    }

    @Test("without a front matter image, the first image of the text is used, resolved as the browser resolves it")
    func contentImages() async throws {
        let site = try TestSite()
        try site.write("baseURL: https://example.org/blog/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Trip\n---\nText.\n\n![The ridge](ridge.png \"Ridge\")\n\n![second](other.png)\n",
                       to: "content/posts/trip/index.md")
        try site.write("png", to: "content/posts/trip/ridge.png")
        try site.write("---\ntitle: Raw\n---\n<img class=\"wide\" alt='x>y' src='/pics/raw.png'>\n", to: "content/raw.md")
        try site.write("---\ntitle: Data\n---\n![dot](data:image/png;base64,AAAA)\n"
                       + "[![build](https://img.shields.io/badge/build-passing-green)](/ci/)\n"
                       + "![logo](logo.SVG) ![real](https://cdn.example.com/r.png?a=1&b=2)\n",
                       to: "content/data.md")
        try site.write("---\ntitle: Code\n---\n```html\n<img src=\"/not-an-image.png\">\n```\n", to: "content/code.md")
        try await site.build()
        let trip = try site.page("posts/trip/index.html")
        #expect(meta("og:image", in: trip) == "https://example.org/blog/posts/trip/ridge.png")
        #expect(meta("twitter:card", in: trip) == "summary_large_image")
        #expect(meta("og:image", in: try site.page("raw/index.html")) == "https://example.org/pics/raw.png",
                "a root-relative src is from the host, as the browser reads it")
        #expect(meta("og:image", in: try site.page("data/index.html")) == "https://cdn.example.com/r.png?a=1&amp;b=2",
                "data: images, badges and SVG images are passed over; the URL is escaped once")
        let code = try site.page("code/index.html")
        #expect(meta("og:image", in: code) == nil, "an <img> shown in a code block is no image")
    }

    @Test("the first image is a real <img> tag in any case: not one in a comment, a script, a style or an attribute value")
    func imagesBrowsersShow() async throws {
        let site = try TestSite()
        try site.write("baseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("""
            ---
            title: Hidden
            ---
            <!-- <img src="/commented.png"> -->
            <script>const html = '<img src="/scripted.png">';</script>
            <style>/* <img src="/styled.png"> */</style>
            <a title='<img src="/attribute.png">' href="/x/">x</a>

            Text with a < sign.

            <IMG ALT="upper" SRC="/shown.png">
            """, to: "content/hidden.md")
        try site.write("---\ntitle: Mixed\n---\n<i>a</i> <span>b</span>\n\n<iMg src=\"/mixed.png\">\n", to: "content/mixed.md")
        try await site.build()
        #expect(meta("og:image", in: try site.page("hidden/index.html")) == "https://example.org/shown.png")
        #expect(meta("og:image", in: try site.page("mixed/index.html")) == "https://example.org/mixed.png")
    }

    @Test("the search for `<i` in either case finds what a byte-by-byte search finds, wherever it is")
    func tagSearch() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("<iIx>m".utf8)
        for _ in 0..<500 {
            let bytes = (0..<Int(generator.next() % 70)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let start = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
            let expected = bytes.indices.dropLast().first { $0 >= start && bytes[$0] == UInt8(ascii: "<") && bytes[$0 + 1] | 0x20 == UInt8(ascii: "i") }
            let found = bytes.withUnsafeBufferPointer { HTMLScan.firstTagOffset(startingWith: UInt8(ascii: "i"), in: $0, from: start) }
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self)) from \(start)")
        }
    }

    @Test("the search for a text in HTML finds what a byte-by-byte search finds, whatever bytes the text starts with")
    func textSearch() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("<!-m>\" /ab".utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(generator.next() % 60)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let needle = (0..<Int(1 + generator.next() % 4)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let expected = bytes.count < needle.count ? nil
                : (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
            let text = String(decoding: bytes, as: UTF8.self), key = String(decoding: needle, as: UTF8.self)
            let found = HTMLScan.range(of: key, in: text).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
            #expect(found == expected, "\(key) in \(text)")
            #expect(HTMLScan.contains(key, in: text[...]) == (expected != nil))
        }
        #expect(HTMLScan.range(of: "<!--more-->", in: "<p>a</p>\n<!--more-->\n<p>b</p>").map { _ in true } == true)
    }

    @Test("a page without an image gets no og:image and a summary card")
    func noImage() async throws {
        let site = try TestSite()
        try site.write("baseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Plain\n---\nJust words.\n", to: "content/plain.md")
        try await site.build()
        let page = try site.page("plain/index.html")
        #expect(meta("og:image", in: page) == nil)
        #expect(meta("twitter:image", in: page) == nil)
        #expect(meta("twitter:card", in: page) == "summary")
        #expect(!page.contains("<meta name=\"keywords\""), "no keywords, no empty keywords tag")
    }

    @Test("without an absolute baseURL, no canonical link, og:url or relative image is written")
    func pathBase() async throws {
        let site = try TestSite()
        try site.write("title: Local\nbaseURL: /docs/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Trip\n---\n![The ridge](ridge.png)\n", to: "content/trip/index.md")
        try site.write("png", to: "content/trip/ridge.png")
        try site.write("---\ntitle: Far\nimage: https://cdn.example.com/far.png\n---\nText.\n", to: "content/far.md")
        try await site.build()
        let trip = try site.page("trip/index.html")
        #expect(!trip.contains("rel=\"canonical\""))
        #expect(meta("og:url", in: trip) == nil)
        #expect(meta("og:image", in: trip) == nil)
        #expect(meta("twitter:card", in: trip) == "summary")
        #expect(meta("og:title", in: trip) == "Trip")
        #expect(meta("og:image", in: try site.page("far/index.html")) == "https://cdn.example.com/far.png", "an absolute URL stays")
        #expect(!(try site.page("index.html")).contains("rel=\"canonical\""))
    }

    @Test("the description is never empty: the page's, else its summary, else the site's description, else its title")
    func descriptionFallbacks() async throws {
        let site = try TestSite()
        try site.write("title: Fallback Site\ndescription: The site's own words.\n", to: "sitegen.yml")
        try site.write("---\ntitle: Own\ndescription: Its own words.\n---\nFirst paragraph.\n", to: "content/own.md")
        try site.write("---\ntitle: Summary\n---\nFirst *paragraph* here.\n\nSecond.\n", to: "content/summary.md")
        try site.write("---\ntitle: Blank\ndescription: '  '\n---\n## Only a heading\n", to: "content/blank.md")
        try await site.build()
        #expect(meta("description", in: try site.page("own/index.html")) == "Its own words.")
        #expect(meta("description", in: try site.page("summary/index.html")) == "First paragraph here.")
        let blank = try site.page("blank/index.html")
        #expect(meta("description", in: blank) == "The site&#39;s own words.")
        #expect(meta("og:description", in: blank) == meta("description", in: blank))

        let untold = try TestSite()
        try untold.write("title: Untold\n", to: "sitegen.yml")
        try untold.write("---\ntitle: Empty\n---\n", to: "content/empty.md")
        try untold.write("---\ntitle: Notes\n---\n", to: "content/notes/_index.md")
        try untold.write("# A note\n", to: "content/notes/a.md")
        try await untold.build()
        for path in ["empty/index.html", "index.html", "notes/index.html", "404.html"] {
            let html = try untold.page(path)
            #expect(meta("description", in: html) == "Untold", "\(path)")
            #expect(meta("twitter:description", in: html) == "Untold", "\(path)")
        }
    }

    @Test("dated pages get article:published_time, and article:modified_time with `updated`, in RFC 3339")
    func articleTimes() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Dated\ndate: 2026-01-05T10:30:00+02:00\nupdated: 2026-02-01\n---\nText.\n", to: "content/dated.md")
        try site.write("---\ntitle: Undated\n---\nText.\n", to: "content/undated.md")
        try await site.build()
        let dated = try site.page("dated/index.html")
        #expect(meta("article:published_time", in: dated) == "2026-01-05T08:30:00Z")
        #expect(meta("article:modified_time", in: dated) == "2026-02-01T00:00:00Z")
        let undated = try site.page("undated/index.html")
        #expect(meta("article:published_time", in: undated) == nil)
        #expect(meta("article:modified_time", in: undated) == nil)
        #expect(meta("og:type", in: undated) == "article")
    }

    @Test("the home page and the lists are websites, each with its own canonical URL")
    func listTags() async throws {
        let site = try TestSite()
        try site.write("title: Lists\nbaseURL: https://example.org/\ndescription: Lists of things.\npaginate: 2\n", to: "sitegen.yml")
        try site.write("---\ntitle: Posts\ndescription: Every post.\nimage: banner.png\n---\n", to: "content/posts/_index.md")
        for day in 1...3 {
            try site.write("---\ntitle: Post \(day)\ndate: 2026-01-0\(day)\ntags: [swift]\n---\nText.\n", to: "content/posts/p\(day).md")
        }
        try await site.build()
        let home = try site.page("index.html")
        #expect(meta("og:type", in: home) == "website")
        #expect(meta("og:title", in: home) == "Lists")
        #expect(canonical(in: home) == "https://example.org/")
        #expect(home.contains("<title>Lists</title>"))
        let posts = try site.page("posts/index.html")
        #expect(meta("og:type", in: posts) == "website")
        #expect(meta("og:title", in: posts) == "Posts")
        #expect(meta("description", in: posts) == "Every post.")
        #expect(meta("og:image", in: posts) == "https://example.org/posts/banner.png")
        #expect(posts.contains("<title>Posts · Lists</title>"))
        let second = try site.page("posts/page/2/index.html")
        #expect(canonical(in: second) == "https://example.org/posts/page/2/")
        #expect(meta("og:image", in: second) == "https://example.org/posts/banner.png", "the folder's image on every numbered page")
        let tags = try site.page("tags/index.html")
        #expect(meta("og:type", in: tags) == "website")
        #expect(canonical(in: tags) == "https://example.org/tags/")
        #expect(meta("description", in: tags) == "Lists of things.")
        let term = try site.page("tags/swift/index.html")
        #expect(meta("og:title", in: term) == "swift")
        #expect(canonical(in: term) == "https://example.org/tags/swift/")
        #expect(meta("article:published_time", in: term) == nil)
        let notFound = try site.page("404.html")
        #expect(canonical(in: notFound) == nil, "the 404 page is at no URL of its own")
        #expect(meta("og:url", in: notFound) == nil)
    }

    @Test("quotes, ampersands and angle brackets in titles and descriptions are escaped once")
    func escaping() async throws {
        let site = try TestSite()
        try site.write("title: Tom & Jerry's\nbaseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: 'Fish & \"Chips\" <b>'\ndescription: 'A & B \"quoted\"'\n---\nText.\n", to: "content/fish.md")
        try await site.build()
        let page = try site.page("fish/index.html")
        #expect(meta("og:title", in: page) == "Fish &amp; &quot;Chips&quot; &lt;b&gt;")
        #expect(meta("twitter:title", in: page) == "Fish &amp; &quot;Chips&quot; &lt;b&gt;")
        #expect(meta("og:description", in: page) == "A &amp; B &quot;quoted&quot;")
        #expect(page.contains("<meta property=\"og:site_name\" content=\"Tom &amp; Jerry"))
        #expect(!page.contains("&amp;amp;"))
    }

    @Test("page.image is the absolute image URL for a site's own templates; the docs theme writes the same tags")
    func pageImageAndDocsTheme() async throws {
        let site = try TestSite()
        try site.write("theme: docs\nbaseURL: https://example.org/\n", to: "sitegen.yml")
        try site.write("---\ntitle: Guide\nimage: guide.png\n---\nText.\n", to: "content/guide/index.md")
        try site.write("---\ntitle: Plain\n---\nText.\n", to: "content/plain.md")
        try site.write("{{#page.image}}<meta name=\"thumbnail\" content=\"{{page.image}}\">{{/page.image}}\n",
                       to: "templates/head-extra.mustache")
        try await site.build()
        let guide = try site.page("guide/index.html")
        #expect(guide.contains("<meta name=\"thumbnail\" content=\"https://example.org/guide/guide.png\">"))
        #expect(meta("og:image", in: guide) == "https://example.org/guide/guide.png")
        #expect(canonical(in: guide) == "https://example.org/guide/")
        #expect(!(try site.page("plain/index.html")).contains("name=\"thumbnail\""))
    }
}
