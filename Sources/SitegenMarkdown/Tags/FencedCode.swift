/// A quick look at a page's Markdown before it is parsed: whether something occurs outside
/// its fenced code blocks. Most pages with `$` or `{{` hold them only in code (shell prompts,
/// templates shown as examples); for those, the readers of tags and math need no parse to
/// find the code. The look is conservative: a fence it does not recognise (in a quote, or
/// indented as in a list) counts as text, so that the parse decides.
enum FencedCode {
    /// Whether a line of `body` outside the fenced code blocks it recognises holds one of
    /// `candidates` at an index for which `holds(bytes, index)` is true.
    static func anyOutside(_ body: Substring, of candidates: [UInt8], _ holds: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        var text = body
        return text.withUTF8 { bytes in
            var lineStart = 0
            var fence: (byte: UInt8, length: Int)?
            while lineStart < bytes.count {
                let lineEnd = ByteScan.first(UInt8(ascii: "\n"), in: bytes, from: lineStart) ?? bytes.count
                var indent = lineStart
                while indent < lineEnd, indent - lineStart < 4, bytes[indent] == UInt8(ascii: " ") { indent += 1 }
                var run = indent
                if indent - lineStart < 4, indent < lineEnd, bytes[indent] == UInt8(ascii: "`") || bytes[indent] == UInt8(ascii: "~") {
                    while run < lineEnd, bytes[run] == bytes[indent] { run += 1 }
                }
                let length = run - indent
                if let open = fence {
                    // A closing fence: as long as the opening one at least, and nothing after it.
                    if length >= open.length, bytes[indent] == open.byte,
                       (run..<lineEnd).allSatisfy({ bytes[$0] == UInt8(ascii: " ") || bytes[$0] == UInt8(ascii: "\r") }) {
                        fence = nil
                    }
                } else if length >= 3, !(bytes[indent] == UInt8(ascii: "`") && (run..<lineEnd).contains { bytes[$0] == UInt8(ascii: "`") }) {
                    fence = (bytes[indent], length)
                } else {
                    let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                    for candidate in candidates {
                        if ByteScan.any(candidate, in: line, { holds(bytes, lineStart + $0) }) { return true }
                    }
                }
                lineStart = lineEnd + 1
            }
            return false
        }
    }

    /// Whether a line of `body` opens a fenced code block in one of `languages`
    /// (```` ```math ````).
    static func opensFence(of languages: [String], in body: Substring) -> Bool {
        var text = body
        let wanted = languages.map { Array($0.utf8) }
        return text.withUTF8 { bytes in
            for fence in [UInt8(ascii: "`"), UInt8(ascii: "~")] {
                let found = ByteScan.any(fence, in: bytes) { index in
                    guard index + 3 < bytes.count, bytes[index + 1] == fence, bytes[index + 2] == fence,
                          index == 0 || bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: " ") else { return false }
                    var at = index + 3
                    while at < bytes.count, bytes[at] == fence || bytes[at] == UInt8(ascii: " ") { at += 1 }
                    return wanted.contains { at + $0.count <= bytes.count && bytes[at..<at + $0.count].elementsEqual($0) }
                }
                if found { return true }
            }
            return false
        }
    }
}
