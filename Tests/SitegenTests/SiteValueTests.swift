import Foundation
import Testing
import TestSupport
@testable import Sitegen

@Suite("Values in sitegen.yml, front matter and data files: ranges, limits and lines")
struct SiteValueTests {
    private func site(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite()
        for (path, text) in files { try site.write(text, to: path) }
        return site
    }

    /// The problems a build of `files` reports, one a line.
    private func problems(_ files: [String: String]) async throws -> String {
        do {
            try await site(files).build()
            return ""
        } catch let errors as SiteErrors {
            return errors.description
        } catch {
            return "\(error)"
        }
    }

    private static let posts = ["content/posts/a.md": "A\n", "content/posts/b.md": "B\n", "content/posts/c.md": "C\n"]

    @Test("numbers out of range in sitegen.yml are errors naming the key's line and the range", arguments: [
        ("title: T\npaginate: 9223372036854775807\n",
         "sitegen.yml:2: `paginate` must be a whole number from 0 to 10000, such as `paginate: 10` (0 for no pagination)"),
        ("title: T\n\npaginate: -1\n",
         "sitegen.yml:3: `paginate` must be a whole number from 0 to 10000, such as `paginate: 10` (0 for no pagination)"),
        ("recentPages: 1e400\n", "sitegen.yml:1: `recentPages` must be a whole number from 0 to 10000, such as `recentPages: 10`"),
        ("recentPages: -9223372036854775808\n",
         "sitegen.yml:1: `recentPages` must be a whole number from 0 to 10000, such as `recentPages: 10`"),
    ])
    func configurationRanges(configuration: String, expected: String) async throws {
        #expect(try await problems(Self.posts.merging(["sitegen.yml": configuration]) { $1 }) == expected)
    }

    @Test("numbers out of range in front matter are errors naming the file, the key's line and the range", arguments: [
        ("content/posts/a.md", "---\ntitle: A\n\nweight: -9223372036854775808\n---\nA\n",
         "content/posts/a.md:4: `weight` must be a whole number from -1000000000 to 1000000000, such as `weight: 10`"),
        ("content/posts/a.md", "---\nweight: 1e400\n---\nA\n",
         "content/posts/a.md:2: `weight` must be a whole number from -1000000000 to 1000000000, such as `weight: 10`"),
        ("content/posts/_index.md", "---\ntitle: Posts\npaginate: 9223372036854775807\n---\n",
         "content/posts/_index.md:3: `paginate` must be a whole number from 0 to 10000, such as `paginate: 10` (0 for no pagination)"),
        ("content/posts/_index.md", "---\nweight: 99999999999999999999\n---\n",
         "content/posts/_index.md:2: `weight` must be a whole number from -1000000000 to 1000000000, such as `weight: 10`"),
        ("content/posts/_index.md", "---\ntitle: Posts\nsort: sideways\n---\n",
         "content/posts/_index.md:3: `sort` must be date, weight or title"),
        ("content/posts/a.md", "---\ntitle: A\ndate: 99999-01-05\n---\nA\n",
         "content/posts/a.md:3: `date` must be a date such as 2026-01-05 or 2026-01-05T10:30:00Z"),
        ("content/posts/a.md", "---\ndate: 2026-01-05T10:30:00+99:00\n---\nA\n",
         "content/posts/a.md:2: `date` must be a date such as 2026-01-05 or 2026-01-05T10:30:00Z"),
    ])
    func frontMatterRanges(file: String, text: String, expected: String) async throws {
        #expect(try await problems(Self.posts.merging([file: text]) { $1 }) == expected)
    }

    @Test("the largest numbers allowed build")
    func largestAllowed() async throws {
        let site = try site(Self.posts.merging([
            "sitegen.yml": "paginate: 10000\nrecentPages: 10000\n",
            "content/posts/_index.md": "---\npaginate: 10000\nweight: -1000000000\n---\n",
            "content/posts/a.md": "---\nweight: 1000000000\n---\nA\n",
        ]) { $1 })
        let summary = try await site.build()
        #expect(summary.pages == 3)
        #expect(try site.page("posts/index.html").contains("href=\"/posts/a/\""))
    }

