import Foundation

/// Where a file read as text first holds bytes that are not UTF-8 (which reading it as a
/// `String` would have turned into U+FFFD without a word), or a NUL byte, or why it is not
/// UTF-8 at all (a UTF-16 or UTF-32 byte order mark).
package struct UTF8Problem: Error, Equatable {
    /// The line of the first byte that is not UTF-8 (from 1).
    package let line: Int
    /// That byte.
    package let byte: UInt8

    package init(line: Int, byte: UInt8) {
        self.line = line
        self.byte = byte
    }

    /// The encoding whose byte order mark the file starts with (`UTF-16`, `UTF-32`), if any.
    package var encoding: String?

    /// What to tell the user.
    package var message: String {
        if let encoding { return "is \(encoding) text (it starts with \(encoding)'s byte order mark); save the file as UTF-8" }
        if byte == 0 { return "holds a NUL byte on this line, which text never holds (UTF-16 text without its byte order mark?); save the file as UTF-8" }
        return "is not UTF-8 text: this line holds the byte 0x" + String(byte, radix: 16, uppercase: true)
            + ", which UTF-8 does not allow here; save the file as UTF-8"
    }

    /// The problem of text read from a file, if it has one: only text that holds U+FFFD (what
    /// each byte that is not UTF-8 became) has its bytes read again, by `bytes`, to be sure.
    /// A NUL byte, which no text holds, is one too (UTF-16 without its byte order mark).
    package static func of(_ text: String, bytes: () throws -> Data) rethrows -> UTF8Problem? {
        var text = text
        let (holdsReplacement, nulLine) = text.withUTF8 { utf8 -> (Bool, Int?) in
            guard let start = utf8.baseAddress else { return (false, nil) }
            let end = start + utf8.count
            var holdsReplacement = false
            var at = start
            while !holdsReplacement, let found = memchr(at, 0xEF, end - at) {
                let lead = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                holdsReplacement = end - lead >= 3 && lead[1] == 0xBF && lead[2] == 0xBD
                at = lead + 1
            }
            guard let nul = memchr(start, 0, utf8.count) else { return (holdsReplacement, nil) }
            let offset = UnsafePointer(nul.assumingMemoryBound(to: UInt8.self)) - start
            return (holdsReplacement, 1 + utf8[..<offset].count { $0 == UInt8(ascii: "\n") })
        }
        // A U+FFFD that was in the file as UTF-8 is text like any other.
        let problem = holdsReplacement ? first(in: try bytes()) : nil
        return problem ?? nulLine.map { UTF8Problem(line: $0, byte: 0) }
    }

    /// `bytes` as text, or what keeps them from being text (bytes that are not UTF-8, a NUL
    /// byte, a UTF-16 or UTF-32 byte order mark).
    package static func text(of bytes: Data) -> Result<String, UTF8Problem> {
        let text = String(decoding: bytes, as: UTF8.self)
        return of(text, bytes: { bytes }).map { .failure($0) } ?? .success(text)
    }

    /// The first byte of `bytes` that does not start a well-formed UTF-8 sequence (no
    /// overlong forms, surrogates or code points past U+10FFFF), and its line.
    package static func first(in bytes: Data) -> UTF8Problem? {
        for (encoding, marks) in [("UTF-32", [[0xFF, 0xFE, 0, 0], [0, 0, 0xFE, 0xFF]]), ("UTF-16", [[0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]])]
        where marks.contains(where: { bytes.starts(with: $0) }) {
            var problem = UTF8Problem(line: 1, byte: bytes[bytes.startIndex])
            problem.encoding = encoding
            return problem
        }
        return bytes.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> UTF8Problem? in
            var line = 1
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if lead == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                    continue
                }
                let length: Int
                var second: ClosedRange<UInt8> = 0x80...0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; second = 0xA0...0xBF
                case 0xED: length = 3; second = 0x80...0x9F
                case 0xE1...0xEF: length = 3
                case 0xF0: length = 4; second = 0x90...0xBF
                case 0xF4: length = 4; second = 0x80...0x8F
                case 0xF1...0xF3: length = 4
                default: return UTF8Problem(line: line, byte: lead)
                }
                for offset in 1..<length {
                    let range = offset == 1 ? second : 0x80...0xBF
                    guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
                        return UTF8Problem(line: line, byte: lead)
                    }
                }
                index += length
            }
            return nil
        }
    }
}
