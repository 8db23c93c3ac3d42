/// Words and the kind of token each is, for all the word lists of one grammar: an
/// open-addressing table over one pool of bytes, looked up by the bytes of a match without
/// making a string.
struct WordTable {
    /// One rule's words: each kind with its words, separated by spaces or line breaks.
    struct List: Sendable {
        var words: [(TokenKind, String)]
        var caseInsensitive: Bool
    }

    struct Slot {
        var start: Int32 = -1
        var length: Int32 = 0
        var list: Int32 = 0
        var kind = TokenKind.plain
    }

    private(set) var pool: [UInt8] = []
    private(set) var slots: [Slot]
    private(set) var caseInsensitive: [Bool]

    init(_ lists: [List]) {
        caseInsensitive = lists.map(\.caseInsensitive)
        var entries: [(Int32, TokenKind, [UInt8])] = []
        for (index, list) in lists.enumerated() {
            for (kind, words) in list.words {
                for word in words.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                    entries.append((Int32(index), kind, Array((list.caseInsensitive ? word.lowercased() : String(word)).utf8)))
                }
            }
        }
        var size = 16
        while size < entries.count * 3 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        for (list, kind, word) in entries {
            var slot = word.withUnsafeBufferPointer { WordTable.hash($0, 0..<word.count, list: list, caseInsensitive: false) } & (size - 1)
            while slots[slot].start >= 0 {
                let entry = slots[slot]
                if entry.list == list, Array(pool[Int(entry.start)..<Int(entry.start + entry.length)]) == word { break }
                slot = (slot + 1) & (size - 1)
            }
            if slots[slot].start < 0 {
                slots[slot] = Slot(start: Int32(pool.count), length: Int32(word.count), list: list, kind: kind)
                pool += word
            }
        }
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, list: Int32, caseInsensitive: Bool) -> Int {
        var hash: UInt32 = 2_166_136_261 ^ UInt32(truncatingIfNeeded: list)
        for index in range {
            var byte = bytes[index]
            if caseInsensitive, byte >= 65, byte <= 90 { byte |= 0x20 }
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash)
    }

    /// The table's arrays, copied once into memory the grammar owns, for lookups that count
    /// no references.
    struct Frozen {
        let pool: UnsafeBufferPointer<UInt8>
        let slots: UnsafeBufferPointer<Slot>
        let caseInsensitive: UnsafeBufferPointer<Bool>

        /// The kind of the word at `range` in list `list`, if it is in it.
        @inline(__always)
        func kind(in list: Int32, of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TokenKind? {
            let folds = caseInsensitive[Int(list)]
            let mask = slots.count - 1
            var slot = WordTable.hash(bytes, range, list: list, caseInsensitive: folds) & mask
            let length = range.count
            while true {
                let entry = slots[slot]
                guard entry.start >= 0 else { return nil }
                if entry.list == list, Int(entry.length) == length {
                    var same = true
                    let start = Int(entry.start)
                    for offset in 0..<length {
                        var byte = bytes[range.lowerBound + offset]
                        if folds, byte >= 65, byte <= 90 { byte |= 0x20 }
                        if pool[start + offset] != byte { same = false; break }
                    }
                    if same { return entry.kind }
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
