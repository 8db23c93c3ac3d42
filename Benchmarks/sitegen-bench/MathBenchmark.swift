import Foundation
import SitegenMath

/// Math rendering speed on a corpus of real formulas, and our MathML of each for
/// `Benchmarks/math/compare-katex.js`.
///
///     sitegen-bench math [--corpus Benchmarks/math/formulas.txt] [--runs N] [--json FILE]
///
/// The corpus has one formula a line: `D<TAB>tex` (display) or `I<TAB>tex` (inline), with
/// U+2424 (␤) for a newline; lines starting with `#` are comments.
enum MathBenchmark {
    struct Formula: Codable {
        var display: Bool
        var tex: String
        var mathml: String?
        var error: String?
        var offset: Int?
    }

    static func load(_ path: String) throws -> [Formula] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchError("cannot read \(path)") }
        var formulas: [Formula] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard line.count > 2, line.first == "D" || line.first == "I", line.dropFirst().first == "\t" else { continue }
            formulas.append(Formula(display: line.first == "D", tex: unescape(line.dropFirst(2))))
        }
        return formulas
    }

    /// The corpus's one escape: U+2424 (␤) for a newline.
    static func unescape(_ field: Substring) -> String {
        String(field).replacingOccurrences(of: "\u{2424}", with: "\n")
    }

    static func run(_ arguments: [String]) throws {
        var arguments = arguments
        var corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("math/formulas.txt").path
        var runs = 5
        var jsonOutput: String?
        var target = 10_000
        while let flag = arguments.first {
            arguments.removeFirst()
            let value = arguments.isEmpty ? "" : arguments.removeFirst()
            switch flag {
            case "--corpus": corpus = value
            case "--runs": runs = max(1, Int(value) ?? 5)
            case "--json": jsonOutput = value
            case "--count": target = max(1, Int(value) ?? 10_000)
            default: throw BenchError("unknown option \(flag)")
            }
        }
        var formulas = try load(corpus)
        guard !formulas.isEmpty else { throw BenchError("no formulas in \(corpus)") }
        // The timed set: the corpus repeated up to `target` formulas.
        var timed: [(String, Bool)] = []
        timed.reserveCapacity(target)
        while timed.count < target { for formula in formulas where timed.count < target { timed.append((formula.tex, formula.display)) } }
        var best = Double.infinity
        var bytes = 0
        for _ in 0..<runs {
            bytes = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for (tex, display) in timed {
                if let html = try? MathML.render(tex, display: display) { bytes += html.utf8.count }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var failures = 0
        for index in formulas.indices {
            do {
                formulas[index].mathml = try MathML.render(formulas[index].tex, display: formulas[index].display)
            } catch {
                formulas[index].error = error.message
                formulas[index].offset = error.offset
                failures += 1
            }
        }
        print("\(formulas.count) formulas in the corpus, \(failures) not rendered (\(String(format: "%.1f", 100 * Double(formulas.count - failures) / Double(formulas.count)))% rendered)")
        print(String(format: "%d formulas (the corpus repeated), 1 core, best of %d: %.3f s, %.0f formulas/s, %.1f µs each, %d bytes of MathML",
                     timed.count, runs, best, Double(timed.count) / best, best / Double(timed.count) * 1e6, bytes))
        if let jsonOutput {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            try encoder.encode(formulas).write(to: URL(fileURLWithPath: jsonOutput))
            print("wrote \(jsonOutput)")
        }
    }
}
