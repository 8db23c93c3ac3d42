/// How `{{name}}` escapes text in one template.
public enum TemplateEscaping: Sendable {
    /// HTML: `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
    case html
    /// XML 1.0: `&`, `<`, `>` and `"` escaped, and the characters XML does not allow at all
    /// (control characters other than tab, line feed and carriage return; U+FFFE, U+FFFF)
    /// dropped, as no escape can carry them: a feed reader rejects a whole file for one.
    case xml
    /// Plain text: nothing escaped.
    case none

    /// The escaping a template's name asks for: `….xml` XML, `….txt` none, anything else HTML.
    public static func forTemplate(named name: String) -> TemplateEscaping {
        if name.hasSuffix(".xml") { return .xml }
        if name.hasSuffix(".txt") { return .none }
        return .html
    }

    /// Appends `text` to `output`, escaped.
    func append(_ text: String, to output: inout String) {
        switch self {
        case .none:
            output += text
        case .html:
            // Most text holds nothing to escape: appended whole.
            var scanned = text
            guard let first = scanned.withUTF8(Self.firstHTMLSpecial) else {
                output += text
                return
            }
            var start = text.utf8.startIndex
            for index in text.utf8.indices[text.utf8.index(start, offsetBy: first)...] {
                let replacement: String
                switch text.utf8[index] {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&#39;"
                default: continue
                }
                output += text[start..<index]
                output += replacement
                start = text.utf8.index(after: index)
            }
            output += text[start...]
        case .xml:
            guard text.unicodeScalars.contains(where: { !Self.isPlainXML($0) }) else {
                output += text
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": output += "&amp;"
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                case "\"": output += "&quot;"
                case _ where Self.isAllowedInXML(scalar): output.unicodeScalars.append(scalar)
                default: continue
                }
            }
        }
    }

    /// The offset of the first of `& < > " '` in UTF-8 `bytes`, if any.
    private static func firstHTMLSpecial(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.firstIndex { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    }

    /// Whether XML 1.0 allows `scalar` in a document (its `Char` production).
    private static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func isPlainXML(_ scalar: Unicode.Scalar) -> Bool {
        isAllowedInXML(scalar) && scalar != "&" && scalar != "<" && scalar != ">" && scalar != "\""
    }
}
