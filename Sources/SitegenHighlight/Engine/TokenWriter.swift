/// Writes tokens as HTML: text escaped as cmark-gfm escapes code, each token but plain text in
/// a `<span class="…">`, neighbouring tokens of one kind joined, and no span crossing a line end.
///
/// It writes into memory of its own, grown by doubling, which ``finish()`` turns into the
/// string; it cannot be copied, so that memory has one owner, freed once.
struct TokenWriter: ~Copyable {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var length = 0
    private let bytes: UnsafeBufferPointer<UInt8>
    private var kind = TokenKind.plain
    private var start = 0, end = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Highlighted code is about six times its size (a span is 24 bytes around a token):
        // room for that at once, so the buffer rarely grows and copies; a huge block grows.
        capacity = min(bytes.count * 7, bytes.count + 1 << 22) + 64
        buffer = .allocate(capacity: capacity)
    }

    /// Adds the token at `start..<end`, which begins where the last one ended.
    @inline(__always)
    mutating func add(_ kind: TokenKind, _ start: Int, _ end: Int) {
        if kind == self.kind && start == self.end {
            self.end = end
            return
        }
        flush()
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// The HTML of all tokens added.
    consuming func finish() -> String {
        flush()
        return String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
    }

    deinit {
        buffer.deallocate()
    }

    private mutating func flush() {
        guard start < end else { return }
        if kind == .plain {
            escape(start..<end)
        } else {
            let open = TokenWriter.openTags[kind.tableIndex]
            var segment = start
            for index in start..<end where bytes[index] == 10 {
                if segment < index {
                    write(open)
                    escape(segment..<index)
                    write(TokenWriter.closeTag)
                }
                reserve(1)
                buffer[length] = 10
                length += 1
                segment = index + 1
            }
            if segment < end {
                write(open)
                escape(segment..<end)
                write(TokenWriter.closeTag)
            }
        }
        start = end
    }

    @inline(__always)
    private mutating func reserve(_ count: Int) {
        guard length + count > capacity else { return }
        let grown = max(capacity * 2, length + count)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.update(from: buffer, count: length)
        buffer.deallocate()
        buffer = new
        capacity = grown
    }

    @inline(__always)
    private mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count)
        (buffer + length).update(from: text.baseAddress!, count: text.count)
        length += text.count
    }

    private mutating func escape(_ range: Range<Int>) {
        // At most 6 bytes (`&quot;`) for each byte.
        reserve(range.count * 6)
        var out = length
        for index in range {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): put("&amp;", &out)
            case UInt8(ascii: "<"): put("&lt;", &out)
            case UInt8(ascii: ">"): put("&gt;", &out)
            case UInt8(ascii: "\""): put("&quot;", &out)
            default:
                buffer[out] = byte
                out += 1
            }
        }
        length = out
    }

    @inline(__always)
    private func put(_ text: StaticString, _ out: inout Int) {
        (buffer + out).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        out += text.utf8CodeUnitCount
    }

    /// `<span class="…">` for each kind, and `</span>`, kept for the life of the process.
    /// `nonisolated(unsafe)`: the memory is written once when made and only read afterwards.
    nonisolated(unsafe) private static let openTags: [UnsafeBufferPointer<UInt8>] = TokenKind.allCases.map { permanent("<span class=\"\($0.rawValue)\">") }
    nonisolated(unsafe) private static let closeTag = permanent("</span>")

    private static func permanent(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        return UnsafeBufferPointer(copy)
    }
}

extension TokenKind {
    /// The kind's place in ``allCases``, for tables indexed by kind.
    ///
    /// A case without a payload is stored as its place among the cases, so this reads it
    /// directly (a test checks it for every case); a dictionary here hashes the raw string.
    var tableIndex: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
