import Foundation
import SitegenMarkdown
import Testing

/// One example of a CommonMark/GFM spec-format test file in `Tests/Fixtures/conformance`.
struct SpecExample: Sendable, CustomTestStringConvertible {
    let file: String
    let number: Int
    let tags: [String]
    let markdown: String
    let html: String

    var testDescription: String { "\(file) #\(number)" }

    /// The options upstream's test harness uses for this example (see check_cli.py): the
    /// example's own extensions, all of them for extensions.txt, smart punctuation for
    /// smart_punct.txt, raw HTML kept; no front matter, as cmark-gfm has none.
    var options: MarkdownParser.Options {
        var extensions = Set(tags.compactMap(MarkdownParser.Extension.init(rawValue:)))
        if file == "extensions.txt" { extensions.formUnion(MarkdownParser.Extension.allCases) }
        return MarkdownParser.Options(extensions: extensions, smartPunctuation: file == "smart_punct.txt",
                                      rawHTML: .keep, frontMatter: false)
    }

    static let files = ["spec.txt", "extensions.txt", "regression.txt", "smart_punct.txt"]

    /// `Tests/Fixtures/conformance` of the package (a copy of cmark-gfm's test files; its
    /// `SOURCE.md` says where from, under which licences).
    static let conformanceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/conformance")

    /// Every example of the four top-level files, without the disabled ones.
    static let all: [SpecExample] = files.flatMap { file in
        let text = (try? String(contentsOf: conformanceFolder.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return parse(text, file: file).filter { !$0.tags.contains("disabled") }
    }

    /// Reads the spec format: a fence of 32 backticks and ` example [tags]`, the Markdown, a
    /// line `.`, the HTML, a closing fence; `→` stands for a tab.
    static func parse(_ text: String, file: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        let opening = fence + " example"
        var examples: [SpecExample] = []
        var state = 0, number = 0
        var tags: [String] = [], markdown = "", html = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = index < lines.count - 1 ? raw + "\n" : String(raw)
            if line.isEmpty { continue }
            let stripped = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if stripped.hasPrefix(opening) {
                state = 1
                tags = stripped.dropFirst(opening.count).split(separator: " ").map(String.init)
                markdown = ""; html = ""
            } else if state != 0 && stripped == fence {
                number += 1
                examples.append(SpecExample(file: file, number: number, tags: tags,
                                            markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                                            html: html.replacingOccurrences(of: "→", with: "\t")))
                state = 0
            } else if state == 1 && stripped == "." {
                state = 2
            } else if state == 1 {
                markdown += line
            } else if state == 2 {
                html += line
            }
        }
        return examples
    }
}
