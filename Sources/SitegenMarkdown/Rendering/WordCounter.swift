/// Counts the words a reader sees in rendered HTML: runs of non-space characters in the
/// text between tags. Tags are skipped without ending a word, so `foo<em>bar</em>` is one
/// word, as it reads.
enum WordCounter {
    private static let space: UInt8 = 1, tag: UInt8 = 2

    /// The class of each byte: 0 for a word byte, else `space` or `tag`.
    private static let classes: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x09...0x0D, 0x20: space
        case Int(UInt8(ascii: "<")): tag
        default: 0
        }
    }

    static func count(_ html: String) -> Int {
        var html = html
        return html.withUTF8(count)
    }

    static func count(_ html: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = html.baseAddress else { return 0 }
        return classes.withUnsafeBufferPointer { classes in
            var words = 0
            var inWord = false
            var pointer = base
            let end = base + html.count
            while pointer < end {
                switch classes[Int(pointer.pointee)] {
                case 0:
                    if !inWord { words += 1 }
                    inWord = true
                case space:
                    inWord = false
                default:
                    while pointer < end, pointer.pointee != UInt8(ascii: ">") { pointer += 1 }
                }
                pointer += 1
            }
            return words
        }
    }
}
