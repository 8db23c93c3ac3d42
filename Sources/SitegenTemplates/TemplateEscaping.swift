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

    /// Appends `text` to `buffer`, escaped.
    func append(_ text: String, to buffer: inout [UInt8]) {
        switch self {
        case .none:
            buffer.append(contentsOf: text.utf8)
        case .html:
            var utf8 = text.utf8
            // Most text holds nothing to escape: copy it whole.
            if !utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
                buffer.append(contentsOf: utf8)
                return
            }
            utf8 = text.utf8
            for byte in utf8 {
                switch byte {
                case 0x26: buffer.append(contentsOf: Self.ampersand)
                case 0x3C: buffer.append(contentsOf: Self.lessThan)
                case 0x3E: buffer.append(contentsOf: Self.greaterThan)
                case 0x22: buffer.append(contentsOf: Self.quote)
                case 0x27: buffer.append(contentsOf: Self.apostrophe)
                default: buffer.append(byte)
                }
            }
        case .xml:
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": buffer.append(contentsOf: Self.ampersand)
                case "<": buffer.append(contentsOf: Self.lessThan)
                case ">": buffer.append(contentsOf: Self.greaterThan)
                case "\"": buffer.append(contentsOf: Self.quote)
                default:
                    switch scalar.value {
                    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
                        buffer.append(contentsOf: String(Character(scalar)).utf8)
                    default:
                        continue
                    }
                }
            }
        }
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
}
