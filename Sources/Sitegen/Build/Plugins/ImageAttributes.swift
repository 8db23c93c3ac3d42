import Foundation

/// Adds `loading="lazy"` (but to a page's first image, which the browser is to fetch at once:
/// often the largest thing the reader sees first), `decoding="async"` and the pixel size of
/// local images to `<img>` tags.
enum ImageAttributes {
    static func lazyImages(in html: String, files: PublishedFiles) -> String {
        guard html.contains("<img ") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        var isFirst = true
        while let start = rest.range(of: "<img ") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else {
                rest = rest[start.lowerBound...]
                break
            }
            var tag = String(rest[start.lowerBound..<end])
            rest = rest[end...]
            var added = ""
            if !isFirst && !tag.contains(" loading=") { added += " loading=\"lazy\"" }
            if !tag.contains(" decoding=") { added += " decoding=\"async\"" }
            isFirst = false
            if !tag.contains(" width="), !tag.contains(" height="),
               let source = attribute("src", in: tag), let header = files.header(at: source, count: ImageSize.headerBytes),
               let size = ImageSize.of(header) {
                added += " width=\"\(size.width)\" height=\"\(size.height)\""
            }
            if tag.hasSuffix("/") { tag = String(tag.dropLast()).trimmingCharacters(in: .whitespaces) + added + " /" }
            else { tag += added }
            result += tag
        }
        result += rest
        return result
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}
