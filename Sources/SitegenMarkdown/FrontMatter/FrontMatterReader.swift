import Foundation
import Yams

/// Finds the leading YAML block of a Markdown document and turns it into ``FrontMatter``.
/// The only file that talks to Yams.
enum FrontMatterReader {
    /// A document cut into its front matter and its Markdown body.
    struct Split {
        /// The YAML between the fences, or `nil` when the document has no front matter.
        var yaml: Substring?
        /// The Markdown after the closing fence (the whole text when there is no front matter).
        var body: Substring
        /// How many lines of the file come before the body.
        var bodyLineOffset: Int
    }

    /// Splits off a front matter block: a first line `---`, then YAML, then a line `---` or
    /// `...`. A first `---` with no closing line is Markdown (a thematic break), not front matter.
    static func split(_ text: String) -> Split {
        let noFrontMatter = Split(yaml: nil, body: text[...], bodyLineOffset: 0)
        var lines = text.utf8[...]
        if lines.starts(with: [0xEF, 0xBB, 0xBF]) { lines = lines.dropFirst(3) }
        guard let first = nextLine(&lines), isFence(first, closing: false) else { return noFrontMatter }
        let yamlStart = lines.startIndex
        var lineCount = 1
        while let line = nextLine(&lines) {
            lineCount += 1
            if isFence(line, closing: true) {
                let yaml = text[yamlStart..<line.startIndex]
                return Split(yaml: yaml, body: text[lines.startIndex...], bodyLineOffset: lineCount)
            }
        }
        return noFrontMatter
    }

    /// Parses the YAML of a front matter block whose first line is line `firstLine` of the file.
    static func parse(_ yaml: Substring, firstLine: Int) throws(MarkdownError) -> FrontMatter {
        let root: Node?
        do {
            root = try Yams.compose(yaml: String(yaml), .basic)
        } catch let error as YamlError {
            throw markdownError(error, firstLine: firstLine)
        } catch {
            throw MarkdownError(line: firstLine, message: "front matter: \(error)")
        }
        guard let root else { return .empty }
        guard case .mapping(let mapping) = root else {
            throw MarkdownError(
                line: firstLine + (root.mark?.line ?? 1) - 1, column: root.mark?.column,
                message: "front matter must be a map of keys to values, like `title: Hello`")
        }
        return frontMatter(mapping)
    }

    /// Parses any YAML document (a map, a list or a scalar) of a data file.
    static func parseValue(_ yaml: String) throws(MarkdownError) -> FrontMatterValue {
        do {
            guard let root = try Yams.compose(yaml: yaml, .basic) else { return .null }
            return value(root)
        } catch let error as YamlError {
            throw markdownError(error, firstLine: 1)
        } catch {
            throw MarkdownError(line: 1, message: "YAML: \(error)")
        }
    }

    private static func frontMatter(_ mapping: Node.Mapping) -> FrontMatter {
        FrontMatter(mapping.map { pair in (key: pair.key.string ?? "\(pair.key.any)", value: value(pair.value)) })
    }

    private static func value(_ node: Node) -> FrontMatterValue {
        switch node {
        case .mapping(let mapping):
            return .map(frontMatter(mapping))
        case .sequence(let sequence):
            return .list(sequence.map(value))
        case .alias:
            return .null
        case .scalar(let scalar):
            return scalar.style == .plain ? PlainScalar.value(of: scalar.string) : .string(scalar.string)
        }
    }

    private static func markdownError(_ error: YamlError, firstLine: Int) -> MarkdownError {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> MarkdownError {
            var message = "front matter: " + problem
            if let context { message += " " + context.text }
            return MarkdownError(line: firstLine + mark.line - 1, column: mark.column, message: message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        default:
            return MarkdownError(line: firstLine, message: "front matter: \(error)")
        }
    }

    /// Takes the next line (without its line ending) off the front of `rest`.
    private static func nextLine(_ rest: inout Substring.UTF8View) -> Substring.UTF8View? {
        guard !rest.isEmpty else { return nil }
        if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            var line = rest[..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            rest = rest[rest.index(after: newline)...]
            return line
        }
        let line = rest
        rest = rest[rest.endIndex...]
        return line
    }

    private static func isFence(_ line: Substring.UTF8View, closing: Bool) -> Bool {
        var content = line
        while content.last == UInt8(ascii: " ") || content.last == UInt8(ascii: "\t") { content = content.dropLast() }
        return content.elementsEqual("---".utf8) || (closing && content.elementsEqual("...".utf8))
    }
}
