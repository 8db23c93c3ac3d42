import Foundation
import Testing
@testable import SitegenMarkdown

@Suite("Generated corpus")
struct CorpusTests {
    /// The pages of `gen_corpus.py --pages 500 --flavor plain`, generated once into a temporary folder.
    static let pages: [String] = {
        let script = SpecExample.conformanceFolder.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/gen_corpus.py")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-tests-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--pages", "500", "--flavor", "plain", "--out", output.path]
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        process.waitUntilExit()
        let files = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
        return files.sorted { $0.path < $1.path }.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }()

    @Test("every page of a 500-page corpus renders exactly as cmark-gfm, with and without identity modifiers")
    func corpusMatchesCmark() throws {
        let pages = Self.pages
        #expect(pages.count == 500)
        let options = MarkdownParser.Options()
        let plain = MarkdownParser(options: options)
        let identity = MarkdownParser.withIdentityModifiers(options: options)
        for (index, page) in pages.enumerated() {
            let body = String(try MarkdownSource(text: page).body)
            let reference = ReferenceRenderer.html(body, options: options)
            #expect(try plain.parse(page).html == reference, "page \(index)")
            #expect(try identity.parse(page).html == reference, "page \(index) with identity modifiers")
        }
    }

    @Test("every corpus page has a title, typed front matter, headings and a summary")
    func corpusFacts() throws {
        for page in Self.pages.prefix(50) {
            let markdown = try MarkdownParser().parse(page)
            #expect(markdown.frontMatter["title"]?.string?.isEmpty == false)
            #expect(!markdown.headings.isEmpty)
            #expect(markdown.summary != nil)
            #expect(markdown.wordCount > 100)
        }
    }
}
