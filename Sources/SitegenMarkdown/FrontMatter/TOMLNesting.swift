import SitegenLimits

/// How deep a TOML text nests its values, found by one pass over its bytes before toml++ sees
/// it: toml++ builds a table per part of a dotted key or table header (`a.b.c = 1` is three
/// levels) with no bound of its own, and ten thousand parts in a 20 KB file crashed the
/// process. Each table header, dotted key, inline table and array adds its levels; strings and
/// comments are skipped. The count may be a little high for odd texts (never low), which only
/// matters at ``Limits/frontMatterDepth``, far above any real file.
enum TOMLNesting {
    /// Throws when any value of `toml` sits deeper than `limit` levels.
    static func check(_ toml: Substring, firstLine: Int, subject: String,
                      limit: Int = Limits.frontMatterDepth) throws(MarkdownError) {
        var scanner = Scanner(bytes: toml.utf8, limit: limit)
        if let line = scanner.lineOverLimit() {
            throw MarkdownError(line: firstLine + line - 1,
                                message: "\(subject): values are nested more than \(limit) levels deep "
                                + "(each part of a dotted key or [table.header] is a level)")
        }
    }

    private struct Scanner {
        let bytes: Substring.UTF8View
        let limit: Int
        /// The levels of the current `[table]` or `[[array.of.tables]]`.
        private var tableDepth = 0
        /// The level of each open `[` or `{` of a value.
        private var open: [(byte: UInt8, depth: Int)] = []
        /// Parts of the key being read, when a key is being read.
        private var keyParts = 0
        private var readingKey = true
        /// Parts of the key whose value is being read.
        private var pendingKeyParts = 0
        private var line = 1
        private var lineIsBlank = true

        init(bytes: Substring.UTF8View, limit: Int) {
            self.bytes = bytes
            self.limit = limit
        }

        /// The line where a value goes deeper than the limit, if one does.
        mutating func lineOverLimit() -> Int? {
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    lineIsBlank = true
                    if open.isEmpty { startKey() }
                case UInt8(ascii: "#"):
                    index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
                    continue
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if readingKey { keyParts = max(keyParts, 1) }
                    index = endOfString(at: index)
                    lineIsBlank = false
                    continue
                case UInt8(ascii: "."):
                    if readingKey { keyParts += 1 }
                case UInt8(ascii: "="):
                    readingKey = false
                    pendingKeyParts = max(keyParts, 1)
                    if currentDepth + pendingKeyParts > limit { return line }
                case UInt8(ascii: "["):
                    if open.isEmpty && readingKey && lineIsBlank {
                        // A table header: its parts are the levels of the keys below it.
                        let isArray = bytes.index(after: index) < bytes.endIndex && bytes[bytes.index(after: index)] == byte
                        keyParts = 1
                        var probe = bytes.index(index, offsetBy: isArray ? 2 : 1)
                        while probe < bytes.endIndex, bytes[probe] != UInt8(ascii: "]"), bytes[probe] != UInt8(ascii: "\n") {
                            if bytes[probe] == UInt8(ascii: "\"") || bytes[probe] == UInt8(ascii: "'") {
                                probe = endOfString(at: probe)
                                continue
                            }
                            if bytes[probe] == UInt8(ascii: ".") { keyParts += 1 }
                            probe = bytes.index(after: probe)
                        }
                        // An array of tables nests a table in an array at each part (`[[a]]`,
                        // `[[a.a]]`…): two levels a part keep the count from being low.
                        tableDepth = isArray ? 2 * keyParts : keyParts
                        if tableDepth > limit { return line }
                        startKey()
                        index = probe
                        lineIsBlank = false
                        continue
                    }
                    fallthrough
                case UInt8(ascii: "{"):
                    let depth = valueDepth
                    if depth > limit { return line }
                    open.append((byte, depth))
                    if byte == UInt8(ascii: "{") { startKey() }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    _ = open.popLast()
                case UInt8(ascii: ","):
                    if open.last?.byte == UInt8(ascii: "{") { startKey() }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    break
                default:
                    if readingKey { keyParts = max(keyParts, 1) }
                }
                if byte != UInt8(ascii: "\n") && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { lineIsBlank = false }
                index = bytes.index(after: index)
            }
            return nil
        }

        /// The level keys are read at: the innermost inline table's, else the table's.
        private var currentDepth: Int { open.last?.depth ?? tableDepth }

        /// The level a value being read sits at: below its key, or as an item of an array.
        private var valueDepth: Int {
            if let last = open.last, last.byte == UInt8(ascii: "[") { return last.depth + 1 }
            return currentDepth + pendingKeyParts
        }

        private mutating func startKey() {
            readingKey = true
            keyParts = 0
        }

        /// The index after the string that opens at `start` (basic, literal or multi-line);
        /// lines inside it are counted.
        private mutating func endOfString(at start: Substring.UTF8View.Index) -> Substring.UTF8View.Index {
            let quote = bytes[start]
            let rest = bytes[start...]
            let multiLine = rest.starts(with: [quote, quote, quote])
            var index = bytes.index(start, offsetBy: multiLine ? 3 : 1)
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    index = bytes.index(after: index)
                    if index < bytes.endIndex {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index = bytes.index(after: index)
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    guard multiLine else { return index }
                    line += 1
                }
                if byte == quote {
                    if !multiLine { return bytes.index(after: index) }
                    if bytes[index...].starts(with: [quote, quote, quote]) { return bytes.index(index, offsetBy: 3) }
                }
                index = bytes.index(after: index)
            }
            return index
        }
    }
}
