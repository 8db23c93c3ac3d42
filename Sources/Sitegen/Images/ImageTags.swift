import Foundation

/// Completes the `<img>` tags of a page's HTML: `loading="lazy"` (but on the page's first
/// image, which the browser is to fetch at once: often the largest thing the reader sees
/// first), `decoding="async"`, the pixel size of local images (`width`, `height`: the page does
/// not jump as they load), and for an image with smaller copies (``ImagePlan``) a `srcset` of
/// them with the site's `sizes`. An attribute the tag has already is left as it is.
enum ImageTags {
    /// `html` with its image tags completed. `copies`: whether images get `srcset` (the built-in
    /// step; the `lazyImages` plugin leaves it out).
    static func completed(_ html: String, files: PublishedFiles, copies: Bool) -> String {
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
            let source = attribute("src", in: tag)
            let image = source.flatMap(files.image(at:))
            let givenWidth = attribute("width", in: tag).flatMap { Int($0) }
            if !tag.contains(" width="), !tag.contains(" height="), let source, let size = size(of: image, at: source, files: files) {
                added += " width=\"\(size.width)\" height=\"\(size.height)\""
            }
            if copies, let image, !image.copies.isEmpty, let source, !tag.contains(" srcset="),
               let srcset = srcset(image, src: rawAttribute("src", in: tag) ?? source) {
                added += " srcset=\"\(srcset)\""
                if !tag.contains(" sizes=") {
                    let sizes = givenWidth.map { "(max-width: \($0)px) 100vw, \($0)px" } ?? files.images.settings.sizes
                    added += " sizes=\"\(sizes)\""
                }
            }
            if tag.hasSuffix("/") { tag = String(tag.dropLast()).trimmingCharacters(in: .whitespaces) + added + " /" }
            else { tag += added }
            result += tag
        }
        result += rest
        return result
    }

    /// The images of `html` with a problem (``PlannedImage/problem``): each `src` once, with it.
    static func problems(in html: String, files: PublishedFiles) -> [(src: String, problem: String)] {
        var found: [(src: String, problem: String)] = []
        var rest = html[...]
        while let start = rest.range(of: "<img ") {
            let end = rest[start.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let tag = String(rest[start.lowerBound..<end])
            rest = rest[end...]
            if let src = attribute("src", in: tag), let problem = files.image(at: src)?.problem, !found.contains(where: { $0.src == src }) {
                found.append((src, problem))
            }
        }
        return found
    }

    /// The image's size as shown: from the plan, else read from the file's header.
    private static func size(of image: PlannedImage?, at source: String, files: PublishedFiles) -> (width: Int, height: Int)? {
        if let image, image.width > 0 { return (image.width, image.height) }
        guard image == nil, let header = files.header(at: source, count: ImageSize.headerBytes) else { return nil }
        return ImageSize.of(header)
    }

    /// The copies as `srcset` candidates: each at the image's URL with its own file name.
    private static func srcset(_ image: PlannedImage, src: String) -> String? {
        let path = src.prefix { $0 != "?" && $0 != "#" }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        // A candidate's URL ends at a space, and a comma ends the candidate.
        let folder = path[...slash].replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ",", with: "%2C")
        return image.copies.map { copy in
            let name = copy.fileName.addingPercentEncoding(withAllowedCharacters: nameCharacters) ?? String(copy.fileName)
            return "\(folder)\(name) \(copy.width)w"
        }.joined(separator: ", ")
    }

    /// The characters a copy's file name keeps unencoded in a URL.
    private static let nameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// An attribute's value as written in the tag (HTML-escaped).
    private static func rawAttribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[start.upperBound..<end])
    }

    /// An attribute's value, `&amp;` read as `&`.
    private static func attribute(_ name: String, in tag: String) -> String? {
        rawAttribute(name, in: tag)?.replacingOccurrences(of: "&amp;", with: "&")
    }
}
