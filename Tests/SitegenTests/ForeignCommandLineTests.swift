import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Sitegen
@testable import SitegenCLI
import TestSupport

/// An XML document parsed with Foundation's `XMLParser`: its elements' texts and attributes,
/// or the parser's error.
private final class ParsedXML: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, text: String, attributes: [String: String])] = []
    private var open: [Int] = []

    /// The parsed document; throws the parser's error when it is not well-formed XML.
    static func parse(_ data: Data) throws -> ParsedXML {
        let parser = XMLParser(data: data)
        let document = ParsedXML()
        parser.delegate = document
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return document
    }

    static func parse(file: URL) throws -> ParsedXML {
        try parse(Data(contentsOf: file))
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append((name, "", attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func texts(_ name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }
    func attributes(_ name: String, _ attribute: String) -> [String] { elements.filter { $0.name == name }.compactMap { $0.attributes[attribute] } }
}

/// Issue 11, items 7 and 8: the command line as Hugo's and Zola's users expect it (`--version`,
/// completions, `-D`/`-F`/`-b`, `serve --base-url`, `check --config --future --base-url`, `new post`
/// outside a site, an empty content folder, singular and plural, dates in the site's language),
/// and feeds that readers accept whatever the titles and URLs hold.
@Suite("Command line and feeds for sites from other generators")
struct ForeignCommandLineTests {
    // MARK: Version and completions

    @Test("sitegen --version and sitegen version print the same line, with the version set in SitegenVersion")
    func version() throws {
        let flag = try Sitegen.run(["--version"])
        let command = try Sitegen.run(["version"])
        #expect(flag.status == 0 && command.status == 0)
        #expect(flag.output == "sitegen \(SitegenVersion.number)\n")
        #expect(command.output == flag.output)
        #expect(SitegenVersion.number.split(separator: ".").count == 3 && SitegenVersion.number.allSatisfy { $0.isNumber || $0 == "." })
        #expect(try Sitegen.run(["--help"]).output.contains("version"))
    }

    @Test("sitegen completion bash|zsh|fish prints each shell's script naming the commands and flags; another shell is refused")
    func completionScripts() throws {
        let bash = try Sitegen.run(["completion", "bash"])
        #expect(bash.status == 0)
        #expect(bash.output.contains("complete -o filenames -F _sitegen sitegen"))
        let zsh = try Sitegen.run(["completion", "zsh"])
        #expect(zsh.status == 0)
        #expect(zsh.output.hasPrefix("#compdef sitegen\n"))
        let fish = try Sitegen.run(["completion", "fish"])
        #expect(fish.status == 0)
        #expect(fish.output.contains("complete -c 'sitegen'") || fish.output.contains("complete -c sitegen"))
        for script in [bash.output, zsh.output, fish.output] {
            for word in ["build", "serve", "check", "completion", "drafts", "base-url", "future"] {
                #expect(script.contains(word), "\(word) missing")
            }
        }
        let other = try Sitegen.run(["completion", "tcsh"])
        #expect(other.status != 0)
        #expect(other.error.contains("'bash', 'zsh' or 'fish'"))
    }

    @Test("the bash completion script, loaded in bash, completes commands, flags and the shells of completion")
    func bashCompletes() throws {
        let bash = URL(fileURLWithPath: "/bin/bash")
        guard FileManager.default.isExecutableFile(atPath: bash.path) else { return }
        let folder = try TestSite()
        let script = try folder.write(try Sitegen.run(["completion", "bash"]).output, to: "sitegen.bash")
        // The words typed so far; the completion function gets (command, current word, previous word).
        func completions(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let line = words.joined(separator: " ")
            let program = """
                source '\(script.path)'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
                _sitegen sitegen '\(words[words.count - 1])' '\(words[words.count - 2])'
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try ProcessRunner.run(bash, ["-c", program]).output.split(separator: "\n").map(String.init)
        }
        #expect(try completions(["sitegen", "com"]) == ["completion"])
        #expect(try completions(["sitegen", "build", "--dr"]) == ["--drafts"])
        #expect(try completions(["sitegen", "completion", ""]) == ["bash", "zsh", "fish"])
    }

    // MARK: Hugo's short flags

    /// A site with a page, a draft, a page dated in the future, and no baseURL.
    private func siteWithDraftsAndFuture() throws -> TestSite {
        let site = try TestSite()
        try site.write("title: Flags\n", to: "sitegen.yml")
        try site.write("---\ntitle: Now\ndate: 2026-01-05\n---\n\nText.\n", to: "content/posts/now.md")
        try site.write("---\ntitle: Draft\ndraft: true\ndate: 2026-01-04\n---\n\nA [broken](missing-draft.md) link.\n",
                       to: "content/posts/draft.md")
        try site.write("---\ntitle: Later\ndate: 2999-01-01\n---\n\nA [broken](missing-future.md) link.\n", to: "content/posts/later.md")
        return site
    }

    @Test("build -D, -F and -b are --drafts, --future and --base-url")
    func buildShortFlags() throws {
        let site = try siteWithDraftsAndFuture()
        let plain = try Sitegen.run(["build", site.root.path, "-q"])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(!site.exists("posts/draft/index.html") && !site.exists("posts/later/index.html") && !site.exists("atom.xml"))
        let short = try Sitegen.run(["build", site.root.path, "-q", "-D", "-F", "-b", "https://example.org/x/"])
        #expect(short.status == 0, "\(short.error)")
        #expect(site.exists("posts/draft/index.html") && site.exists("posts/later/index.html"))
        #expect(try site.page("atom.xml").contains("<link href=\"https://example.org/x/posts/now/\"/>"))
        #expect(try site.page("posts/now/index.html").contains("href=\"/x/posts/\""))
        let help = try Sitegen.run(["build", "--help"]).output
        #expect(help.contains("-D, --drafts") && help.contains("-F, --future") && help.contains("-b, --base-url, --baseURL <base-url>"))
    }

    @Test("Hugo's long flags work: --buildDrafts, --buildFuture, --buildExpired, --baseURL and -d/--destination")
    func hugoLongFlags() throws {
        let site = try siteWithDraftsAndFuture()
        try site.write("---\ntitle: Gone\ndate: 2020-01-01\nexpiryDate: 2021-01-01\n---\n\nOld.\n", to: "content/posts/gone.md")
        let output = site.root.appendingPathComponent("elsewhere")
        let hugo = try Sitegen.run(["build", site.root.path, "-q", "--buildDrafts", "--buildFuture", "--buildExpired",
                                    "--baseURL", "https://example.org/x/", "--destination", output.path])
        #expect(hugo.status == 0, "\(hugo.error)")
        for page in ["posts/draft", "posts/later", "posts/gone"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page + "/index.html").path), "\(page)")
        }
        #expect(try String(contentsOf: output.appendingPathComponent("atom.xml"), encoding: .utf8).contains("https://example.org/x/"))
        let plain = try Sitegen.run(["build", site.root.path, "-q", "-d", output.path])
        #expect(plain.status == 0, "\(plain.error)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("posts/gone/index.html").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("posts/now/index.html").path))
        let expired = try Sitegen.run(["check", site.root.path, "-E", "--buildDrafts"])
        #expect(expired.status == 1, "the draft's broken link is found")
    }

    @Test("a misspelt command gets the command it is closest to, and exit status 1")
    func misspeltCommand() throws {
        for (typed, meant) in [("biuld", "build"), ("serv", "serve"), ("chekc", "check"), ("markdwon", "markdown")] {
            let result = try Sitegen.run([typed, "."])
            #expect(result.status == 1)
            #expect(result.error.contains("unknown command '\(typed)'; did you mean '\(meant)'?"), "\(result.error)")
        }
        #expect(!(try Sitegen.run(["zzzzzz"]).error.contains("did you mean")))
        #expect(CommandSuggestion.distance("biuld", "build") == 1)
        #expect(CommandSuggestion.message(for: ["--help"], commands: ["build"]) == nil)
    }

    @Test("serve -p takes a port, and a busy one moves to the next free port and says so")
    func busyPort() throws {
        let busy = try HostileHTTPServer { _, _ in }
        let site = try TestSite(example: "blog")
        let preview = try PreviewProcess(root: site.root, arguments: ["-p", "\(busy.port)"])
        #expect(preview.port != busy.port && preview.port > busy.port)
        #expect(preview.log.contains("Port \(busy.port) is busy: using \(preview.port)"))
        #expect(try preview.request("/").status == 200)
    }

    @Test("check takes -D/--drafts, -F/--future, -b/--base-url and --config as build does")
    func checkFlags() throws {
        let site = try siteWithDraftsAndFuture()
        // A link written with the published path: broken unless the site is published under /x/.
        try site.write("See [now](/x/posts/now/).\n", to: "content/links.md")
        let plain = try Sitegen.run(["check", site.root.path])
        #expect(plain.output == "content/links.md:1: broken link: /x/posts/now/\n", "drafts and future pages are left out")
        #expect(plain.status == 1)
        let based = try Sitegen.run(["check", site.root.path, "-b", "https://example.org/x/"])
        #expect(based.output == "No problems found.\n")
        #expect(based.status == 0)
        #expect(try Sitegen.run(["check", site.root.path, "--base-url", "/x/"]).output == "No problems found.\n")
        try site.write("title: Elsewhere\nbaseURL: https://example.org/x/\n", to: "published.yml")
        let configured = try Sitegen.run(["check", site.root.path, "--config", site.root.appendingPathComponent("published.yml").path])
        #expect(configured.output == "No problems found.\n")
        #expect(configured.status == 0)
        let drafts = try Sitegen.run(["check", site.root.path, "-b", "/x/", "-D"])
        #expect(drafts.status == 1)
        #expect(drafts.output.contains("content/posts/draft.md:") && drafts.output.contains("missing-draft.md"))
        #expect(!drafts.output.contains("missing-future.md"))
        #expect(drafts.error.contains("1 problem found."))
        let future = try Sitegen.run(["check", site.root.path, "-b", "/x/", "--future"])
        #expect(future.status == 1)
        #expect(future.output.contains("missing-future.md") && !future.output.contains("missing-draft.md"))
        let both = try Sitegen.run(["check", site.root.path, "-b", "/x/", "--drafts", "-F"])
        #expect(both.error.contains("2 problems found."))
        let missing = try Sitegen.run(["check", site.root.path, "--config", "nowhere.yml"])
        #expect(missing.status == 1)
        #expect(missing.error == "sitegen: error: nowhere.yml: no such configuration file\n")
    }

    @Test("serve --base-url serves the site under the URL's path, with links, feeds and redirects under it")
    func serveUnderBaseURLPath() throws {
        let site = try TestSite(example: "blog")
        let server = try PreviewProcess(root: site.root, arguments: ["--base-url", "https://fieldnotes.example.org/blog/", "-D", "-F"])
        #expect(server.log.contains("Serving at http://127.0.0.1:\(server.port)/blog/"))
        let home = try server.request("/blog/")
        #expect(home.status == 200)
        #expect(home.body.contains("href=\"/blog/posts/\""))
        let root = try server.request("/")
        #expect(root.status == 302)
        #expect(root.headers["location"] == "/blog/")
        #expect(try server.request("/blog").headers["location"] == "/blog/")
        let folder = try server.request("/blog/posts")
        #expect(folder.status == 301)
        #expect(folder.headers["location"] == "/blog/posts/")
        #expect(try server.request("/blog/posts/").body.contains("Measuring a build"))
        #expect(try server.request("/posts/").status == 404, "outside the base path")
        #expect(try server.request("/blog/atom.xml").body.contains("http://127.0.0.1:\(server.port)/blog/posts/"))
    }

    @Test("serve -b with a URL that is no base URL is an error before anything is served")
    func serveRefusesABadBaseURL() throws {
        let site = try TestSite(example: "blog")
        let result = try Sitegen.run(["serve", site.root.path, "--port", "0", "-b", "example.org/blog"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("sitegen: error: --base-url example.org/blog: must be an http:// or https:// URL"))
        #expect(!result.output.contains("Serving at"))
    }

    // MARK: new post, empty content

    @Test("new post outside a site (no content/ folder, no sitegen.yml) is an error with status 1 that says why, and writes nothing")
    func newPostOutsideASite() throws {
        let folder = try TestSite()
        let result = try Sitegen.run(["new", "post", "Hello"], in: folder.root)
        #expect(result.status == 1)
        #expect(result.error.contains("is not a site: it has no content/ folder and no sitegen.yml"), "\(result.error)")
        #expect(result.error.contains("sitegen new site NAME"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.path).isEmpty)
        let elsewhere = try Sitegen.run(["new", "post", "Hello", "--path", folder.root.path])
        #expect(elsewhere.status == 1)
        // A bare folder with its sitegen.yml is a site: the post goes beside the other Markdown.
        try folder.write("title: Notes\n", to: "sitegen.yml")
        let configured = try Sitegen.run(["new", "post", "Hello"], in: folder.root)
        #expect(configured.status == 0, "\(configured.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.appendingPathComponent("posts").path).count == 1)
    }

    @Test("an empty content folder, or a bare folder without Markdown, builds with a warning saying so")
    func emptyContentWarns() throws {
        let site = try TestSite()
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("content"), withIntermediateDirectories: true)
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Built 0 pages in "))
        #expect(result.error == "sitegen: warning: content/: holds no Markdown files (.md, .markdown), so the site has no pages "
                + "but its home page; add pages there, or build the folder that holds them\n")
        let bare = try TestSite()
        try bare.write("not Markdown\n", to: "notes.txt")
        let bareResult = try Sitegen.run(["build", bare.root.path])
        #expect(bareResult.status == 0)
        #expect(bareResult.error.hasPrefix("sitegen: warning: \(bare.root.lastPathComponent)/: holds no Markdown files"))
        try site.write("# Home\n", to: "content/_index.md")
        #expect(try Sitegen.run(["build", site.root.path]).error.isEmpty, "a home page alone is content")
    }

    // MARK: Singular and plural

    @Test("counts take the singular for one: Built 1 page, 1 problem found, 1 file")
    func singularAndPlural() throws {
        #expect(CountedNoun.phrase(1, "page") == "1 page")
        #expect(CountedNoun.phrase(0, "page") == "0 pages")
        #expect(CountedNoun.phrase(2, "file") == "2 files")
        #expect(CountedNoun.phrase(1_204, "page") == "1,204 pages")
        #expect(CountedNoun.phrase(3, "entry", plural: "entries") == "3 entries")
        let site = try TestSite()
        try site.write("One [broken](missing.md) link.\n", to: "content/one.md")
        let build = try Sitegen.run(["build", site.root.path])
        #expect(build.output.hasPrefix("Built 1 page in "), "\(build.output)")
        let check = try Sitegen.run(["check", site.root.path])
        #expect(check.error.hasSuffix("1 problem found.\n"), "\(check.error)")
    }

    @Test("serve says Built 1 page, and wrote 1 file after an edit")
    func serveCountsInTheSingular() throws {
        let site = try TestSite()
        try site.write("title: One\n", to: "sitegen.yml")
        try site.write("Intro.\n\nText.\n", to: "content/one.md")
        let server = try PreviewProcess(root: site.root)
        try server.waitForLog("Built 1 page in", timeout: 30)
        // Past the first paragraph (the summary lists show), so that only the page changes.
        try site.write("Intro.\n\nChanged text.\n", to: "content/one.md")
        try server.waitForLog("wrote 1 file in", timeout: 30)
        #expect(!server.log.contains("1 pages") && !server.log.contains("1 files"))
    }

    // MARK: Dates in the site's language

    /// The dates a site in `language` shows: in lists, on the page, and a date in front matter.
    private func shownDates(language: String?) async throws -> (list: String, page: String, param: String) {
        let site = try TestSite()
        try site.write("title: Dates\n" + (language.map { "language: \($0)\n" } ?? ""), to: "sitegen.yml")
        try site.write("---\ntitle: Post\ndate: 2026-01-05\nupdated: 2026-03-14\nevent: 2026-07-01\n---\n\nText.\n",
                       to: "content/posts/post.md")
        try site.write("{{#page}}<meta name=\"event\" content=\"{{params.event}}\">{{/page}}\n", to: "templates/head-extra.mustache")
        try await site.build()
        func time(_ html: String) -> String {
            guard let start = html.range(of: "<time datetime=\"2026-01-05\">"),
                  let end = html[start.upperBound...].range(of: "</time>") else { return "" }
            return String(html[start.upperBound..<end.lowerBound])
        }
        let page = try site.page("posts/post/index.html")
        let param = page.range(of: "<meta name=\"event\" content=\"").map { String(page[$0.upperBound...].prefix { $0 != "\"" }) } ?? ""
        #expect(page.contains("<time datetime=\"2026-03-14\">"))
        return (time(try site.page("posts/index.html")), time(page), param)
    }

    @Test("dates are written in the site's language: fr, de, ja; English stays as it was")
    func localizedDates() async throws {
        let english = try await shownDates(language: nil)
        #expect(english.list == "January 5, 2026" && english.page == "January 5, 2026" && english.param == "July 1, 2026")
        #expect(try await shownDates(language: "en") == english)
        let french = try await shownDates(language: "fr")
        #expect(french.list == "5 janvier 2026" && french.page == "5 janvier 2026" && french.param == "1 juillet 2026")
        let german = try await shownDates(language: "de")
        #expect(german.page == "5. Januar 2026")
        let japanese = try await shownDates(language: "ja")
        #expect(japanese.page == "2026年1月5日")
        #expect(try await shownDates(language: "en-GB").page == "5 January 2026")
    }

    // MARK: Feeds

    /// A site whose titles and text hold characters XML 1.0 forbids, and whose URLs hold a space
    /// and letters outside ASCII.
    private func awkwardFeedSite(author: String? = nil, feedContent: String = "summary") throws -> TestSite {
        let site = try TestSite()
        try site.write("title: \"Awkward \\x01 site\"\nbaseURL: https://example.org/\nfeedContent: \(feedContent)\n"
                       + (author.map { "author: \($0)\n" } ?? ""), to: "sitegen.yml")
        try site.write("---\ntitle: \"Bell \\a and form feed \\f\"\ndate: 2026-01-05\n---\n\nText with \u{1} a control \u{B} character \u{FFFE}.\n",
                       to: "content/posts/bell.md")
        try site.write("---\ntitle: Spaced\ndate: 2026-01-04\nurl: /my page/café/\n---\n\nText.\n", to: "content/posts/spaced.md")
        try site.write("---\ntitle: Über\ndate: 2026-01-03\n---\n\nText.\n", to: "content/posts/über uns.md")
        return site
    }

    @Test("XMLParser rejects a control character, so the feed tests below prove something")
    func parserRejectsControlCharacters() {
        #expect(throws: (any Error).self) { try ParsedXML.parse(Data("<a>bell \u{7}</a>".utf8)) }
        #expect((try? ParsedXML.parse(Data("<a>tab \t</a>".utf8))) != nil)
    }

    @Test("atom.xml, rss.xml and sitemap.xml parse with XMLParser despite control characters, with spaces and non-ASCII letters encoded in URLs")
    func feedsParse() async throws {
        for content in ["summary", "full"] {
            let site = try awkwardFeedSite(feedContent: content)
            try await site.build()
            for file in ["atom.xml", "rss.xml", "posts/atom.xml", "posts/rss.xml", "sitemap.xml"] {
                let text = try site.page(file)
                #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE }, "\(file)")
                #expect(throws: Never.self, "\(file) (\(content))") { try ParsedXML.parse(file: site.output.appendingPathComponent(file)) }
            }
            let atom = try ParsedXML.parse(file: site.output.appendingPathComponent("atom.xml"))
            #expect(atom.texts("title") == ["Awkward  site", "Bell  and form feed ", "Spaced", "Über"])
            let entries = atom.attributes("link", "href").filter { !$0.hasSuffix("atom.xml") }
            #expect(entries == ["https://example.org/", "https://example.org/posts/bell/", "https://example.org/my%20page/caf%C3%A9/",
                                "https://example.org/posts/%C3%BCber-uns/"])
            #expect(atom.texts(content == "full" ? "content" : "summary").first?.contains("a control  character") == true)
            let rss = try ParsedXML.parse(file: site.output.appendingPathComponent("rss.xml"))
            #expect(rss.texts("guid").contains("https://example.org/my%20page/caf%C3%A9/"))
            let sitemap = try ParsedXML.parse(file: site.output.appendingPathComponent("sitemap.xml"))
            #expect(sitemap.texts("loc").contains("https://example.org/my%20page/caf%C3%A9/"))
            #expect(sitemap.texts("loc").allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " } })
        }
    }

    @Test("Atom feeds name an author even when none is configured: the site's title; a configured author wins")
    func atomAuthor() async throws {
        let untitled = try awkwardFeedSite()
        try await untitled.build()
        for file in ["atom.xml", "posts/atom.xml"] {
            let feed = try ParsedXML.parse(file: untitled.output.appendingPathComponent(file))
            #expect(feed.texts("name") == ["Awkward  site"], "\(file)")
            let author = try #require(feed.elements.firstIndex { $0.name == "author" })
            let firstEntry = try #require(feed.elements.firstIndex { $0.name == "entry" })
            #expect(author < firstEntry, "the feed's own author, before the entries")
        }
        let authored = try awkwardFeedSite(author: "Ada Winter")
        try await authored.build()
        #expect(try ParsedXML.parse(file: authored.output.appendingPathComponent("atom.xml")).texts("name") == ["Ada Winter"])
    }
}
