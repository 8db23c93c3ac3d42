import CYaml
import Foundation
import Yams
import SitegenLimits

/// Turns YAML (a front matter block between `---` lines, found by ``FrontMatterBlock``, or a
/// whole file) into ``FrontMatter``. The only file that talks to Yams (and to libyaml, the C
/// parser inside it).
enum FrontMatterReader {
    /// Aliases may repeat at most this many values in all: YAML's `&anchor` and `*alias` let
    /// 600 bytes stand for billions of values ("billion laughs"), which would take all memory.
    static let maximumAliasValues = Limits.aliasValues
    /// Values nested deeper than this (aliases included) are refused, as libyaml does for the
    /// text itself: reading them goes one level of recursion per level of nesting.
    static let maximumDepth = Limits.frontMatterDepth
    /// Front matter (and `FrontMatter(yaml:)`) longer than this is refused: it is read whole
    /// into memory, at about twenty times its size.
    static let maximumFrontMatterBytes = Limits.frontMatterBytes

    /// Parses the YAML of a front matter block whose first line is line `firstLine` of the file;
    /// `subject` starts error messages (`front matter`, or `YAML` for a whole file).
    /// `readsFlatYAML`: whether ``FlatYAMLReader`` reads what it can before Yams is asked
    /// (off only in the test that compares the two).
    static func parse(_ yaml: Substring, firstLine: Int, subject: String = "front matter",
                      readsFlatYAML: Bool = true) throws(MarkdownError) -> FrontMatter {
        guard yaml.utf8.count <= maximumFrontMatterBytes else {
            throw MarkdownError(line: firstLine, message: "\(subject): \(LimitWording.size(yaml.utf8.count)) is too long; "
                                + "it may be at most \(LimitWording.size(maximumFrontMatterBytes))")
        }
        if readsFlatYAML, let flat = FlatYAMLReader.parse(yaml, firstLine: firstLine) { return flat }
        let text = String(yaml)
        try checkAliases(text, firstLine: firstLine, subject: subject)
        var root: Node?
        var repeated: [String] = []
        do {
            root = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            // A top-level key given twice: the last one counts, as Jekyll and Hugo read it.
            do {
                root = try Yams.compose(yaml: keepingLastOf(duplicates, in: text), .basic, .default, .utf8)
                repeated = duplicates
            } catch let error as YamlError {
                throw markdownError(error, firstLine: firstLine, subject: subject)
            } catch {
                throw markdownError(.duplicatedKeysInMapping(duplicates: duplicates, context: context), firstLine: firstLine,
                                    subject: subject)
            }
        } catch let error as YamlError {
            throw markdownError(error, firstLine: firstLine, subject: subject)
        } catch {
            throw MarkdownError(line: firstLine, message: "\(subject): \(error)")
        }
        guard let root else { return .empty }
        guard case .mapping(let mapping) = root else {
            throw MarkdownError(
                line: firstLine + (root.mark?.line ?? 1) - 1, column: root.mark?.column,
                message: "\(subject) must be a map of keys to values, like `title: Hello`")
        }
        var result = frontMatter(mapping, firstLine: firstLine)
        result.repeatedKeys = repeated
        return result
    }

