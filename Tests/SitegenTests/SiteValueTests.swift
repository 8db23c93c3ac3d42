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
    ])
    func frontMatterRanges(file: String, text: String, expected: String) async throws {
        #expect(try await problems(Self.posts.merging([file: text]) { $1 }) == expected)
    }

    @Test("a date that cannot be read is a warning at its line, and the page builds, dated by its file name if it can be")
    func unreadableDates() async throws {
        let site = try site([
            "content/posts/2024-03-01-a.md": "---\ntitle: A\ndate: 99999-01-05\n---\nA\n",
            "content/posts/b.md": "---\ndate: 2026-01-05T10:30:00+99:00\nlastmod: soon\n---\nB\n",
            // Jekyll's own repository has this typo, which Ruby's parser reads.
            "content/posts/c.md": "---\ndate: 2023-01-29 18:30:22 2023 -0800\n---\nC\n",
        ])
        let summary = try await site.build()
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains("content/posts/2024-03-01-a.md:3: `date: 99999-01-05` is not a date sitegen can read (such as "
                                  + "2026-01-05, 2026-01-05T10:30:00Z or Jan 5, 2026); the page is built without it, dated by its "
                                  + "file name if that starts with one"), "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/posts/b.md:2: `date: 2026-01-05T10:30:00+99:00` is not a date") })
        #expect(warnings.contains { $0.hasPrefix("content/posts/b.md:3: `lastmod: soon` is not a date") })
        #expect(warnings.contains { $0.hasPrefix("content/posts/c.md:2: `date: 2023-01-29 18:30:22 2023 -0800` is not a date") })
        #expect(try site.page("posts/a/index.html").contains("2024"))
        #expect(site.exists("posts/b/index.html") && site.exists("posts/c/index.html"))
    }

    @Test("dates as Hugo, Jekyll and feeds write them are read", arguments: [
        ("2006-01-02T15:04:05-0700", 1_136_239_445.0), ("2006-01-02 15:04:05 -0700", 1_136_239_445.0),
        ("Mon, 02 Jan 2006 15:04:05 -0700", 1_136_239_445.0), ("Jan 2, 2006", 1_136_160_000.0),
        ("January 2, 2006", 1_136_160_000.0), ("2 January 2006", 1_136_160_000.0), ("2006/01/02", 1_136_160_000.0),
    ])
    func otherGeneratorsDates(text: String, seconds: Double) {
        #expect(FrontMatterValue.string(text).date == Date(timeIntervalSince1970: seconds))
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
            let rendered = try await SiteRenderer(loaded: loaded, theme: theme, strings: nil, site: Site(), images: .none, output: OutputWriter(output), observers: BuildObservers(),
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

    @Test("pagination links the first and last pages and three either side of the current one, in order")
    func pagerLinks() {
        for total in 1...12 {
            let pager = Pager(Array(0..<total), perPage: 1, url: "/posts/")
            for number in 1...total {
                guard case .object(let pagination) = pager.value(for: number, basePath: ""),
                      case .list(let links)? = pagination.member("pages") else {
                    Issue.record("no pagination.pages")
                    return
                }
                let shown = links.compactMap { link -> Int? in
                    guard case .object(let object) = link, case .int(let shown)? = object.member("number") else { return nil }
                    return shown
                }
                let expected = (1...total).filter { abs($0 - number) <= 3 || $0 == 1 || $0 == total }
                #expect(shown == expected, "page \(number) of \(total)")
            }
        }
        guard case .object(let last) = Pager(Array(0..<600), perPage: 1, url: "/t/").value(for: 600, basePath: "/b"),
              case .list(let links)? = last.member("pages"), case .object(let first)? = links.first else {
            Issue.record("no pagination")
            return
        }
        #expect(links.count == 5)
        guard case .text(let url)? = first.member("url") else {
            Issue.record("no url")
            return
        }
        #expect(url == "/b/t/")
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

    @Test("a YAML alias bomb in front matter, sitegen.yml or a data file is an error with file and line, at once")
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
