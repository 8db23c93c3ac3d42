import Foundation

/// The front matter of a Markdown document: an ordered map of typed values.
///
/// A document's front matter is a leading block between `---` lines (YAML), between `+++`
/// lines (TOML) or a leading JSON object; in YAML:
///
/// ```markdown
/// ---
/// title: Hello
/// date: 2026-01-05
/// tags: [swift, web]
/// ---
/// ```
///
/// Keys keep the order they have in the file, and front matter read from a file knows the
/// line of each key (``line(of:)``), for messages about its value.
public struct FrontMatter: Sendable, Hashable {
    /// The entries in file order.
    public private(set) var entries: [(key: String, value: FrontMatterValue)]
    /// Where each key's entry is, once there are ``indexedFrom`` entries or more: a page's few
    /// keys are found faster by comparing them than by hashing (measured in `sitegen build`,
    /// where a page's front matter is asked for some 30 keys).
    private var positions: [String: Int]
    private static let indexedFrom = 12
    /// The line of each top-level key in the file it was read from.
    private var keyLines: [String: Int] = [:]
    /// Top-level keys the file gave more than once (the last one counts, as Jekyll reads them).
    /// They take no part in equality.
    public package(set) var repeatedKeys: [String] = []

    /// Creates front matter from entries; a later entry with the same key replaces an
    /// earlier one in place.
    public init(_ entries: [(key: String, value: FrontMatterValue)] = []) {
        self.entries = []
        self.positions = [:]
        for entry in entries { self[entry.key] = entry.value }
    }

    /// Front matter read from a file, with the line of each key.
    package init(_ entries: [(key: String, value: FrontMatterValue)], lines: [String: Int]) {
        self.init(entries)
        keyLines = lines
    }

    /// An empty front matter.
    public static let empty = FrontMatter()

    /// Reads a YAML map (a configuration file, a data file) with the same typing rules as
    /// front matter. An empty text gives an empty map; a byte order mark first is left out
    /// (as for TOML and JSON).
    ///
    /// - Throws: ``MarkdownError`` with the line and column of the problem.
    public init(yaml: String) throws(MarkdownError) {
        self = try FrontMatterReader.parse(Self.withoutBOM(yaml), firstLine: 1, subject: "YAML")
    }

    /// Reads a TOML document (a `config.toml`, a data file) with the typing rules of front
    /// matter: TOML's dates and date-times become ``FrontMatterValue/date(_:)`` values (in UTC
    /// when they have no offset), tables become maps, and keys keep their order in the file.
    /// An empty text gives an empty map.
    ///
    /// - Throws: ``MarkdownError`` with the line (and column) of the problem.
    public init(toml: String) throws(MarkdownError) {
        self = try TOMLReader.parse(Self.withoutBOM(toml), firstLine: 1, subject: "TOML")
    }

    /// Reads a JSON document that holds one object (a `hugo.json`) with the typing rules of
    /// front matter: numbers without a fraction are integers, keys keep their order in the file.
    /// An empty text gives an empty map.
    ///
    /// - Throws: ``MarkdownError`` with the line and column of the problem.
    public init(json: String) throws(MarkdownError) {
        self = try JSONReader.parseDocument(String(Self.withoutBOM(json)))
    }

    /// A document's text without the byte order mark some editors write first.
    private static func withoutBOM(_ text: String) -> Substring {
        text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
    }

    /// The line of `key` in the file this front matter was read from (counted from the top of
    /// the file, so a Markdown file's `---` is line 1), or `nil` when the key is not there or
    /// the front matter was not read from a file. Lines take no part in equality.
    public func line(of key: String) -> Int? {
        keyLines[key]
    }

    /// The line of each top-level key that has one (``line(of:)``).
    package var lines: [String: Int] { keyLines }

    /// The keys in file order.
    public var keys: [String] { entries.map(\.key) }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value for a key, or `nil` when absent. Setting `nil` removes the key.
    public subscript(key: String) -> FrontMatterValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    positions = entries.count < Self.indexedFrom ? [:]
                        : Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
                    keyLines[key] = nil
                }
            } else if let newValue {
                entries.append((key, newValue))
                if entries.count == Self.indexedFrom {
                    positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
                } else if entries.count > Self.indexedFrom {
                    positions[key] = entries.count - 1
                }
            }
        }
    }

    /// The index of `key`'s entry.
    private func position(of key: String) -> Int? {
        entries.count < Self.indexedFrom ? entries.firstIndex { $0.key == key } : positions[key]
    }

    /// Two front matters are equal when they have the same entries in the same order.
    public static func == (lhs: FrontMatter, rhs: FrontMatter) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the entries in order.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// One typed value of the front matter, as YAML resolves it (TOML and JSON values map onto the same cases).
public indirect enum FrontMatterValue: Sendable, Hashable {
    /// A string, quoted or plain.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A YAML timestamp (`2026-01-05`, `2026-01-05T10:30:00Z`) or a TOML date or date-time.
    /// Dates without a time zone are taken as UTC.
    case date(Date)
    /// A sequence.
    case list([FrontMatterValue])
    /// A nested mapping.
    case map(FrontMatter)
    /// `null`, `~` or an empty value.
    case null

    /// Reads a YAML document (a map, a list or a single value), as a data file holds, with
    /// the typing rules of front matter.
    ///
    /// - Throws: ``MarkdownError`` with the line and column of the problem.
    public init(yaml: String) throws(MarkdownError) {
        self = try FrontMatterReader.parseValue(yaml.hasPrefix("\u{FEFF}") ? String(yaml.dropFirst()) : yaml)
    }

    /// The string, if this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an integer.
    public var int: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number, if this is an integer or a floating-point number.
    public var double: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }

    /// The Boolean, if this is a Boolean.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The date, if this is a timestamp, or text that reads as one: sites quote their dates
    /// (`date: "2013-06-07 21:02:13 +0200"`, as Jekyll writes them).
    public var date: Date? {
        switch self {
        case .date(let value): return value
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return PlainScalar.timestamp(trimmed) ?? ForeignDate.parse(trimmed)
        default: return nil
        }
    }

    /// The elements, if this is a list.
    public var list: [FrontMatterValue]? {
        if case .list(let value) = self { return value }
        return nil
    }

    /// The nested front matter, if this is a map.
    public var map: FrontMatter? {
        if case .map(let value) = self { return value }
        return nil
    }
}
