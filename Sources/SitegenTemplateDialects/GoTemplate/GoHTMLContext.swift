/// Where in HTML the output has got to, so a printed value is escaped for the place it lands
/// in: element text, an attribute name, a URL, JavaScript or CSS. html/template works this out
/// from the template's text; this follows the text as it is written, which gives the same
/// contexts for the shortcodes themes ship (branches that end in different contexts are rare).
///
/// Like html/template, HTML comments in the template's text are left out of the output.
struct GoHTMLContext {
    enum State: Equatable {
        case text
        /// Inside `<textarea>` or `<title>`: text until the end tag.
        case rawText(endTag: String)
        case script
        case style
        case tagName
        case endTag
        case inTag
        case attributeName
        case afterAttributeName
        case beforeValue
        /// An attribute's value; the delimiter is `"`, `'` or `nil` for an unquoted one.
        case value(delimiter: UInt8?)
        case comment
    }

    /// What an attribute's value holds, from the attribute's name.
    enum AttributeKind {
        case plain, url, javaScript, css
    }

    /// Where in a URL a value lands: its start (where a scheme would be), its path, or its
    /// query or fragment (where a value is one component, fully encoded).
    enum URLPart {
        case start, path, query
    }

    private(set) var state: State = .text
    private(set) var attributeKind: AttributeKind = .plain
    private(set) var urlPart: URLPart = .start
    /// The quote of the JavaScript string the output is in, in a script or an `on…` attribute.
    private(set) var javaScriptQuote: UInt8?
    private var tagName: [UInt8] = []
    private var attributeName: [UInt8] = []
    private var javaScriptEscaped = false

    private static let urlAttributes: Set<String> = [
        "action", "archive", "background", "cite", "classid", "codebase", "data", "formaction", "href", "icon",
        "longdesc", "manifest", "poster", "profile", "src", "usemap", "xmlns",
    ]

    /// Follows `text`, the template's own text, and returns what of it is written (all but comments).
    mutating func consume(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .text:
                if byte == 0x3C {
                    if Self.matches(bytes, at: index, "<!--") {
                        state = .comment
                        index += 4
                        continue
                    }
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                    if next.isASCIILetter {
                        state = .tagName
                        tagName = []
                    } else if next == 0x2F {
                        state = .endTag
                    }
                }
            case .rawText(let endTag):
                if byte == 0x3C, Self.matches(bytes, at: index, "</" + endTag, ignoringCase: true) { state = .endTag }
            case .script:
                if !trackJavaScriptString(byte), byte == 0x3C, Self.matches(bytes, at: index, "</script", ignoringCase: true) {
                    state = .endTag
                }
            case .style:
                if byte == 0x3C, Self.matches(bytes, at: index, "</style", ignoringCase: true) { state = .endTag }
            case .comment:
                if Self.matches(bytes, at: index, "-->") {
                    state = .text
                    index += 3
                } else {
                    index += 1
                }
                continue
            case .endTag:
                if byte == 0x3E { state = .text }
            case .tagName:
                if byte.isGoSpaceByte {
                    state = .inTag
                } else if byte == 0x3E {
                    endOfTag()
                } else if byte != 0x3C {
                    tagName.append(byte | 0x20)
                }
            case .inTag, .afterAttributeName:
                if byte == 0x3E {
                    endOfTag()
                } else if byte == 0x3D, state == .afterAttributeName {
                    state = .beforeValue
                } else if !byte.isGoSpaceByte, byte != 0x2F {
                    state = .attributeName
                    attributeName = [byte | 0x20]
                }
            case .attributeName:
                if byte == 0x3D {
                    state = .beforeValue
                } else if byte.isGoSpaceByte {
                    state = .afterAttributeName
                } else if byte == 0x3E {
                    endOfTag()
                } else {
                    attributeName.append(byte.isASCIILetter ? byte | 0x20 : byte)
                }
            case .beforeValue:
                if byte == 0x22 || byte == 0x27 {
                    startValue(delimiter: byte)
                } else if byte == 0x3E {
                    endOfTag()
                } else if !byte.isGoSpaceByte {
                    startValue(delimiter: nil)
                    continue  // The byte is part of the value.
                }
            case .value(let delimiter):
                if let delimiter, byte == delimiter {
                    state = .inTag
                } else if delimiter == nil, byte.isGoSpaceByte {
                    state = .inTag
                } else if delimiter == nil, byte == 0x3E {
                    endOfTag()
                } else {
                    valueByte(byte)
                }
            }
            kept.append(byte)
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Notes that a value was written (already escaped): it moves a URL past its start.
    mutating func wrote(_ output: String) {
        if state == .beforeValue, !output.isEmpty { startValue(delimiter: nil) }
        guard case .value = state, attributeKind == .url else { return }
        for byte in output.utf8 { valueByte(byte) }
    }

    private mutating func startValue(delimiter: UInt8?) {
        state = .value(delimiter: delimiter)
        urlPart = .start
        javaScriptQuote = nil
        javaScriptEscaped = false
        var name = String(decoding: attributeName, as: UTF8.self)
        if name.hasPrefix("data-") { name.removeFirst(5) }
        if name.hasPrefix("on") {
            attributeKind = .javaScript
        } else if name == "style" {
            attributeKind = .css
        } else if Self.urlAttributes.contains(name) || name.contains("src") || name.contains("uri") || name.contains("url") {
            attributeKind = .url
        } else {
            attributeKind = .plain
        }
    }

    private mutating func valueByte(_ byte: UInt8) {
        switch attributeKind {
        case .url:
            if byte == 0x3F || byte == 0x23 { urlPart = .query } else if urlPart == .start { urlPart = .path }
        case .javaScript:
            trackJavaScriptString(byte)
        case .plain, .css:
            break
        }
    }

    /// Follows JavaScript's string literals over `byte`; returns whether the byte is part of
    /// one (its opening quote included), so that `</script` inside a string ends nothing.
    @discardableResult
    private mutating func trackJavaScriptString(_ byte: UInt8) -> Bool {
        if let quote = javaScriptQuote {
            if javaScriptEscaped { javaScriptEscaped = false }
            else if byte == 0x5C { javaScriptEscaped = true }
            else if byte == quote { javaScriptQuote = nil }
            return true
        }
        if byte == 0x22 || byte == 0x27 || byte == 0x60 {
            javaScriptQuote = byte
            return true
        }
        return false
    }

    private mutating func endOfTag() {
        javaScriptQuote = nil
        switch String(decoding: tagName, as: UTF8.self) {
        case "script": state = .script
        case "style": state = .style
        case "textarea": state = .rawText(endTag: "textarea")
        case "title": state = .rawText(endTag: "title")
        default: state = .text
        }
        tagName = []
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ word: String, ignoringCase: Bool = false) -> Bool {
        let wordBytes = Array(word.utf8)
        guard index + wordBytes.count <= bytes.count else { return false }
        for offset in 0..<wordBytes.count {
            let byte = bytes[index + offset]
            let expected = wordBytes[offset]
            if byte == expected { continue }
            if ignoringCase, byte.isASCIILetter, byte | 0x20 == expected | 0x20 { continue }
            return false
        }
        return true
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
