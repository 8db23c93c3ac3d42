import Foundation
import Testing
@testable import Sitegen

/// Inputs that expand without end unless bounded: includes that include each other many
/// times, callouts nested a thousand deep, templates that loop inside loops. Each must end as
/// an error at the file and line that went over, naming the limit, with the work done counted
/// (never timed) and the previous output left as it was.
@Suite("Expansion limits")
struct ExpansionLimitTests {
    /// A site with `files`, built once with a harmless page so that there is output to keep.
    private func builtSite(_ files: [String: String]) async throws -> (site: TestSite, before: String) {
        let site = try TestSite()
        try site.write("# Kept\n", to: "content/kept.md")
        try await site.build()
        let before = try site.page("kept/index.html")
        for (path, text) in files { try site.write(text, to: path) }
        return (site, before)
    }

    /// Includes of `i0.txt` … nested `depth` deep, each file including the next `width` times.
    private static func wideIncludes(width: Int, depth: Int) -> [String: String] {
        var files: [String: String] = [:]
        for level in 0..<depth {
            files["content/i\(level).txt"] = String(repeating: "{{#include i\(level + 1).txt}}\n", count: width)
        }
        files["content/i\(depth).txt"] = "leaf\n"
        files["content/a.md"] = "# A\n\n{{#include i0.txt}}\n"
        return files
    }

    /// Expands the includes of `content/a.md` in a folder holding `files`, with small limits.
    private func expand(_ files: [String: String], includes: Int, bytes: Int)
        throws -> (error: SiteError?, reads: Int) {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        let reads = Counter()
        var includer = MdBookIncludes(source: FolderSource(root: site.root), contentFolder: "content", display: { "content/" + $0 })
        includer.maximumIncludes = includes
        includer.maximumExpandedBytes = bytes
        includer.reads = reads
        let source = try MarkdownSource(text: files["content/a.md"] ?? "", readsFrontMatter: true)
        do {
            _ = try includer.expand(source, at: "a.md")
            return (nil, reads.increment() - 1)
        } catch {
            return (error, reads.increment() - 1)
        }
    }

