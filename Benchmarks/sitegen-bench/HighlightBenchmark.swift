import Foundation
import Sitegen
import SitegenHighlight
import SitegenMarkdown
import Synchronization

/// Highlighting speed on the code blocks of real sites, and those blocks with our HTML for
/// `Benchmarks/highlight-vs-pygments.py`.
///
///     sitegen-bench highlight [--corpus DIR] [--runs N] [--blocks-json FILE]
///     sitegen-bench highlight --parse DIR [--runs N]   (what highlighting adds to parsing a site's pages)
struct HighlightBenchmark {
    struct Block: Codable, Sendable {
        var info: String
        var language: String?
        var code: String
        var html: String?
    }

    /// Every fenced or indented code block of the Markdown files under `folder`, as cmark-gfm
    /// reads them.
    static func blocks(under folder: URL) throws -> [Block] {
        let collected = Mutex<[Block]>([])
        let parser = MarkdownParser(options: .init(frontMatter: true), modifiers: [Modifier(target: .codeBlocks) { input in
            if case .codeBlock(let language, let info, let code) = input.node {
                collected.withLock { $0.append(Block(info: info, language: language, code: code)) }
            }
            return input.html
        }])
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw BenchError("cannot read \(folder.path)")
        }
        var paths: [String] = []
        for case let url as URL in walker where ["md", "mdx", "markdown"].contains(url.pathExtension) { paths.append(url.path) }
        for path in paths.sorted() {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            _ = try? parser.parse(text)
        }
        return collected.withLock { $0 }
    }

    /// Parses every page under `folder` as a site build does (heading ids, generator syntax,
    /// alerts, a link rewriter), on one core: with no code block modifier, with one that
    /// changes nothing (the cost of the modifier machinery), and with highlighting.
    static func parseCost(of folder: URL, runs: Int) throws {
        let documents = try SitegenBench.loadCorpus(folder.path, pages: 0)
        let options = MarkdownParser.Options(headingIDs: true, generatorSyntax: true, alerts: true)
        let rewriter = LinkRewriter { _ in nil }
        let cases: [(String, MarkdownParser)] = [
            ("no code block modifier", MarkdownParser(options: options, linkRewriter: rewriter)),
            ("a modifier that changes nothing", MarkdownParser(options: options, modifiers: [Modifier(target: .codeBlocks) { html, _ in html }],
                                                               linkRewriter: rewriter)),
            ("highlighting", MarkdownParser(options: options, modifiers: [.highlightingCode(with: Highlighter())], linkRewriter: rewriter)),
        ]
        var best = [Double](repeating: .infinity, count: cases.count)
        for _ in 0..<runs {
            for (index, (_, parser)) in cases.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                for document in documents { _ = try? parser.parse(document) }
                best[index] = min(best[index], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        print("\(documents.count) documents, 1 core, best of \(runs):")
        for (index, (name, _)) in cases.enumerated() {
            print(String(format: "  %.3f s  (+%.3f)  ", best[index], best[index] - best[0]) + name)
        }
    }

    static func run(_ arguments: [String]) throws {
        var arguments = arguments
        var corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora")
        var runs = 5
        var jsonOutput: String?
        var parseFolder: String?
        while let flag = arguments.first {
            arguments.removeFirst()
            let value = arguments.isEmpty ? "" : arguments.removeFirst()
            switch flag {
            case "--corpus": corpus = URL(fileURLWithPath: value)
            case "--runs": runs = Int(value) ?? runs
            case "--blocks-json": jsonOutput = value
            case "--parse": parseFolder = value
            default: print("unknown option \(flag)"); exit(2)
            }
        }
        if let parseFolder {
            try parseCost(of: URL(fileURLWithPath: parseFolder), runs: runs)
            return
        }
        let highlighter = Highlighter()
        var blocks = try blocks(under: corpus)
        if let jsonOutput {
            for index in blocks.indices {
                guard let language = blocks[index].language else { continue }
                blocks[index].language = Highlighter.name(of: language)
                blocks[index].html = highlighter.highlight(blocks[index].code, language: language)
            }
            try JSONEncoder().encode(blocks).write(to: URL(fileURLWithPath: jsonOutput))
            return
        }
        var byLanguage: [String: [Block]] = [:]
        for block in blocks {
            guard let language = block.language, let name = Highlighter.name(of: language) else { continue }
            byLanguage[name, default: []].append(block)
        }
        print("language        blocks        KB      MB/s (1 core, best of \(runs))")
        var totalBytes = 0, totalSeconds = 0.0
        for (name, blocks) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let bytes = blocks.reduce(0) { $0 + $1.code.utf8.count }
            // Repeat small languages so each timing covers at least ~1 MB.
            let repeats = max(1, 1_000_000 / max(bytes, 1))
            var best = Double.infinity
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<repeats {
                    for block in blocks { _ = highlighter.highlight(block.code, language: block.language ?? name) }
                }
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(repeats))
            }
            totalBytes += bytes
            totalSeconds += best
            print(name.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: " %7d %9.1f %9.1f", blocks.count, Double(bytes) / 1000, Double(bytes) / 1e6 / best))
        }
        print(String(format: "all            %7d %9.1f %9.1f", byLanguage.values.reduce(0) { $0 + $1.count },
                     Double(totalBytes) / 1000, Double(totalBytes) / 1e6 / totalSeconds))
    }
}
