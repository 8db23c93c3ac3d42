import Foundation
import SitegenMarkdown

/// The image a share preview shows of a page (`page.image`, `og:image`): the one its front
/// matter names, else the first image of its text, as an absolute URL.
///
/// Front matter names an image the way each generator's themes read it; a relative one is the
/// page's own file when the page is a bundle (its files are published beside it), else a path
/// from the site's base, as Hugo's `absURL`, Zola's `get_url` and Jekyll's `absolute_url` read
/// it. An image of the text is where the browser finds it from the page.
enum ShareImage {
    /// The front matter keys that name the image, in the order they are looked at: sitegen's,
    /// Hugo's `images` list, PaperMod's `cover` (or `cover.image`), Ananke's `featured_image`.
    static let keys = ["image", "images", "cover", "featured_image", "og_image"]

    /// Where a written image URL is resolved from, all percent-encoded and without a trailing
    /// slash but for `folder`.
    struct Base {
        /// `https://example.org`.
        let origin: String
        /// `/blog` for `https://example.org/blog/`, else empty.
        let basePath: String
        /// The folder of the page's URL inside the site, with slashes at both ends (`/posts/trip/`).
        let folder: String
    }

    /// The image the front matter names: the first of ``keys`` with text in it (a list's first
    /// entry, the `image` of a table).
    static func named(in frontMatter: FrontMatter) -> String? {
        for key in keys {
            if let found = frontMatter[key].flatMap(text) { return found }
        }
        return nil
    }

