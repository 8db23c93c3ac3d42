/// Swift source with its comments and the insides of its string literals blanked (each
/// character a space, line breaks kept), so that a scan for braces or `@main` sees only code.
/// Not a parser: enough for the few things ``SwiftSitePackage`` and ``SiteLibraryCompiler``
/// look for.
enum SwiftCode {
    static func blanked(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var out = bytes
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where out[position] != UInt8(ascii: "\n") { out[position] = UInt8(ascii: " ") }
        }
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= bytes.count && Array(bytes[position..<(position + pattern.count)]) == pattern
        }
        while index < bytes.count {
            if starts("//", at: index) {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0, position = index
                repeat {
                    if starts("/*", at: position) { depth += 1; position += 2 } else if starts("*/", at: position) { depth -= 1; position += 2 } else { position += 1 }
                } while depth > 0 && position < bytes.count
                blank(index..<position)
                index = position
            } else if starts("\"\"\"", at: index) {
                var position = index + 3
                while position < bytes.count && !starts("\"\"\"", at: position) { position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1 }
                blank((index + 3)..<min(position, bytes.count))
                index = min(position + 3, bytes.count)
            } else if bytes[index] == UInt8(ascii: "\"") {
                var position = index + 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\n") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                blank((index + 1)..<min(position, bytes.count))
                index = min(position + 1, bytes.count)
            } else {
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
