// sitegen-bench: throughput benchmarks. Build in release:
//   swift run -c release sitegen-bench markdown [--pages 500] [--runs 5] [--corpus DIR]
// Speed is measured here, never in tests.
import CCmarkGFM
import Foundation
import SitegenMarkdown

@main
struct SitegenBench {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "profile-markdown" {
            // A loop of one case, for `perf record`: our parser, no modifiers, no front matter.
            let documents = try loadCorpus(arguments.dropFirst().first, pages: 500)
            let parser = MarkdownParser(options: .init(frontMatter: false))
            for _ in 0..<20 { for document in documents { _ = try? parser.parse(document) } }
            return
        }
        guard arguments.first == "markdown" else {
            print("usage: sitegen-bench markdown [--pages N] [--runs N] [--corpus DIR]")
            exit(2)
        }
        arguments.removeFirst()
        var pages = 500, runs = 5
        var corpus: String?
        while let flag = arguments.first {
            arguments.removeFirst()
            let value = arguments.isEmpty ? "" : arguments.removeFirst()
            switch flag {
            case "--pages": pages = Int(value) ?? pages
            case "--runs": runs = Int(value) ?? runs
            case "--corpus": corpus = value
            default: print("unknown option \(flag)"); exit(2)
            }
        }
        try await MarkdownBenchmark(documents: loadCorpus(corpus, pages: pages), runs: runs).run()
    }

    /// Reads every Markdown file of a corpus folder, generating a `--flavor plain` corpus with
    /// `../shared/bench/gen_corpus.py` first when no folder is given.
    static func loadCorpus(_ folder: String?, pages: Int) throws -> [String] {
        var root = folder.map { URL(fileURLWithPath: $0) }
        if root == nil {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench/gen_corpus.py")
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-corpus-\(pages)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "--pages", "\(pages)", "--flavor", "plain", "--out", output.path, "--force"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchError("gen_corpus.py failed") }
            root = output
        }
        guard let root, let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw BenchError("cannot read the corpus")
        }
        var paths: [String] = []
        for case let url as URL in walker where url.pathExtension == "md" { paths.append(url.path) }
        return try paths.sorted().map { try String(contentsOfFile: $0, encoding: .utf8) }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Markdown throughput: the C library alone, our parser in several set-ups, and the cmark-gfm
/// command on the same input.
struct MarkdownBenchmark {
    let documents: [String]
    let runs: Int

    var bytes: Int { documents.reduce(0) { $0 + $1.utf8.count } }

    func run() async throws {
        let megabytes = Double(bytes) / 1_000_000
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(String(format: "corpus: %d documents, %.2f MB; best of %d runs; %d cores", documents.count, megabytes, runs, cores))
        print("case                                              seconds     MB/s   vs C path")
        let options = MarkdownParser.Options()
        let plain = MarkdownParser(options: options)
        let threeModifiers = MarkdownParser(options: options, modifiers: [
            Modifier(target: .codeBlocks) { html, _ in "<div class=\"code\">" + html + "</div>" },
            Modifier(target: .headings) { input in
                guard case .heading(_, _, let id) = input.node else { return input.html }
                return input.html + "<a class=\"anchor\" href=\"#\(id)\"></a>"
            },
            Modifier(target: .images) { html, _ in "<figure>" + html + "</figure>" },
        ])
        let documents = self.documents

        let cPath = best { for document in documents { CReference.render(document, locked: false) } }
        func report(_ name: String, _ seconds: Double) {
            print(name.padding(toLength: 48, withPad: " ", startingAt: 0)
                  + String(format: "%9.3f %8.1f %9.0f%%", seconds, megabytes / seconds, cPath / seconds * 100))
        }
        report("C path: cmark-gfm parse + render, 1 core", cPath)
        let ours = best { for document in documents { _ = try? plain.parse(document) } }
        report("sitegen, no modifiers, 1 core", ours)
        let oursNoFrontMatter = best {
            let parser = MarkdownParser(options: .init(frontMatter: false))
            for document in documents { _ = try? parser.parse(document) }
        }
        report("sitegen, no modifiers, no front matter, 1 core", oursNoFrontMatter)
        report("sitegen, 3 modifiers, 1 core", best { for document in documents { _ = try? threeModifiers.parse(document) } })
        report("sitegen, no modifiers, all cores", await bestAsync { await parallel(documents) { _ = try? plain.parse($0) } })
        report("sitegen, 3 modifiers, all cores", await bestAsync { await parallel(documents) { _ = try? threeModifiers.parse($0) } })
        report("C path, all cores, finish locked (our fix)",
               await bestAsync { await parallel(documents) { CReference.render($0, locked: true) } })
        report("C path, all cores, unlocked (racy ceiling)",
               await bestAsync { await parallel(documents) { CReference.render($0, locked: false) } })

        // The cmark-gfm command on all documents as one file, and our parser on the same text.
        let joined = documents.joined(separator: "\n\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-joined.md")
        try joined.write(to: file, atomically: true, encoding: .utf8)
        let cli = try best(throwing: {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["cmark-gfm", "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink",
                                 "-e", "tasklist", "-e", "footnotes", file.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { throw BenchError("cmark-gfm failed; apt-get install -y cmark-gfm") }
        })
        let oursJoined = best { _ = try? MarkdownParser(options: .init(frontMatter: false)).parse(joined) }
        report("cmark-gfm command, one joined file", cli)
        report("sitegen, no modifiers, one joined file", oursJoined)
        print(String(format: "ratio sitegen / cmark-gfm command (joined file): %.2fx the command's speed", cli / oursJoined))
        print(String(format: "ratio sitegen / C path (pages, 1 core, no modifiers): %.0f%%", cPath / ours * 100))
    }

    private func best(_ body: () -> Void) -> Double {
        (0..<runs).map { _ in time(body) }.min() ?? 0
    }

    private func best(throwing body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.min() ?? 0
    }

    private func bestAsync(_ body: () async -> Void) async -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            await body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.min() ?? 0
    }

    private func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs `work` on every document from as many tasks as there are cores.
    private func parallel(_ documents: [String], _ work: @escaping @Sendable (String) -> Void) async {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        await withTaskGroup(of: Void.self) { group in
            for core in 0..<cores {
                group.addTask {
                    for index in stride(from: core, to: documents.count, by: cores) { work(documents[index]) }
                }
            }
        }
    }
}

/// cmark-gfm called directly, with the options our parser uses by default.
enum CReference {
    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()
    private static let lock = NSLock()

    static func render(_ markdown: String, locked: Bool) {
        _ = registered
        let flags = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES
        let parser: OpaquePointer = cmark_parser_new(flags)
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        if locked { lock.lock() }
        let document: OpaquePointer = cmark_parser_finish(parser)
        if locked { lock.unlock() }
        let html = cmark_render_html(document, flags, cmark_parser_get_syntax_extensions(parser))
        free(html)
        cmark_node_free(document)
    }
}
