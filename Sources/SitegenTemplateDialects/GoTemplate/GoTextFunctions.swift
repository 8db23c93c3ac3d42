import Foundation
/// Hugo's text functions that need more than a line: title case, `humanize`, `urlize`,
/// `anchorize`, `htmlUnescape`, and joining a path to the site's base URL.
package enum GoTextFunctions {
    /// Words AP style keeps in lower case inside a title.
    private static let smallWords: Set<String> = [
        "a", "an", "and", "as", "at", "but", "by", "en", "for", "if", "in", "nor", "of", "on", "or", "per", "the",
        "to", "v", "vs", "via", "up", "yet", "so",
    ]

    /// Hugo's `title` (its default AP style): each word capitalised but small words inside.
    package static func title(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let lastIndex = words.lastIndex { !$0.isEmpty } ?? 0
        let firstIndex = words.firstIndex { !$0.isEmpty } ?? 0
        return words.enumerated().map { position, word in
            let lower = word.lowercased()
            if position != firstIndex, position != lastIndex, smallWords.contains(lower) { return lower }
            guard let first = word.first else { return "" }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// A translation with each of its `{{ .Count }}` (in any spacing, `{{- .Count -}}` too) made
    /// `count`; other actions stay as written.
    package static func filledCount(_ word: String, with count: String) -> String {
        var result = ""
        var rest = Substring(word)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " \t-"))
            result += rest[..<open.lowerBound]
            result += inner == ".Count" ? count : String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `humanize 3` is `3rd`.
    static func ordinal(_ number: Int) -> String {
        let tens = number.magnitude % 100
        let ones = number.magnitude % 10
        let suffix = (11...13).contains(tens) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th"
        return String(number) + suffix
    }

    /// `humanize "my-first_post"` and `humanize "myFirstPost"` are `My first post`.
    static func humanize(_ text: String) -> String {
        var words = ""
        var previous: Character?
        for character in text {
            if character == "-" || character == "_" {
                words.append(" ")
            } else {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { words.append(" ") }
                words.append(character)
            }
            previous = character
        }
        let lower = words.split(separator: " ").joined(separator: " ").lowercased()
        guard let first = lower.first else { return "" }
        return first.uppercased() + lower.dropFirst()
    }

    /// Takes scalars matching `isCut` off either end.
    static func trimming(_ text: String, leading: Bool, trailing: Bool, where isCut: (Unicode.Scalar) -> Bool) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        if leading { while let first = scalars.first, isCut(first) { scalars.removeFirst() } }
        if trailing { while let last = scalars.last, isCut(last) { scalars.removeLast() } }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Go's `strings.Replace`: `limit` replacements, all when negative; an empty `old` matches
    /// between characters.
    static func replacing(_ old: String, with new: String, in text: String, limit: Int) -> String {
        if limit == 0 { return text }
        if old.isEmpty {
            var result = new
            var done = 1
            for character in text {
                result.append(character)
                if limit < 0 || done < limit {
                    result += new
                    done += 1
                }
            }
            return result
        }
        var result = ""
        var rest = Substring(text)
        var done = 0
        while limit < 0 || done < limit, let range = rest.range(of: old) {
            result += rest[..<range.lowerBound]
            result += new
            rest = rest[range.upperBound...]
            done += 1
        }
        return result + rest
    }

    /// Hugo's `urlize`: lower case, spaces as `-`, characters a path cannot hold dropped, the
    /// rest percent-encoded.
    static func urlize(_ text: String) -> String {
        var path = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                path += "-"
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_./#+~".unicodeScalars.contains(scalar) {
                path.unicodeScalars.append(scalar)
            }
        }
        var encoded = ""
        for byte in path.utf8 {
            if byte < 0x80 {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + hex
            }
        }
        return encoded
    }

    /// Hugo's `anchorize` (GitHub's style, its default): lower case, spaces as `-`, punctuation
    /// other than `-` and `_` dropped.
    static func anchorize(_ text: String) -> String {
        var anchor = ""
        for scalar in text.trimmingGoSpace.lowercased().unicodeScalars {
            if scalar == " " {
                anchor += "-"
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
                        || scalar.properties.generalCategory == .nonspacingMark
            {
                anchor.unicodeScalars.append(scalar)
            }
        }
        return anchor
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "trade": "™", "times": "×", "euro": "€", "deg": "°", "middot": "·",
    ]

    /// Hugo's `htmlUnescape`: character references back to characters (numeric ones and the
    /// common named ones).
    static func unescapingHTML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(32).firstIndex(of: ";") {
                let name = after[..<semicolon]
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    replacement = namedEntities[String(name)]
                }
                if let replacement {
                    result += replacement
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }

    /// `relURL` and `absURL`: a path joined to the base URL's path (without a leading slash)
    /// or to its host (with one); URLs with a scheme stay as they are.
    static func siteURL(_ input: String, base: String, absolute: Bool) -> String {
        let (host, basePath) = splitBase(base)
        if input.hasPrefix("//") || hasScheme(input) {
            // `relURL` makes a URL inside the site relative to its host.
            let fullBase = host + (basePath.hasSuffix("/") ? basePath : basePath + "/")
            guard !absolute, !host.isEmpty, input.hasPrefix(fullBase) else { return input }
            var path = String(input.dropFirst(host.count))
            if path.count > 1, path.hasSuffix("/") { path.removeLast() }
            return path
        }
        let path: String
        if input.hasPrefix("/") {
            path = input
        } else {
            path = (basePath.hasSuffix("/") ? basePath : basePath + "/") + input
        }
        return absolute ? host + path : path
    }

    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// `https://example.org/docs/` as `https://example.org` and `/docs/`.
    private static func splitBase(_ base: String) -> (String, String) {
        guard let schemeEnd = base.range(of: "://") else {
            return ("", base.hasPrefix("/") ? base : "/" + base)
        }
        let afterScheme = base[schemeEnd.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return (base, "/") }
        return (String(base[..<slash]), String(base[slash...]))
    }

    /// `urls.Parse`: a URL's parts by Go's names (`Scheme`, `Host`, `Path`, `RawQuery`,
    /// `Fragment`, `String`).
    static func urlParts(_ url: String) -> [String: String] {
        var rest = Substring(url)
        var parts: [String: String] = ["String": url, "Scheme": "", "Host": "", "Path": "", "RawQuery": "", "Fragment": ""]
        if let hash = rest.firstIndex(of: "#") {
            parts["Fragment"] = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            parts["RawQuery"] = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if hasScheme(String(rest)), let colon = rest.firstIndex(of: ":") {
            parts["Scheme"] = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            parts["Host"] = String(rest[..<slash])
            rest = rest[slash...]
        }
        parts["Path"] = String(rest)
        return parts
    }

    /// `urls.JoinPath`: parts joined by single slashes, keeping the first part's scheme.
    static func joinedPath(_ parts: [String]) -> String {
        guard var result = parts.first else { return "" }
        for part in parts.dropFirst() {
            while result.hasSuffix("/") { result.removeLast() }
            result += "/" + part.drop(while: { $0 == "/" })
        }
        return result
    }
}