    /// `yaml` with each earlier top-level entry of the `keys` blanked out (its lines kept as
    /// empty lines, so that every line number stays): only the last of each remains.
    private static func keepingLastOf(_ keys: [String], in yaml: String) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// The top-level key a line starts, if any.
        func key(of line: String) -> String? {
            guard let first = line.first, first != " ", first != "\t", first != "#", first != "-",
                  let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
        }
        var starts: [String: [Int]] = [:]
        for (index, line) in lines.enumerated() {
            if let key = key(of: line), keys.contains(key) { starts[key, default: []].append(index) }
        }
        for indices in starts.values {
            for start in indices.dropLast() {
                lines[start] = ""
                var index = start + 1
                while index < lines.count, lines[index].isEmpty || lines[index].first == " " || lines[index].first == "\t" {
                    lines[index] = ""
                    index += 1
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Parses any YAML document (a map, a list or a scalar) of a data file.
    static func parseValue(_ yaml: String) throws(MarkdownError) -> FrontMatterValue {
        try checkAliases(yaml, firstLine: 1, subject: "YAML")
        do {
            guard let root = try Yams.compose(yaml: yaml, .basic) else { return .null }
            return value(root)
        } catch let error as YamlError {
            throw markdownError(error, firstLine: 1, subject: "YAML")
        } catch {
            throw MarkdownError(line: 1, message: "YAML: \(error)")
        }
    }

    /// The map, with the line of each top-level key (counted from the top of the file).
    private static func frontMatter(_ mapping: Node.Mapping, firstLine: Int? = nil) -> FrontMatter {
        var lines: [String: Int] = [:]
        let entries = mapping.map { pair in
            let key = pair.key.string ?? "\(pair.key.any)"
            if let firstLine, let mark = pair.key.mark { lines[key] = firstLine + mark.line - 1 }
            return (key: key, value: value(pair.value))
        }
        return FrontMatter(entries, lines: lines)
    }

    /// Refuses YAML whose aliases would repeat more than ``maximumAliasValues`` values or nest
    /// deeper than ``maximumDepth``, before Yams builds anything: Yams shares an anchored node
    /// among its aliases, but turning it into values, and even comparing keys that are aliases,
    /// goes through every repetition. One pass over libyaml's events, counting what each anchor
    /// holds; text without a `*` has no alias and is not looked at. A syntax error ends the
    /// count, for Yams to report.
    private static func checkAliases(_ yaml: String, firstLine: Int, subject: String) throws(MarkdownError) {
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return }
        var text = yaml
        let problem: MarkdownError? = text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            /// An open sequence or mapping: its anchor, how many values it holds with aliases
            /// expanded, and how deep they nest.
            struct Open {
                var anchor: String?
                var count = 1
                var height = 0
            }
            var open: [Open] = []
            var anchors: [String: (count: Int, height: Int)] = [:]
            var repeated = 0
            func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                anchor.map { String(cString: $0) }
            }
            func add(count: Int, height: Int) {
                guard !open.isEmpty else { return }
                open[open.count - 1].count += count
                open[open.count - 1].height = max(open[open.count - 1].height, height + 1)
            }
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = (1, 0) }
                    add(count: 1, height: 0)
                case YAML_SEQUENCE_START_EVENT:
                    open.append(Open(anchor: name(event.data.sequence_start.anchor)))
                case YAML_MAPPING_START_EVENT:
                    open.append(Open(anchor: name(event.data.mapping_start.anchor)))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { continue }
                    if let anchor = closed.anchor { anchors[anchor] = (closed.count, closed.height) }
                    add(count: closed.count, height: closed.height)
                case YAML_ALIAS_EVENT:
                    guard let alias = name(event.data.alias.anchor), let anchored = anchors[alias] else { continue }
                    let line = firstLine + Int(event.start_mark.line)
                    let column = Int(event.start_mark.column) + 1
                    repeated += anchored.count
                    if repeated > maximumAliasValues {
                        return MarkdownError(line: line, column: column, message: "\(subject): the alias *\(alias) makes the aliases "
                                             + "repeat more than \(maximumAliasValues) values; repeat less, or write the values out")
                    }
                    if open.count + anchored.height + 1 > maximumDepth {
                        return MarkdownError(line: line, column: column, message: "\(subject): the alias *\(alias) nests values "
                                             + "more than \(maximumDepth) levels deep")
                    }
                    add(count: anchored.count, height: anchored.height)
                default:
                    continue
                }
            }
            return nil
        }
        if let problem { throw problem }
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

    private static func markdownError(_ error: YamlError, firstLine: Int, subject: String) -> MarkdownError {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> MarkdownError {
            if problem.hasPrefix("Maximum nesting level reached") {
                // libyaml's words name its C function.
                return MarkdownError(line: firstLine + mark.line - 1, column: mark.column,
                                     message: "\(subject): values are nested more than \(maximumDepth) levels deep")
            }
            var message = "\(subject): " + problem
            if let context { message += " " + context.text }
            return MarkdownError(line: firstLine + mark.line - 1, column: mark.column, message: message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        default:
            return MarkdownError(line: firstLine, message: "\(subject): \(error)")
        }
    }
}
