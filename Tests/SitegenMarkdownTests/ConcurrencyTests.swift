import Testing
import SitegenMarkdown

@Suite("Concurrency")
struct ConcurrencyTests {
    /// 1,468 documents mixing spec examples, so that autolinks, strikethrough and tables
    /// (whose parsing cmark-gfm 0.29.0.gfm.6 breaks when parsers finish at once) abound; every
    /// other one has no `~`.
    static let documents: [String] = {
        let examples = SpecExample.all.map(\.markdown)
        return (0..<(examples.count * 2)).map { index in
            let extras = index % 2 == 0 ? "See www.example.org and ~~old~~" : "See www.example.org, https://x.org/a: b@c.org"
            return examples[index % examples.count] + "\n\n\(extras) | a |\n|---|\n| b |\n\n"
                + examples[(index * 7 + 3) % examples.count]
        }
    }()

    @Test("parsing many documents from many tasks gives exactly the serial output")
    func parallelEqualsSerial() async throws {
        let parser = MarkdownParser(options: .init(headingIDs: true, frontMatter: false), modifiers: [
            Modifier(target: .links) { html, _ in html.replacingOccurrences(of: "<a ", with: "<a rel=\"x\" ") },
        ])
        let documents = Self.documents
        #expect(documents.count >= 1_000)
        let serial = try documents.map { try parser.parse($0) }
        let parallel = try await withThrowingTaskGroup(of: (Int, Markdown).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask { (index, try parser.parse(document)) }
            }
            var results = [Markdown?](repeating: nil, count: documents.count)
            for try await (index, page) in group { results[index] = page }
            return results
        }
        for index in documents.indices {
            #expect(parallel[index] == serial[index], "document \(index)")
        }
    }

    /// Strikethrough where it meets emphasis, code, links, autolinks, tables and task lists, and
    /// a literal stand-in byte (U+0001), with the HTML of the `cmark-gfm` command (0.29.0.gfm.6,
    /// `-e strikethrough -e table -e autolink -e tasklist --unsafe`): the extension as changed by
    /// `cmarkLibraryReady` parses as cmark-gfm's own.
    static let strikethrough = (markdown: """
        ~~a~~ ~b~ ~~~c~~~ ~~d~ **~~e~~** ~~*f*~~ *g ~~h* i~~ ~~j *k~~ l*

        a~_b_ \\~~m~~ `~~n~~` ~~o
        p~~ x~~y~~z ~~ q ~~ [~~r~~](/u) ~~s [t~~](/v) ~~\u{1}~~ a\u{1}*b*\u{1}

        | ~~u~~ | v |
        |---|---|
        | w~~x~~ | ~y~ |

        - [ ] ~~done~~ www.example.org/~~w~~ https://x.org/~a~
        """, html: """
        <p><del>a</del> <del>b</del> ~~~c~~~ <del>d~ <strong><del>e</del></strong> <del><em>f</em></del> <em>g ~~h</em> i</del> \
        <del>j *k</del> l*</p>
        <p>a~_b_ ~~m~~ <code>~~n~~</code> <del>o
        p</del> x<del>y</del>z ~~ q ~~ <a href="/u"><del>r</del></a> ~~s <a href="/v">t~~</a> <del>\u{1}</del> \
        a\u{1}<em>b</em>\u{1}</p>
        <table>
        <thead>
        <tr>
        <th><del>u</del></th>
        <th>v</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>w<del>x</del></td>
        <td><del>y</del></td>
        </tr>
        </tbody>
        </table>
        <ul>
        <li><input type="checkbox" disabled="" /> <del>done</del> <a href="http://www.example.org/~~w">www.example.org/~~w</a>~~ \
        <a href="https://x.org/~a">https://x.org/~a</a>~</li>
        </ul>

        """)

    @Test("strikethrough parses as the cmark-gfm command's, serially and from many tasks at once")
    func strikethroughMatchesCmark() async throws {
        let parser = MarkdownParser(options: .init(frontMatter: false))
        #expect(try parser.parse(Self.strikethrough.markdown).html == Self.strikethrough.html)
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<400 { group.addTask { try parser.parse(Self.strikethrough.markdown).html } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outputs.allSatisfy { $0 == Self.strikethrough.html })
    }
}
