import SitegenMarkdown

/// What a page's front matter says of the files of its bundle, in Hugo's words:
///
/// ```yaml
/// resources:
///   - src: sunset.jpg
///     title: The sunset
///     params: {credit: Ann}
///   - src: "**.jpg"
///     title: "Photo :counter"
/// ```
///
/// Each entry's `src` is a pattern of paths in the bundle (`*` within a folder, `**` across
/// folders, `?` one character; letters in either case). For each file, each of `name`, `title`
/// and `params` comes from the first entry that matches it and gives that field. `:counter` in a
/// name or title is how many times that entry's name or title was given, from 1. A file no entry
/// names keeps its path in the bundle as its name, and its name as its title.
struct BundleResources {
    /// One entry of `resources`.
    private struct Entry {
        let pattern: [UInt8]
        let name: String?
        let title: String?
        let params: FrontMatter?
    }

    /// What the entries give one file.
    struct Described {
        let name: String
        let title: String
        let params: FrontMatter
    }

    private let entries: [Entry]

    /// The entries of `frontMatter`'s `resources`; those without a `src` are left out.
    init(frontMatter: FrontMatter) {
        entries = (frontMatter["resources"]?.list ?? []).compactMap { value in
            guard let entry = value.map, let source = entry["src"]?.string else { return nil }
            return Entry(pattern: Array(source.lowercased().utf8), name: entry["name"]?.string, title: entry["title"]?.string,
                         params: entry["params"]?.map)
        }
    }

    /// What the entries give each of the files at `paths` (in the bundle, in that order).
    func describe(_ paths: [String]) -> [Described] {
        var counters = [Int](repeating: 0, count: entries.count)
        return paths.map { path in
            let lowered = Array(path.lowercased().utf8)
            var name: String?, title: String?, params: FrontMatter?
            for (index, entry) in entries.enumerated() where Self.matches(entry.pattern[...], lowered[...]) {
                var counted = false
                func numbered(_ text: String) -> String {
                    if !counted {
                        counters[index] += 1
                        counted = true
                    }
                    return text.replacingOccurrences(of: ":counter", with: String(counters[index]))
                }
                if name == nil, let given = entry.name { name = numbered(given) }
                if title == nil, let given = entry.title { title = numbered(given) }
                if params == nil { params = entry.params }
            }
            let shownName = name ?? path
            return Described(name: shownName, title: title ?? shownName, params: params ?? .empty)
        }
    }

    /// Whether `path` matches `pattern`: `**` any characters, `*` any but `/`, `?` one but `/`.
    /// In time of the pattern's length times the path's (no backtracking a hostile pattern of
    /// many stars could make take years); a pattern or path over 1,024 bytes matches nothing.
    static func matches(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        guard pattern.count <= 1024, path.count <= 1024 else { return false }
        enum Token { case byte(UInt8), one, within, across }
        var tokens: [Token] = []
        var index = pattern.startIndex
        while index < pattern.endIndex {
            switch pattern[index] {
            case UInt8(ascii: "*"):
                let across = index + 1 < pattern.endIndex && pattern[index + 1] == UInt8(ascii: "*")
                tokens.append(across ? .across : .within)
                index += across ? 2 : 1
                continue
            case UInt8(ascii: "?"): tokens.append(.one)
            case let byte: tokens.append(.byte(byte))
            }
            index += 1
        }
        let bytes = Array(path)
        // `matched[j]`: whether the tokens so far match the path's first `j` bytes.
        var matched = [Bool](repeating: false, count: bytes.count + 1)
        matched[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: bytes.count + 1)
            for end in 0...bytes.count {
                switch token {
                case .byte(let byte): next[end] = end > 0 && matched[end - 1] && bytes[end - 1] == byte
                case .one: next[end] = end > 0 && matched[end - 1] && bytes[end - 1] != UInt8(ascii: "/")
                case .across: next[end] = matched[end] || (end > 0 && next[end - 1])
                case .within: next[end] = matched[end] || (end > 0 && next[end - 1] && bytes[end - 1] != UInt8(ascii: "/"))
                }
            }
            matched = next
        }
        return matched[bytes.count]
    }
}
