import SitegenLimits
import Foundation
import TOMLKit

/// Turns TOML (a front matter block between `+++` lines, or a whole `config.toml`) into
/// ``FrontMatter``. The only file that talks to TOMLKit (and toml++, the C++ parser inside it).
///
/// TOML's types map onto front matter's as YAML's do: offset date-times, local date-times and
/// local dates become ``FrontMatterValue/date(_:)`` (without an offset, in UTC, as YAML's
/// timestamps), a local time becomes its text (`07:32:00`), tables become maps and arrays
/// lists. toml++ keeps a table's keys sorted by name; the keys are put back in file order.
enum TOMLReader {
    /// Parses TOML whose first line is line `firstLine` of the file; `subject` starts error
    /// messages (`TOML front matter`, or `TOML` for a whole file).
    static func parse(_ toml: Substring, firstLine: Int, subject: String = "TOML front matter") throws(MarkdownError) -> FrontMatter {
        guard toml.utf8.count <= FrontMatterReader.maximumFrontMatterBytes else {
            throw MarkdownError(line: firstLine, message: "\(subject): \(LimitWording.size(toml.utf8.count)) is too long; "
                                + "it may be at most \(LimitWording.size(FrontMatterReader.maximumFrontMatterBytes))")
        }
        // toml++ reads a C string: a NUL would end the text early instead of being refused.
        if let nul = toml.utf8.firstIndex(of: 0) {
            let before = toml[..<nul]
            let lineStart = before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex
            throw MarkdownError(line: firstLine + before.utf8.count { $0 == UInt8(ascii: "\n") },
                                column: before[lineStart...].unicodeScalars.count + 1,
                                message: "\(subject): a NUL character is not allowed in TOML")
        }
        try TOMLNesting.check(toml, firstLine: firstLine, subject: subject)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: String(toml))
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw MarkdownError(line: firstLine + max(position.line, 1) - 1, column: position.column > 0 ? position.column : nil,
                                message: "\(subject): \(error.description)")
        } catch {
            throw MarkdownError(line: firstLine, message: "\(subject): \(error)")
        }
        // TOMLKit never frees a parsed table; emptying it frees its values.
        defer { table.clear() }
        return frontMatter(table, node: KeyLines.root, lines: KeyLines(toml), firstLine: firstLine)
    }

    /// A table's entries, in the order their keys appear in the file, each key with its line
    /// (nested tables' keys too). `node`: the table's place among the keys ``KeyLines`` found,
    /// if it found it.
    private static func frontMatter(_ table: TOMLTable, node: Int?, lines: KeyLines, firstLine: Int) -> FrontMatter {
        let keyed = table.keys.map { key in (key: key, node: node.flatMap { lines.node(key, under: $0) }) }
        let ordered = keyed.enumerated().sorted { first, second in
            let a = first.element.node.map(lines.line) ?? Int.max
            let b = second.element.node.map(lines.line) ?? Int.max
            return (a, first.offset) < (b, second.offset)
        }
        var keyLines: [String: Int] = [:]
        for (_, entry) in ordered {
            if let line = entry.node.map(lines.line) { keyLines[entry.key] = firstLine + line - 1 }
        }
        return FrontMatter(ordered.compactMap { _, entry in
            table[entry.key].map { (key: entry.key, value: value($0, node: entry.node, lines: lines, firstLine: firstLine)) }
        }, lines: keyLines)
    }

    private static func value(_ item: TOMLValueConvertible, node: Int?, lines: KeyLines, firstLine: Int) -> FrontMatterValue {
        switch item.type {
        case .string: return .string(item.string ?? "")
        case .int: return item.int.map(FrontMatterValue.int) ?? .null
        case .double: return item.double.map(FrontMatterValue.double) ?? .null
        case .bool: return item.bool.map(FrontMatterValue.bool) ?? .null
        case .date:
            guard let date = item.date else { return .null }
            return Self.date(year: date.year, month: date.month, day: date.day).map(FrontMatterValue.date) ?? .null
        case .dateTime:
            guard let dateTime = item.dateTime else { return .null }
            let time = dateTime.time
            return Self.date(year: dateTime.date.year, month: dateTime.date.month, day: dateTime.date.day,
                             hour: time.hour, minute: time.minute, second: time.second, nanosecond: time.nanoSecond,
                             offsetMinutes: dateTime.offset?.offset ?? 0).map(FrontMatterValue.date) ?? .null
        case .time:
            guard let time = item.time else { return .null }
            var text = String(format: "%02d:%02d:%02d", time.hour, time.minute, time.second)
            if time.nanoSecond > 0 {
                var fraction = String(format: "%09d", time.nanoSecond)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
            return .string(text)
        case .table:
            return item.table.map { .map(frontMatter($0, node: node, lines: lines, firstLine: firstLine)) } ?? .null
        case .array:
            guard let array = item.array else { return .null }
            return .list(array.map { Self.value($0, node: node, lines: lines, firstLine: firstLine) })
        }
    }

    /// A TOML date and time as a point in time; without an offset, in UTC.
    private static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                             nanosecond: Int = 0, offsetMinutes: Int = 0) -> Date? {
        let fields = PlainScalar.TimestampFields(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                                 nanosecond: nanosecond, offset: offsetMinutes * 60)
        if let date = fields.arithmeticDate { return date }
        guard let zone = TimeZone(secondsFromGMT: offsetMinutes * 60) else { return nil }
        let components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: zone, year: year, month: month,
                                        day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        return components.date
    }

    /// The line where each key first appears, found by a light scan of the text (toml++ does not
    /// say): `key = …` lines under the current `[table]` header, dotted keys, and headers
    /// themselves. Lines inside multi-line strings and arrays are skipped. It serves the order of
    /// keys and the lines of messages, so a key it misses only comes last. Keys are kept as a
    /// tree of nodes (a key under its table's node), so a key of many parts costs its length,
    /// not its length squared.
    private struct KeyLines {
        /// The node of the document itself.
        static let root = 0
        private struct Step: Hashable {
            let parent: Int
            let key: String
        }
        private var nodes: [Step: Int] = [:]
        /// The line of each node, by node.
        private var lines: [Int] = [0]

        init(_ text: Substring) {
            var table = Self.root
            var openString: String?
            var depth = 0
            var number = 0
            // `\r\n` is one Character: a file with Windows line ends is split at it too.
            for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                number += 1
                var line = rawLine[...]
                if let delimiter = openString {
                    guard let end = line.range(of: delimiter) else { continue }
                    openString = nil
                    line = line[end.upperBound...]
                    depth += Self.bracketBalance(line, openString: &openString)
                    continue
                }
                if depth > 0 {
                    depth += Self.bracketBalance(line, openString: &openString)
                    continue
                }
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("[") {
                    let isArray = trimmed.hasPrefix("[[")
                    let inside = trimmed.dropFirst(isArray ? 2 : 1)
                    let (keys, _) = Self.dottedKey(inside)
                    guard !keys.isEmpty else { continue }
                    table = record(keys, under: Self.root, number)
                    continue
                }
                let (keys, rest) = Self.dottedKey(trimmed)
                guard !keys.isEmpty, rest.first == "=" else { continue }
                record(keys, under: table, number)
                depth += Self.bracketBalance(rest.dropFirst(), openString: &openString)
            }
        }

        /// The node of `key` in the table of node `parent`, if the scan found it.
        func node(_ key: String, under parent: Int) -> Int? {
            nodes[Step(parent: parent, key: key)]
        }

        /// The line where the key of `node` first appears.
        func line(_ node: Int) -> Int {
            lines[node]
        }

        /// Records `keys` below `parent` on `line` where they are new; returns the last one's node.
        @discardableResult
        private mutating func record(_ keys: [String], under parent: Int, _ line: Int) -> Int {
            var node = parent
            for key in keys {
                let step = Step(parent: node, key: key)
                if let known = nodes[step] {
                    node = known
                } else {
                    nodes[step] = lines.count
                    node = lines.count
                    lines.append(line)
                }
            }
            return node
        }

        /// The keys of `a.b."c d"` at the start of `text`, and the text after them (spaces skipped).
        private static func dottedKey(_ text: Substring) -> ([String], Substring) {
            var keys: [String] = []
            var rest = text
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    guard let end = rest.dropFirst().firstIndex(of: quote) else { return ([], rest) }
                    keys.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                    rest = rest[rest.index(after: end)...]
                } else {
                    let bare = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                    guard !bare.isEmpty else { return ([], rest) }
                    keys.append(String(bare))
                    rest = rest[bare.endIndex...]
                }
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == "." else { return (keys, rest) }
                rest = rest.dropFirst()
            }
        }

        /// How many more `[` than `]` a value's text opens, outside strings and comments; a
        /// multi-line string left open is put in `openString`.
        private static func bracketBalance(_ text: Substring, openString: inout String?) -> Int {
            var balance = 0
            var rest = text
            while let character = rest.first {
                if rest.hasPrefix("\"\"\"") || rest.hasPrefix("'''") {
                    let delimiter = String(rest.prefix(3))
                    rest = rest.dropFirst(3)
                    guard let end = rest.range(of: delimiter) else {
                        openString = delimiter
                        return balance
                    }
                    rest = rest[end.upperBound...]
                    continue
                }
                rest = rest.dropFirst()
                switch character {
                case "\"", "'":
                    while let next = rest.first, next != character {
                        rest = rest.dropFirst(next == "\\" && character == "\"" ? 2 : 1)
                    }
                    rest = rest.dropFirst()
                case "#": return balance
                case "[", "{": balance += 1
                case "]", "}": balance -= 1
                default: break
                }
            }
            return balance
        }
    }
}
