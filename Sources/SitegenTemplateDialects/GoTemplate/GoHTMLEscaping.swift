/// The escapers html/template applies to a printed value, one per HTML context, written anew.
enum GoHTMLEscaping {
    /// Text and quoted attribute values: `&`, `<`, `>`, `"`, `'`, `+` and NUL, as html/template.
    static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27, 0x2B, 0x00].contains($0) }) else { return text }
        return entities(text, plusAndNUL: true)
    }

    /// Hugo's `htmlEscape` (Go's `html.EscapeString`): `&`, `<`, `>`, `"` and `'` only.
    static func htmlFunction(_ text: String) -> String {
        entities(text, plusAndNUL: false)
    }

    private static func entities(_ text: String, plusAndNUL: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&#34;"
            case "'": result += "&#39;"
            case "+" where plusAndNUL: result += "&#43;"
            case "\0" where plusAndNUL: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An unquoted attribute value: also white space and the characters that end one.
    static func unquotedAttribute(_ text: String) -> String {
        var result = ""
        for scalar in html(text).unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}", "=", "`": result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The tags taken out of HTML, so a safe HTML value printed into an attribute stays text.
    static func strippingTags(_ text: String) -> String {
        var result = ""
        var inTag = false
        for scalar in text.unicodeScalars {
            if inTag {
                if scalar == ">" { inTag = false }
            } else if scalar == "<" {
                inTag = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a URL may be written at the start of a URL attribute: no scheme, or http(s)
    /// and mailto. Anything else (`javascript:`) becomes `#ZgotmplZ`, as html/template does.
    static func isSafeURLStart(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        let scheme = url[..<colon]
        if scheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        return ["http", "https", "mailto"].contains(scheme.lowercased())
    }

    /// A URL's characters made valid, keeping what is already percent-encoded and the
    /// characters that structure a URL.
    static func normalizedURL(_ url: String) -> String {
        percentEncoding(url, keeping: { byte in
            byte.isNameByte || "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        })
    }

    /// A value in a URL's query or fragment: everything but unreserved characters encoded.
    static func queryComponent(_ text: String) -> String {
        percentEncoding(text, keeping: { byte in byte.isNameByte || "-._~".utf8.contains(byte) })
    }

    private static func percentEncoding(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if keeps(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexByte(byte)
            }
        }
        return result
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// A value inside a JavaScript string literal.
    static func javaScriptString(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\u0027"
            case "\"": result += "\\u0022"
            case "`": result += "\\u0060"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "=": result += "\\u003d"
            case "+": result += "\\u002b"
            case "/": result += "\\/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result += "\\u00" + hexByte(UInt8(scalar.value)).lowercased()
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A value written into CSS: passed when it cannot leave the property value it is in,
    /// `ZgotmplZ` otherwise (html/template's filter, simplified).
    static func cssValue(_ text: String) -> String {
        let forbidden = "\0\"'()/;@[\\]`{}<>&"
        if text.unicodeScalars.contains(where: { forbidden.unicodeScalars.contains($0) || $0.value < 0x20 }) {
            return "ZgotmplZ"
        }
        let lower = text.lowercased()
        if lower.contains("expression") || lower.contains("mozbinding") { return "ZgotmplZ" }
        return text
    }

    /// A value written where an attribute's name goes: only plain names pass.
    static func attributeName(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        let isPlain = text.utf8.allSatisfy { $0.isNameByte || $0 == 0x2D || $0 == 0x3A }
        let lower = text.lowercased()
        if !isPlain || lower.hasPrefix("on") || lower == "style" || lower == "src" || lower == "href" { return "ZgotmplZ" }
        return text
    }
}
