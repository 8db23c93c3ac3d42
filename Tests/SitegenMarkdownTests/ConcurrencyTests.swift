import Testing
import SitegenMarkdown

@Suite("Concurrency")
struct ConcurrencyTests {
    /// 1,468 documents mixing spec examples, so that autolinks, strikethrough and tables
    /// (whose parsing cmark-gfm 0.29.0.gfm.6 breaks when parsers finish at once) abound; every
    /// other one has no `~`, so parsers that finish without the lock run beside ones that take it.
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
}