    @Test("includes ten wide and eight deep stop at the includes limit, after reading no more files than it allows")
    func wideAndDeepIncludes() throws {
        let (error, reads) = try expand(Self.wideIncludes(width: 10, depth: 8), includes: 50, bytes: 1_000_000)
        // The 51st include, in order: a.md → i0 → … → i7 (8), i7's ten of i8 (18: 8 deep, left as
        // text, counted all the same), i6's next i7 and its ten (29, 40, 51).
        #expect(error?.description.hasPrefix("content/a.md:3: `{{#include i8.txt}}`: the page expands more than 50 includes") == true,
                "\(String(describing: error))")
        #expect(error?.message.contains("(Limits: includes per page)") == true)
        // Files read: i0 … i7, then the three more of i7 (the includes of i8 read nothing).
        #expect(reads == 11)
    }

    @Test("a file included again and again stops when the page would grow past the size limit, before it is built")
    func repeatedLargeInclude() throws {
        let files = ["content/big.txt": String(repeating: "x", count: 999) + "\n",
                     "content/a.md": "# A\n\n" + String(repeating: "{{#include big.txt}}\n", count: 20)]
        let (error, reads) = try expand(files, includes: 1_000, bytes: 5_500)
        // Five includes of 1,000 bytes fit with the heading; the sixth, on line 8, goes over.
        #expect(error?.description.hasPrefix("content/a.md:8: the page grows past 5,500 bytes with its includes "
                                             + "(Limits: expanded page size)") == true, "\(String(describing: error))")
        #expect(reads == 6)
    }

    @Test("includes within the limits expand as before")
    func includesWithinTheLimits() throws {
        // 1 + 3 + 9 includes: exactly the limit.
        let (error, reads) = try expand(Self.wideIncludes(width: 3, depth: 2), includes: 13, bytes: 1_000)
        #expect(error == nil)
        #expect(reads == 13)
        #expect(try expand(Self.wideIncludes(width: 3, depth: 2), includes: 12, bytes: 1_000).error != nil)
    }

    @Test("includes of missing files count too, so that a page's warnings are no more than its includes")
    func missingFilesCount() throws {
        let files = ["content/a.md": String(repeating: "{{#include nowhere.txt}}\n", count: 30)]
        let (error, reads) = try expand(files, includes: 20, bytes: 1_000_000)
        #expect(error?.description.hasPrefix("content/a.md:21: `{{#include nowhere.txt}}`: the page expands more than 20 includes") == true,
                "\(String(describing: error))")
        #expect(reads == 0)
    }

    @Test("a site whose page includes ten wide and eight deep fails with exit status 1 at the real limit, the previous output intact")
    func includesThroughTheCommand() async throws {
        let (site, before) = try await builtSite(Self.wideIncludes(width: 10, depth: 8))
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("content/a.md:3: `{{#include i8.txt}}`: the page expands more than 1,000 includes, "
                                      + "counting those in included files (Limits: includes per page)"), "\(result.error)")
        #expect(try site.page("kept/index.html") == before)
        #expect(!site.exists("a/index.html"))
    }

    @Test("Hugo references to a page of a long URL that make the page grow past 16 MB are an error at the reference's line")
    func longReferenceURLs() async throws {
        // 1,000-byte URL for each 16-byte reference: 17,000 of them make 17 MB from 272 KB.
        let longURL = "/" + String(repeating: "a", count: 998) + "/"
        let page = "# A\n\n" + String(repeating: "{{< ref \"b\" >}}\n", count: 17_000)
        let (site, before) = try await builtSite(["content/b.md": "---\nurl: \(longURL)\n---\n# B\n", "content/a.md": page])
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        // 1,001 bytes a line once expanded: the 15,985th reference, on line 15,987, goes over 16,000,000.
        #expect(result.error.contains("content/a.md:15987: the page grows past 16 MB with the URLs of its Hugo references "
                                      + "(Limits: expanded page size)"), "\(result.error)")
        #expect(try site.page("kept/index.html") == before)
    }

    @Test("callouts nested 101 deep fail the build at the line of the 101st, naming the limit; 100 deep build")
    func deepCallouts() async throws {
        func page(_ depth: Int) -> String {
            String(repeating: ":::note\n\ntext\n\n", count: depth) + String(repeating: ":::\n\n", count: depth)
        }
        let (site, before) = try await builtSite(["content/a.md": page(101)])
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("content/a.md:401: callouts nest more than 100 deep (`:::` containers and `> [!NOTE]` alerts "
                                      + "counted together; Limits: container depth)"), "\(result.error)")
        #expect(try site.page("kept/index.html") == before)

        try site.write(page(100), to: "content/a.md")
        try await site.build()
        #expect(try site.page("a/index.html").components(separatedBy: "markdown-alert-note\"").count == 101)
    }

    @Test("alerts in quotes count toward the callout depth as containers do")
    func deepQuoteAlerts() async throws {
        var page = ""
        for level in 1...101 { page += String(repeating: "> ", count: level) + "[!NOTE]\n" + String(repeating: "> ", count: level + 1) + "\n" }
        let (site, _) = try await builtSite(["content/a.md": page])
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("content/a.md:200: callouts nest more than 100 deep"), "\(result.error)")
    }

    @Test("twelve nested loops over ten items stop at the iteration limit with exit status 1, naming the section's line")
    func nestedTemplateLoops() async throws {
        let items = (0..<10).map { "  - \($0)\n" }.joined()
        let template = "<main>\n" + String(repeating: "{{#page.params.items}}", count: 12) + String(repeating: "{{/page.params.items}}", count: 12) + "\n</main>\n"
        let (site, before) = try await builtSite(["content/a.md": "---\ntitle: A\nitems:\n\(items)---\nText\n",
                                                  "templates/page.mustache": template])
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/page.mustache:2: sections loop more than 10,000,000 times in one render "
                                      + "(Limits: template iterations)"), "\(result.error)")
        #expect(result.error.contains("(rendering content/a.md)"))
        #expect(try site.page("kept/index.html") == before)
    }

    @Test("a template that writes past 100 MB stops with exit status 1 at the real limit")
    func hugeTemplateOutput() async throws {
        let items = (0..<10).map { "  - \($0)\n" }.joined()
        let chunk = String(repeating: "0123456789", count: 1_000)
        let template = String(repeating: "{{#page.params.items}}", count: 5) + chunk + String(repeating: "{{/page.params.items}}", count: 5)
        let (site, before) = try await builtSite(["content/a.md": "---\ntitle: A\nitems:\n\(items)---\nText\n",
                                                  "templates/page.mustache": template])
        let result = try Sitegen.run(["build", "--quiet", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("templates/page.mustache:1: the render writes more than 100 MB (Limits: template output size)"),
                "\(result.error)")
        #expect(try site.page("kept/index.html") == before)
    }
}
