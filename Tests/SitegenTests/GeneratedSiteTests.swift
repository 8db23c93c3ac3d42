import Foundation
import Testing
import Sitegen

@Suite("Building generated sites")
struct GeneratedSiteTests {
    /// A `gen_corpus.py` site of `pages` pages in a temporary folder.
    private func generated(_ flavor: String, pages: Int) throws -> TestSite {
        let site = try TestSite()
        try FileManager.default.removeItem(at: site.root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestSite.packageRoot.appendingPathComponent("Benchmarks/gen_corpus.py").path,
                             "--pages", "\(pages)", "--flavor", flavor, "--out", site.root.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return site
    }

    @Test("a 300-page plain corpus builds every page as well-formed HTML, with working internal links")
    func plainCorpus() async throws {
        let site = try generated("plain", pages: 300)
        let summary = try await site.build()
        #expect(summary.pages == 300)
        #expect(summary.warnings.isEmpty)
        let files = site.outputFiles().filter { $0.hasSuffix(".html") }
        #expect(files.count > 300)
        var linked = Set<String>()
        for file in files {
            let html = try site.page(file)
            #expect(HTMLChecker.problems(in: html).isEmpty, "\(file)")
            for match in html.matches(of: #/href="(/[^"#]*)"/#) { linked.insert(String(match.output.1)) }
        }
        for url in linked where url.hasSuffix("/") {
            #expect(site.exists(String(url.dropFirst()) + "index.html"), "link to \(url)")
        }
    }

    @Test("the Hugo flavor's content folder builds too (its config.toml and layouts are not ours)")
    func hugoCorpus() async throws {
        let site = try generated("hugo", pages: 100)
        let summary = try await site.build()
        #expect(summary.pages == 100)
        #expect(site.exists("index.html"))
    }
}