    @Test("a configuration made in Swift with negative or huge numbers renders instead of trapping")
    func numbersFromSwift() async throws {
        let site = try site(Self.posts)
        let layout = SiteLayout(root: site.root)
        for number in [Int.min, -1, Int.max] {
            var configuration = SiteConfiguration(title: "T", recentPages: number)
            configuration.paginate = number
            let loaded = try await ContentLoader(layout: layout, configuration: configuration, options: BuildOptions()).load()
            let theme = try Theme(name: "default", overrides: nil, layout: layout,
                                  walker: FolderWalker(layout: layout, configuration: configuration))
            let output = MemoryOutput()
            let rendered = try await SiteRenderer(loaded: loaded, theme: theme, strings: nil, site: Site(), output: OutputWriter(output), observers: BuildObservers(),
                                                  memory: .plain).render()
            #expect(rendered.pages.count == 3)
            #expect(output.contents["posts/index.html"] != nil)
        }
    }

    @Test("the pager splits any number of pages by any page size without overflowing")
    func pagerArithmetic() {
        #expect(Pager([1, 2, 3], perPage: .max, url: "/").pages.map(\.items.count) == [3])
        #expect(Pager([1, 2, 3], perPage: 2, url: "/").pages.map { Array($0.items) } == [[1, 2], [3]])
        #expect(Pager([Int](), perPage: .max, url: "/").pages.map(\.items.count) == [0])
        #expect(Pager([1, 2, 3], perPage: 0, url: "/").pages.map(\.items.count) == [3])
    }

    @Test("a front matter key error points at the line of the key, and configuration errors carry lines")
    func keyLines() async throws {
        #expect(try await problems(["content/a.md": "---\ntitle: A\ndate: 2026-01-05\n\ndraft: maybe\n---\nA\n"])
                == "content/a.md:5: `draft` must be true or false")
        #expect(try await problems(["content/a.md": "---\ntitle: A\ntags: 3\n---\nA\n"])
                == "content/a.md:3: `tags` must be a list, such as [swift, web]")
        #expect(try await problems(["content/a.md": "---\ntitle: A\n\n\nslug: a/b\n---\nA\n"])
                == "content/a.md:5: `slug: a/b` must be one path component, such as my-post")
        #expect(try await problems(["content/a.md": "A\n", "sitegen.yml": "title: T\n\nfeedContent: all\n"])
                == "sitegen.yml:3: `feedContent` must be summary or full")
        #expect(try await problems(["content/a.md": "A\n", "sitegen.yml": "title: T\nlanguage: [en]\n"])
                == "sitegen.yml:2: `language` must be text, as in `language: \"…\"`")
    }

    @Test("a YAML alias bomb in front matter, sitegen.yml or a data file is an error with file and line, at once",
          .timeLimit(.minutes(1)))
    func aliasBombs() async throws {
        let limit = "makes the aliases repeat more than 100000 values; repeat less, or write the values out"
        #expect(try await problems(["content/a.md": "---\n" + HostileInputs.billionLaughs + "---\nA\n"])
                == "content/a.md:7: front matter: the alias *e \(limit). Fix the YAML between the --- lines.")
        #expect(try await problems(["content/a.md": "A\n", "sitegen.yml": HostileInputs.billionLaughs])
                == "sitegen.yml:6: YAML: the alias *e \(limit)")
        #expect(try await problems(["content/a.md": "A\n", "data/laughs.yml": HostileInputs.billionLaughs])
                == "data/laughs.yml:6: YAML: the alias *e \(limit)")
    }

    @Test("data files are read only when they are regular files of at most 10 MB")
    func largeDataFile() async throws {
        let site = try site(["content/a.md": "A\n"])
        let file = try site.write("", to: "data/big.yml")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 20_000_000)
        try handle.close()
        let error = await #expect(throws: SiteError.self) { try await site.build() }
        #expect(error?.description == "data/big.yml: is 20 MB; files read whole may be at most 10 MB")
    }
}
