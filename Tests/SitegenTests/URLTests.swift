import Foundation
import Testing
import Sitegen

/// Names with `#`, `?`, `%`, spaces and letters outside ASCII: one slug rule for files, tags
/// and new posts; links percent-encode, files keep the decoded names; `baseURL` is checked.
@Suite("URLs of odd names")
struct URLTests {
    @Test("the slug rule keeps letters, digits and -_.~+#@, drops other marks, and is stable")
    func slugs() {
        let cases = [
            ("C# tips", "c#-tips"), ("Café", "café"), ("node.js", "node.js"), ("100%", "100"), ("What?", "what"),
            ("Hello, World!", "hello-world"), ("  two   words ", "two-words"), ("a / b", "a-b"), ("a - b", "a-b"),
            ("c++", "c++"), ("Ünïcode Page", "ünïcode-page"), ("日本語 テキスト", "日本語-テキスト"), ("???", "???"),
            ("..", "--"), ("", ""),
        ]
        for (name, slug) in cases {
            #expect(Slug.make(name) == slug, "\(name)")
            #expect(Slug.make(slug) == slug, "a slug is its own slug: \(slug)")
        }
    }

    @Test("odd page, folder and tag names are reachable from every list, feed and the sitemap, and sitegen check is clean")
    func oddNamesAreReachable() throws {
        let site = try TestSite()
        try site.write("title: Odd\nbaseURL: https://example.org/\npaginate: 2\n", to: "sitegen.yml")
        try site.write("---\ntags: [c#, node.js, two words, café]\ndate: 2026-01-01\n---\n# Café\n\n[tips](C%23%20tips.md) [pct](100%25.md) [q](what%3F.md) [file](../files/my%20file%20%231.txt)\n",
                       to: "content/posts/café.md")
        try site.write("---\ntags: [C#, c]\ndate: 2026-01-02\naliases: [/old café/]\n---\n# C# tips\n", to: "content/posts/C# tips.md")
        try site.write("---\ntags: [c]\ndate: 2026-01-03\n---\n# 100 percent\n", to: "content/posts/100%.md")
        try site.write("---\ndate: 2026-01-04\n---\n# What?\n", to: "content/posts/what?.md")
        try site.write("# Marks only\n", to: "content/???.md")
        try site.write("# Note\n", to: "content/C# notes/ünïcode page.md")
        try site.write("file\n", to: "content/files/my file #1.txt")
        let build = try Sitegen.run(["build", site.root.path])
        #expect(build.status == 0, "\(build.error)")
        for file in ["posts/café/index.html", "posts/c#-tips/index.html", "posts/100/index.html", "posts/what/index.html",
                     "???/index.html", "c#-notes/ünïcode-page/index.html", "c#-notes/index.html", "tags/c#/index.html",
                     "tags/c/index.html", "tags/node.js/index.html", "tags/two-words/index.html", "tags/café/index.html",
                     "old café/index.html", "files/my file #1.txt", "posts/page/2/index.html"] {
            #expect(site.exists(file), "\(file)")
        }
        let lists = try site.page("posts/index.html") + site.page("posts/page/2/index.html")
        for href in ["/posts/caf%C3%A9/", "/posts/c%23-tips/", "/posts/100/", "/posts/what/", "/posts/page/2/"] {
            #expect(lists.contains("href=\"\(href)\""), "\(href)")
        }
        let tags = try site.page("tags/index.html")
        for href in ["/tags/c%23/", "/tags/c/", "/tags/node.js/", "/tags/two-words/", "/tags/caf%C3%A9/"] {
            #expect(tags.contains("href=\"\(href)\""), "\(href)")
        }
        #expect(try site.page("tags/c#/index.html").contains("href=\"/posts/c%23-tips/\""))
        #expect(try site.page("index.html").contains("href=\"/c%23-notes/\""))
        let cafe = try site.page("posts/café/index.html")
        #expect(cafe.contains("<a href=\"/posts/c%23-tips/\">tips</a> <a href=\"/posts/100/\">pct</a> <a href=\"/posts/what/\">q</a> <a href=\"/files/my%20file%20%231.txt\">file</a>"))
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/c%23-notes/%C3%BCn%C3%AFcode-page/</loc>"))
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/%3F%3F%3F/</loc>"))
        #expect(try site.page("posts/atom.xml").contains("<link href=\"https://example.org/posts/c%23-tips/\"/>"))
        #expect(try site.page("old café/index.html").contains("url=https://example.org/posts/c%23-tips/"))
        let check = try Sitegen.run(["check", site.root.path])
        #expect(check.status == 0)
        #expect(check.output == "No problems found.\n")
    }

    @Test("tags that differ in case are one term; c# and c are two")
    func tagSlugs() async throws {
        let site = try TestSite()
        try site.write("---\ntags: [Swift, c#]\n---\nA\n", to: "content/a.md")
        try site.write("---\ntags: [swift, c]\n---\nB\n", to: "content/b.md")
        try await site.build()
        let swift = try site.page("tags/swift/index.html")
        #expect(swift.contains("href=\"/a/\"") && swift.contains("href=\"/b/\""))
        #expect(try site.page("tags/c#/index.html").contains("href=\"/a/\""))
        #expect(!(try site.page("tags/c/index.html").contains("href=\"/a/\"")))
    }

    @Test("sitegen new post names the file by the same rule as the page's URL")
    func newPost() throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/_index.md")
        #expect(try Sitegen.run(["new", "post", "C# tips: 100% done?", "--path", site.root.path]).status == 0)
        let posts = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("content/posts").path)
        #expect(posts.count == 1)
        #expect(posts.first?.hasSuffix("-c#-tips-100-done.md") == true)
        #expect(try Sitegen.run(["build", site.root.path]).status == 0)
        #expect(site.exists("posts/c#-tips-100-done/index.html"))
    }

    @Test("baseURL must be an http(s) URL or a path from /: anything else is an error naming sitegen.yml or --base-url")
    func baseURLs() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        for bad in ["ftp://x", "javascript:alert(1)", "example.org", "https://", "//evil.example/", "/my blog/", "/a\"b/", "https://x.org/?q=1"] {
            try site.write("baseURL: '\(bad)'\n", to: "sitegen.yml")
            let result = try Sitegen.run(["build", site.root.path])
            #expect(result.status == 1, "\(bad)")
            #expect(result.error.contains("sitegen.yml: `baseURL: \(bad)` "), "\(bad): \(result.error)")
            let flag = try Sitegen.run(["build", site.root.path, "--base-url", bad])
            #expect(flag.status == 1, "\(bad)")
            #expect(flag.error.contains("--base-url \(bad) "), "\(bad): \(flag.error)")
        }
        try site.write("baseURL: 'javascript:alert(1)'\n", to: "sitegen.yml")
        let check = try Sitegen.run(["check", site.root.path])
        #expect(check.status == 1)
        #expect(check.output.hasPrefix("sitegen.yml: `baseURL: javascript:alert(1)` must be an http:// or https:// URL"))
        for good in ["https://example.org/blog/", "http://127.0.0.1:8080", "/", "/blog/", "/caf%C3%A9/"] {
            try site.write("baseURL: '\(good)'\n", to: "sitegen.yml")
            #expect(try Sitegen.run(["build", site.root.path]).status == 0, "\(good)")
        }
    }
}
