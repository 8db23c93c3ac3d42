import Foundation

/// Completes the `<img>` tags of an output's HTML: `loading="lazy"` (but on the output's first
/// image, which the browser is to fetch at once: often the largest thing the reader sees
/// first), `decoding="async"`, the pixel size of local images (`width`, `height`: the page does
/// not jump as they load), and for an image with smaller copies (``ImagePlan``) a `srcset` of
/// them with the site's `sizes`. An attribute the tag has already is left as it is.
enum ImageTags {
    /// `html`, the output at `outputPath` (`posts/trip/index.html`, which relative image paths
    /// are read from), with its image tags completed. `copies`: whether images get `srcset` (the
    /// built-in step; the `lazyImages` plugin leaves it out).
    static func completed(_ html: String, outputPath: String, files: PublishedFiles, copies: Bool) -> String {
        guard HTMLScan.contains("<img", in: html[...]) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        var isFirst = true
        while let (start, end) = nextTag(in: rest) {
            result += rest[..<start]
            var tag = String(rest[start..<end])
            rest = rest[end...]
            var added = ""
            if !isFirst && attribute("loading", in: tag) == nil { added += " loading=\"lazy\"" }
            if attribute("decoding", in: tag) == nil { added += " decoding=\"async\"" }
            isFirst = false
            let rawSource = attribute("src", in: tag)
            let source = rawSource.map(unescaped)
            let url = source.flatMap { resolved($0, inOutputAt: outputPath, base: files.basePath) }
            let image = url.flatMap(files.image(at:))
            if attribute("width", in: tag) == nil, attribute("height", in: tag) == nil, let url, let size = size(of: image, at: url, files: files) {
                added += " width=\"\(size.width)\" height=\"\(size.height)\""
            }
            var picture: String?
            if copies, let image, !image.copies.isEmpty, let rawSource, attribute("srcset", in: tag) == nil {
                let givenWidth = attribute("width", in: tag).flatMap { Int($0) }
                let sizes = attribute("sizes", in: tag) ?? givenWidth.map { "(max-width: \($0)px) 100vw, \($0)px" } ?? files.images.settings.sizes
                added += " srcset=\"\(srcset(image.copies.filter { $0.format == .webp }, src: rawSource))\""
                if attribute("sizes", in: tag) == nil { added += " sizes=\"\(sizes)\"" }
                // AVIF first, for the browsers that read it, in a <picture> (unless the tag is in one already).
                let avif = image.copies.filter { $0.format == .avif }
                if !avif.isEmpty, !isInPicture(result) {
                    picture = "<source type=\"image/avif\" srcset=\"\(srcset(avif, src: rawSource))\" sizes=\"\(sizes)\">"
                }
            }
            if tag.utf8.last == UInt8(ascii: "/") {
                // `<img src="a.png" />`: the attributes go before the slash, spaces before it dropped.
                var opening = tag.dropLast()
                while let last = opening.last, last == " " || last == "\n" || last == "\t" || last == "\r" { opening = opening.dropLast() }
                tag = String(opening) + added + " /"
            }
            else { tag += added }
            if let picture {
                result += "<picture>" + picture + tag + ">"
                rest = rest[rest.utf8.index(after: rest.startIndex)...]
                result += "</picture>"
            } else {
                result += tag
            }
        }
        result += rest
        return result
    }

    /// The images of `html` (the output at `outputPath`) with a problem (``PlannedImage/problem``):
    /// each `src` once, with it.
    static func problems(in html: String, outputPath: String, files: PublishedFiles) -> [(src: String, problem: String)] {
        var found: [(src: String, problem: String)] = []
        var rest = html[...]
        while let (start, end) = nextTag(in: rest) {
            let tag = rest[start..<end]
            rest = rest[end...]
            guard let src = attribute("src", in: tag).map(unescaped), !found.contains(where: { $0.src == src }),
                  let problem = resolved(src, inOutputAt: outputPath, base: files.basePath).flatMap(files.image(at:))?.problem else { continue }
            found.append((src, problem))
        }
        return found
    }