    private static func text(_ value: FrontMatterValue) -> String? {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        case .list(let entries): return entries.first.flatMap(text)
        case .map(let table): return (table["image"] ?? table["src"] ?? table["url"]).flatMap(text)
        default: return nil
        }
    }

    /// A front matter image as an absolute URL: `https://…` as written, `/x.png` from the site's
    /// base, `x.png` from the page's folder when `isBundle`, else from the site's base; `nil`
    /// for another scheme (`data:`), a path that climbs above the site, or any path when the
    /// site has no absolute base (`base` is `nil`).
    static func absolute(named written: String, isBundle: Bool, from base: Base?) -> String? {
        if let url = absolute(written, scheme: base?.origin) { return url }
        guard let base, !hasScheme(written) else { return nil }
        let folder = written.hasPrefix("/") || !isBundle ? "/" : base.folder
        return resolved(written, in: folder).map { base.origin + base.basePath + $0 }
    }

    /// The first image of a page's HTML as an absolute URL, resolved from the page as a
    /// browser resolves it. Passed over: images whose `src` has another scheme (`data:`), SVG
    /// images and badges, which share previews do not show, and paths when the site has no
    /// absolute base (`base` is `nil`).
    static func first(inHTML html: String, from base: Base?) -> String? {
        var html = html
        // Most pages' first image is their image: the rest of the page is read only when it is
        // not. (Without a base, only an absolute URL is one: the page is read once, whole.)
        let tagEnds = html.withUTF8 { imageTagEnds(in: $0, limit: base == nil ? 16 : 1) }
        let found = image(after: tagEnds, in: html, from: base)
        guard found == nil, tagEnds.count == 1, base != nil else { return found }
        return image(after: Array(html.withUTF8 { imageTagEnds(in: $0, limit: 16) }.dropFirst()), in: html, from: base)
    }

    /// The first of the `<img` tags ending at `tagEnds` that names an image of the page's (see ``first(inHTML:from:)``).
    private static func image(after tagEnds: [Int], in html: String, from base: Base?) -> String? {
        for offset in tagEnds {
            let rest = html[html.utf8.index(html.utf8.startIndex, offsetBy: offset)...]
            guard let source = source(inTagAfter: rest), !isVector(source) else { continue }
            if let url = absolute(source, scheme: base?.origin) { return url }
            guard let base, !hasScheme(source) else { continue }
            let url = source.hasPrefix("/") ? resolved(source, in: "/") : resolved(source, in: base.basePath + base.folder)
            if let url { return base.origin + url }
        }
        return nil
    }

    /// Where the name of each `<img` tag (in any case) ends, in order (at most `limit`: a page's
    /// image is among its first). Passed over as a browser passes over them: comments, the
    /// text of `script`, `style`, `textarea` and `template` elements, and other tags with their
    /// attribute values (`<a title="<img …>">`). One pass over the bytes, `memchr` between tags.
    private static func imageTagEnds(in html: UnsafeBufferPointer<UInt8>, limit: Int) -> [Int] {
        guard let base = html.baseAddress else { return [] }
        let count = html.count
        func starts(with word: StaticString, at index: Int) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= count else { return false }
            for offset in 0..<length where html[index + offset] | 0x20 != word.utf8Start[offset] | 0x20 { return false }
            return true
        }
        func skip(past word: StaticString, from index: Int) -> Int {
            var index = index
            while let hit = memchr(base + index, Int32(word.utf8Start[0]), count - index) {
                let found = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                if starts(with: word, at: found) { return found + word.utf8CodeUnitCount }
                index = found + 1
            }
            return count
        }
        let rawTextElements: [(name: StaticString, end: StaticString)] = [
            ("script", "</script"), ("style", "</style"), ("textarea", "</textarea"), ("template", "</template"),
        ]
        // Most pages have no image: look for `<img` in any case before reading tags one by one
        // (highlighted code holds thousands of `<span>`s).
        var from = 0, holdsImage = false
        while let opening = HTMLScan.firstTagOffset(startingWith: UInt8(ascii: "i"), in: html, from: from) {
            if starts(with: "img", at: opening + 1) {
                holdsImage = true
                break
            }
            from = opening + 1
        }
        guard holdsImage else { return [] }
        var ends: [Int] = []
        var position = 0
        while ends.count < limit, position < count, let hit = memchr(base + position, Int32(UInt8(ascii: "<")), count - position) {
            let name = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base + 1
            guard name < count else { break }
            switch html[name] | 0x20 {
            case UInt8(ascii: "i") where starts(with: "img", at: name):
                ends.append(name + 3)
                position = name + 3
                continue
            case UInt8(ascii: "!") where starts(with: "!--", at: name):
                position = skip(past: "-->", from: name + 3)
                continue
            case UInt8(ascii: "s"), UInt8(ascii: "t"):
                if let element = rawTextElements.first(where: { starts(with: $0.name, at: name) }) {
                    position = skip(past: element.end, from: name)
                    continue
                }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!"):
                break
            default:
                // A `<` that opens no tag (`a < b` in raw HTML) is text.
                position = name
                continue
            }
            // Any other tag: to its `>` (one pass over a short tag costs less than a `memchr`
            // for each of `>`, `"` and `'`).
            position = (HTMLScan.tagEnd(in: html, from: name) ?? count) + 1
        }
        return ends
    }

    /// The `src` of the tag whose name `<img` ended just before `rest`, character references
    /// decoded; `nil` when the name goes on (`<imgx`) or the tag has no `src`.
    private static func source(inTagAfter rest: Substring) -> String? {
        let bytes = rest.utf8
        guard let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\t")
            || first == UInt8(ascii: "\r") || first == UInt8(ascii: "/") else { return nil }
        var index = bytes.startIndex
        var quote: UInt8?
        var previous = first
        while index < bytes.endIndex {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: ">") {
                return nil
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if HTMLScan.isSpace(previous), byte == UInt8(ascii: "s") || byte == UInt8(ascii: "S"),
                      let value = attributeValue(named: "src", at: index, in: rest) {
                return decoded(value)
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return nil
    }

    /// The value of the attribute `name` when it starts at `index` (`src="x"`, `src='x'`, `src=x`).
    private static func attributeValue(named name: String, at index: String.Index, in text: Substring) -> Substring? {
        let bytes = text.utf8
        var position = index
        for expected in name.utf8 {
            guard position < bytes.endIndex, bytes[position] | 0x20 == expected else { return nil }
            position = bytes.index(after: position)
        }
        while position < bytes.endIndex, HTMLScan.isSpace(bytes[position]) { position = bytes.index(after: position) }
        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "=") else { return nil }
        position = bytes.index(after: position)
        while position < bytes.endIndex, HTMLScan.isSpace(bytes[position]) { position = bytes.index(after: position) }
        guard position < bytes.endIndex else { return nil }
        let opening = bytes[position]
        if opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "'") {
            let start = bytes.index(after: position)
            guard let end = bytes[start...].firstIndex(of: opening) else { return nil }
            return text[start..<end]
        }
        let end = bytes[position...].firstIndex { HTMLScan.isSpace($0) || $0 == UInt8(ascii: ">") } ?? bytes.endIndex
        return text[position..<end]
    }

    /// An attribute value with the character references cmark and hand-written HTML put in URLs decoded.
    private static func decoded(_ value: Substring) -> String {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `url` when it is absolute already: `http://…` and `https://…` as written, `//host/…` with
    /// the scheme of `origin` (`https` without one).
    private static func absolute(_ url: String, scheme origin: String?) -> String? {
        let lowered = url.prefix(8).lowercased()
        // Spaces written in a URL are encoded, as a browser sends them.
        let url = url.utf8.contains(UInt8(ascii: " ")) ? url.replacingOccurrences(of: " ", with: "%20") : url
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return url }
        if url.hasPrefix("//") { return (origin?.hasPrefix("http://") == true ? "http:" : "https:") + url }
        return nil
    }

    /// Whether `url` names an SVG image: by its extension, or a badge service's, which serve SVG without one.
    private static func isVector(_ url: String) -> Bool {
        // Lowercased by bytes: the names looked for are ASCII.
        let path = String(decoding: url.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            .map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
        return path.utf8.suffix(4).elementsEqual(".svg".utf8) || HTMLScan.contains("//img.shields.io/", in: path[...])
            || HTMLScan.contains("//badgen.net/", in: path[...])
    }

    /// Whether `url` starts with a scheme (`data:`, `mailto:`).
    private static func hasScheme(_ url: String) -> Bool {
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return true }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") { return false }
        }
        return false
    }

    /// `url` (a path, with its query and fragment) read from `folder` (slashes at both ends),
    /// percent-encoded, `.` and `..` resolved, from the root: `/posts/trip/ridge.png`; `nil` when
    /// it climbs above the root.
    private static func resolved(_ url: String, in folder: String) -> String? {
        var path = Substring(url), suffix = Substring()
        if let mark = url.firstIndex(where: { $0 == "?" || $0 == "#" }) { (path, suffix) = (url[..<mark], url[mark...]) }
        let joined = path.hasPrefix("/") ? String(path) : folder + path
        let trailingSlash = joined.hasSuffix("/") ? "/" : ""
        // Decoded before `.` and `..` are resolved, so that `%2e%2e/` cannot climb past the check.
        guard let normal = URLPath.normalize(URLPath.decoded(String(joined.dropFirst()))), !normal.isEmpty else { return nil }
        return "/" + URLPath.encoded(normal) + trailingSlash
            + (suffix.utf8.contains(UInt8(ascii: " ")) ? suffix.replacingOccurrences(of: " ", with: "%20") : String(suffix))
    }
}
