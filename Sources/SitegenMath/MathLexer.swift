/// One token of a formula: a command (`\alpha`, `\\`, `\,`), a character, a space, a brace,
/// a script mark, `&`, or a macro parameter (`#1`).
struct MathToken: Sendable {
    enum Kind: UInt8, Sendable {
        case command, character, space, open, close, upper, lower, alignment, parameter, end
    }

    var kind: Kind
    /// The command with its backslash (`\alpha`), for `.command`.
    var name: String
    /// The character, for `.character`; the parameter's number, for `.parameter`.
    var scalar: UInt32
    /// The UTF-8 offset in the formula (of the command that expanded to it, for a macro's tokens).
    var offset: Int32

    static func end(at offset: Int) -> MathToken { MathToken(kind: .end, name: "", scalar: 0, offset: Int32(offset)) }

    func isCharacter(_ ascii: UInt8) -> Bool { kind == .character && scalar == UInt32(ascii) }
    func isCommand(_ command: String) -> Bool { kind == .command && name == command }
}

/// Splits a formula into tokens as TeX does: a control word takes the letters after the
/// backslash and the spaces after it, a run of spaces is one space token, `%` comments to the
/// end of the line.
enum MathLexer {
    static func tokens(_ bytes: [UInt8]) throws(MathError) -> [MathToken] {
        var tokens: [MathToken] = []
        tokens.reserveCapacity(bytes.count / 2 + 4)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let start = index
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                while index < count, isSpace(bytes[index]) { index += 1 }
                tokens.append(MathToken(kind: .space, name: "", scalar: 0x20, offset: Int32(start)))
            case 0x25: // % comment
                while index < count, bytes[index] != 0x0A { index += 1 }
                if index < count { index += 1 }
            case 0x5C: // backslash
                index += 1
                guard index < count else { throw MathError(message: "a lone backslash ends the formula", offset: start) }
                if isLetter(bytes[index]) {
                    while index < count, isLetter(bytes[index]) { index += 1 }
                    let name = String(decoding: bytes[start..<index], as: UTF8.self)
                    while index < count, isSpace(bytes[index]) { index += 1 }
                    tokens.append(MathToken(kind: .command, name: name, scalar: 0, offset: Int32(start)))
                } else {
                    let length = scalarLength(bytes[index])
                    let end = min(count, index + length)
                    index = end
                    let name = String(decoding: bytes[start..<end], as: UTF8.self)
                    tokens.append(MathToken(kind: .command, name: name, scalar: 0, offset: Int32(start)))
                    // `\ ` followed by more spaces: TeX reads the one space.
                }
            case 0x7B: index += 1; tokens.append(MathToken(kind: .open, name: "", scalar: 0x7B, offset: Int32(start)))
            case 0x7D: index += 1; tokens.append(MathToken(kind: .close, name: "", scalar: 0x7D, offset: Int32(start)))
            case 0x5E: index += 1; tokens.append(MathToken(kind: .upper, name: "", scalar: 0x5E, offset: Int32(start)))
            case 0x5F: index += 1; tokens.append(MathToken(kind: .lower, name: "", scalar: 0x5F, offset: Int32(start)))
            case 0x26: index += 1; tokens.append(MathToken(kind: .alignment, name: "", scalar: 0x26, offset: Int32(start)))
            case 0x23:
                index += 1
                if index < count, bytes[index] >= 0x31, bytes[index] <= 0x39 {
                    tokens.append(MathToken(kind: .parameter, name: "", scalar: UInt32(bytes[index] - 0x30), offset: Int32(start)))
                    index += 1
                } else {
                    // `##` in a macro's body, or a colour's `#ff0000`; the parser refuses it in math.
                    if index < count, bytes[index] == 0x23 { index += 1 }
                    tokens.append(MathToken(kind: .character, name: "", scalar: 0x23, offset: Int32(start)))
                }
            case 0x00..<0x80:
                index += 1
                tokens.append(MathToken(kind: .character, name: "", scalar: UInt32(byte), offset: Int32(start)))
            default:
                let length = scalarLength(byte)
                var scalar: UInt32 = length == 2 ? UInt32(byte & 0x1F) : length == 3 ? UInt32(byte & 0x0F) : UInt32(byte & 0x07)
                index += 1
                var remaining = length - 1
                while remaining > 0, index < count, bytes[index] & 0xC0 == 0x80 {
                    scalar = scalar << 6 | UInt32(bytes[index] & 0x3F)
                    index += 1
                    remaining -= 1
                }
                if length == 1 { scalar = 0xFFFD }
                tokens.append(MathToken(kind: .character, name: "", scalar: scalar, offset: Int32(start)))
            }
        }
        return tokens
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    @inline(__always) static func scalarLength(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte < 0xE0 ? (byte < 0xC0 ? 1 : 2) : byte < 0xF0 ? 3 : 4
    }
}