    /// The next `<img` tag of `html`: from its `<` to its `>` (not included; ``HTMLScan/tagEnd(in:from:)``).
    private static func nextTag(in html: Substring) -> (Substring.Index, Substring.Index)? {
        var rest = html
        while let start = HTMLScan.range(of: "<img", in: rest) {
            let after = rest[start.upperBound...].utf8
            guard let next = after.first else { return nil }
            guard HTMLScan.isSpace(next) else {
                rest = rest[start.upperBound...]
                continue
            }
            return HTMLScan.tagEnd(in: after, from: after.startIndex).map { (start.lowerBound, $0) }
        }
        return nil
    }

    /// A root-relative URL of the image a `src` names from the output at `outputPath`: as
    /// written when it starts with `/`, else read from the output's folder under `base` (`..`
    /// and `.` taken away); `nil` for an address with a scheme or host.
    static func resolved(_ src: String, inOutputAt outputPath: String, base: String) -> String? {
        if src.hasPrefix("//") { return nil }
        if src.hasPrefix("/") { return src }
        let path = src.prefix { $0 != "?" && $0 != "#" }
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return nil }
        var parts = (base + "/" + URLPath.folder(of: outputPath)).split(separator: "/").map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The image's size as shown: from the plan, else read from the file's header.
    private static func size(of image: PlannedImage?, at url: String, files: PublishedFiles) -> (width: Int, height: Int)? {
        if let image, image.width > 0 { return (image.width, image.height) }
        guard image == nil, let header = files.header(at: url, count: ImageSize.headerBytes) else { return nil }
        return ImageSize.of(header)
    }

    /// Whether the HTML before a tag leaves a `<picture>` open.
    private static func isInPicture(_ before: String) -> Bool {
        guard let open = before.range(of: "<picture", options: .backwards) else { return false }
        return before.range(of: "</picture>", options: .backwards).map { $0.lowerBound < open.lowerBound } ?? true
    }

    /// The copies as `srcset` candidates: each at the image's URL (as `src` writes it) with its
    /// own file name.
    static func srcset(_ copies: [ImageCopy], src: String) -> String {
        let path = src.prefix { $0 != "?" && $0 != "#" }
        // A candidate's URL ends at a space, and a comma ends the candidate.
        let folder = path.lastIndex(of: "/").map { path[...$0].replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ",", with: "%2C") } ?? ""
        return copies.map { copy in
            let name = copy.fileName.addingPercentEncoding(withAllowedCharacters: nameCharacters) ?? String(copy.fileName)
            return "\(folder)\(name) \(copy.width)w"
        }.joined(separator: ", ")
    }

    /// The characters a copy's file name keeps unencoded in a URL.
    private static let nameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// An attribute's value as written in the tag (HTML-escaped), in double or single quotes.
    private static func attribute(_ name: String, in tag: some StringProtocol) -> String? {
        var rest = Substring(tag)
        while let found = HTMLScan.range(of: name + "=", in: rest) {
            let before = found.lowerBound > rest.startIndex ? rest.utf8[rest.utf8.index(before: found.lowerBound)] : UInt8(ascii: "x")
            let value = rest[found.upperBound...]
            rest = value
            guard HTMLScan.isSpace(before), let quote = value.utf8.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
            let inside = value.utf8.index(after: value.utf8.startIndex)
            guard let end = value.utf8[inside...].firstIndex(of: quote) else { continue }
            return String(value[inside..<end])
        }
        return nil
    }

    /// An attribute's value with its character references read: `&amp;`, `&quot;`, `&apos;`,
    /// `&lt;`, `&gt;` and numeric ones (`&#x27;` as cmark writes `'`, `&#x2F;` as Tera's
    /// autoescape writes `/`).
    private static func unescaped(_ value: String) -> String {
        guard value.contains("&") else { return value }
        let named: [Substring: String] = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]
        var result = ""
        var rest = value[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var character: String?
            if let text = named[name] {
                character = text
            } else if name.hasPrefix("#x") || name.hasPrefix("#X") {
                character = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                character = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let character {
                result += character
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
