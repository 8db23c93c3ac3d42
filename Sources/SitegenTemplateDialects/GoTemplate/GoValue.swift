import Synchronization
import SitegenTemplates

/// Which of html/template's "safe" types a text carries: it is then written as it is in the
/// context that type is made for, and escaped in every other.
enum GoSafeKind: Sendable, Equatable {
    case html, htmlAttribute, url, css, javaScript
}

/// A value while a Go template runs: what ``TemplateValue`` holds plus what only templates make
/// (maps built by `dict`, texts marked safe, the shortcode itself as the dot, a scratch store).
///
/// Lists and maps carry their nesting depth, so building a value nested deeper than
/// ``Limits/dialectNesting`` fails at once instead of when it is printed or freed.
enum GoValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case safe(String, GoSafeKind)
    case list(GoList)
    case map(GoMap)
    /// An object from the site (the page, the site, a data file): read through its members.
    case object(any TemplateObject)
    /// The shortcode call, `$` and the dot at the start.
    case shortcode
    /// `.Store` or `.Scratch`: a map the template may write into while it runs.
    case store(GoStore)
}

/// A list with its nesting depth.
struct GoList: Sendable {
    let items: [GoValue]
    let depth: Int

    init(_ items: [GoValue]) {
        self.items = items
        depth = 1 + items.reduce(0) { max($0, $1.depth) }
    }
}

/// A map with its nesting depth; ranged over and printed in key order, as Go does.
struct GoMap: Sendable {
    let entries: [String: GoValue]
    let depth: Int

    init(_ entries: [String: GoValue]) {
        self.entries = entries
        depth = 1 + entries.values.reduce(0) { max($0, $1.depth) }
    }

    var sortedKeys: [String] { entries.keys.sorted() }
}

/// The map behind `.Store` and `.Scratch`, shared by the copies of the value that point at it.
final class GoStore: Sendable {
    private let storage = Mutex<[String: GoValue]>([:])

    var entries: [String: GoValue] {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

extension GoValue {
    /// How deeply lists and maps nest inside this value.
    var depth: Int {
        switch self {
        case .list(let list): list.depth
        case .map(let map): map.depth
        default: 0
        }
    }

    /// Go's truth: false, 0, nil and empty texts, lists and maps are false.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .text(let text), .safe(let text, _): !text.isEmpty
        case .list(let list): !list.items.isEmpty
        case .map(let map): !map.entries.isEmpty
        case .object, .shortcode, .store: true
        }
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A value from the site, converted one level at a time as templates reach into it.
    init(_ value: TemplateValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .text(let value): self = .text(value)
        case .list(let items): self = .list(GoList(items.map(GoValue.init)))
        case .object(let object): self = .object(object)
        }
    }

    /// The text of a text, safe or not, or `nil` for anything else.
    var textValue: String? {
        switch self {
        case .text(let text), .safe(let text, _): text
        default: nil
        }
    }

    /// A name for the kind of value, for error messages.
    var kindName: String {
        switch self {
        case .null: "nil"
        case .bool: "a bool"
        case .int: "an int"
        case .double: "a float"
        case .text, .safe: "a string"
        case .list: "a list"
        case .map: "a map"
        case .object: "an object"
        case .shortcode: "the shortcode"
        case .store: "a store"
        }
    }
}
