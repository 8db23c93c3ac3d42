// sitegen-bench: throughput benchmarks. Build in release:
//   swift run -c release sitegen-bench markdown [--pages 500] [--runs 5] [--corpus DIR]
//   swift run -c release sitegen-bench templates [--pages 1000] [--runs 5] [--site DIR]
//   swift run -c release sitegen-bench highlight [--corpus DIR] [--runs 5] [--blocks-json FILE] [--parse DIR]
//   swift run -c release sitegen-bench math [--corpus FILE] [--runs 5] [--count 10000] [--json FILE]
//   swift run -c release sitegen-bench live --site DIR [--runs 5]
//   swift run -c release sitegen-bench images [--widths 480,960,1600] [--format webp] [--quality 75] [--out DIR] FILE…
// Speed is measured here, never in tests.
import CCmarkGFM
import Foundation
import Sitegen
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
        if arguments.first == "highlight" {
            try HighlightBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "math" {
            try MathBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "images" {
            try ImageBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "live" {
            try await LiveBenchmark.run(Array(arguments.dropFirst()))
            return
        }
        if arguments.first == "templates" {
            try await runTemplates(Array(arguments.dropFirst()))
            return
        }
        guard arguments.first == "markdown" else {
            print("usage: sitegen-bench markdown [--pages N] [--runs N] [--corpus DIR]\n       sitegen-bench templates [--pages N] [--runs N] [--site DIR]\n       sitegen-bench highlight [--corpus DIR] [--runs N] [--blocks-json FILE] [--parse DIR]")
            exit(2)
        }
        arguments.removeFirst()
        let options = benchOptions(arguments, folderFlag: "--corpus")
        try await MarkdownBenchmark(documents: loadCorpus(options.folder, pages: options.pages ?? 500), runs: options.runs).run()
    }

    /// Writes a `../shared/bench/gen_corpus.py` site of `pages` pages into `output`.
    static func generate(pages: Int, flavor: String, into output: URL) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench/gen_corpus.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--pages", "\(pages)", "--flavor", flavor, "--out", output.path, "--force"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("gen_corpus.py failed") }
    }

    /// Reads every Markdown file of a corpus folder, generating a `--flavor plain` corpus with
    /// `../shared/bench/gen_corpus.py` first when no folder is given.
    static func loadCorpus(_ folder: String?, pages: Int) throws -> [String] {
        var root = folder.map { URL(fileURLWithPath: $0) }
        if root == nil {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-corpus-\(pages)")
            try generate(pages: pages, flavor: "plain", into: output)
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
        print(String(format: "corpus: %d documents, %.2f MB; best of %d interleaved rounds; %d cores", documents.count, megabytes, runs, cores))
        let plain = MarkdownParser()
        let noFrontMatter = MarkdownParser(options: .init(frontMatter: false))
        let threeModifiers = MarkdownParser(modifiers: [
            Modifier(target: .codeBlocks) { html, _ in "<div class=\"code\">" + html + "</div>" },
            Modifier(target: .headings) { input in
                guard case .heading(_, _, let id) = input.node else { return input.html }
                return input.html + "<a class=\"anchor\" href=\"#\(id)\"></a>"
            },
            Modifier(target: .images) { html, _ in "<figure>" + html + "</figure>" },
        ])
        let documents = self.documents
        let joined = documents.joined(separator: "\n\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-joined.md")
        try joined.write(to: file, atomically: true, encoding: .utf8)

        let cases: [(name: String, body: () async throws -> Void)] = [
            ("C path: cmark-gfm parse + render, 1 core", { for document in documents { CReference.render(document) } }),
            ("sitegen, no modifiers, 1 core", { for document in documents { _ = try plain.parse(document) } }),
            ("sitegen, no modifiers, no front matter, 1 core", { for document in documents { _ = try noFrontMatter.parse(document) } }),
            ("sitegen, 3 modifiers, 1 core", { for document in documents { _ = try threeModifiers.parse(document) } }),
            ("sitegen, no modifiers, all cores", { await parallel(documents) { _ = try? plain.parse($0) } }),
            ("sitegen, 3 modifiers, all cores", { await parallel(documents) { _ = try? threeModifiers.parse($0) } }),
            ("C path, all cores", { await parallel(documents) { CReference.render($0) } }),
            ("cmark-gfm command, one joined file", { try runCommand(file) }),
            ("sitegen, no modifiers, one joined file", { _ = try noFrontMatter.parse(joined) }),
        ]
        // Rounds interleave the cases, so a slow moment of the machine hits them all alike.
        var best = [Double](repeating: .infinity, count: cases.count)
        for round in 0...runs {
            for (index, benchCase) in cases.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try await benchCase.body()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if round > 0 { best[index] = min(best[index], seconds) }   // round 0 warms up
            }
        }
        print("case                                              seconds     MB/s   vs C path")
        for (index, benchCase) in cases.enumerated() {
            print(benchCase.name.padding(toLength: 48, withPad: " ", startingAt: 0)
                  + String(format: "%9.3f %8.1f %9.0f%%", best[index], megabytes / best[index], best[0] / best[index] * 100))
        }
        print(String(format: "sitegen on the joined file runs at %.2fx the cmark-gfm command's speed", best[7] / best[8]))
        print(String(format: "all cores against one: C path %.2fx, sitegen %.2fx (no modifiers), %.2fx (3 modifiers)",
                     best[0] / best[6], best[1] / best[4], best[3] / best[5]))
    }

    private func runCommand(_ file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cmark-gfm", "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink",
                             "-e", "tasklist", "-e", "footnotes", file.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw BenchError("cmark-gfm failed; apt-get install -y cmark-gfm") }
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

/// cmark-gfm called directly, with the options our parser uses by default (and the
/// process-wide setup that lets parsers finish on many threads at once).
enum CReference {
    static func render(_ markdown: String) {
        _ = cmarkLibraryReady
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
        let document: OpaquePointer = cmark_parser_finish(parser)
        let html = cmark_render_html(document, flags, cmark_parser_get_syntax_extensions(parser))
        free(html)
        cmark_node_free(document)
    }
}

/// `templates`: µs per output of the default theme's page, section and term templates on a
/// generated site (`--flavor plain`) or `--site DIR`.
func runTemplates(_ arguments: [String]) async throws {
    let options = benchOptions(arguments, folderFlag: "--site")
    let pages = options.pages ?? 1000, runs = options.runs
    var folder = options.folder
    if folder == nil {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bench-site-\(pages)")
        try SitegenBench.generate(pages: pages, flavor: "plain", into: output)
        folder = output.path
    }
    let results = try await TemplateBenchmark.run(folder: URL(fileURLWithPath: folder!), runs: runs)
    print("template   outputs   µs/output   KB/output")
    for result in results {
        print(String(format: "%-9@ %8d %11.1f %11.1f", result.template as NSString, result.outputs, result.microseconds,
                     Double(result.bytes) / 1024 / Double(result.outputs)))
    }
}

/// `--pages N`, `--runs N` (default 5) and the folder flag's value; any other flag stops the
/// program with status 2.
func benchOptions(_ arguments: [String], folderFlag: String) -> (pages: Int?, runs: Int, folder: String?) {
    var arguments = arguments
    var options: (pages: Int?, runs: Int, folder: String?) = (nil, 5, nil)
    while let flag = arguments.first {
        arguments.removeFirst()
        let value = arguments.isEmpty ? "" : arguments.removeFirst()
        switch flag {
        case "--pages": options.pages = Int(value) ?? options.pages
        case "--runs": options.runs = Int(value) ?? options.runs
        case folderFlag: options.folder = value
        default: print("unknown option \(flag)"); exit(2)
        }
    }
    return options
}
