/// The math fonts of `\mathbb`, `\mathbf`… as the characters of Unicode's Mathematical
/// Alphanumeric Symbols block (MathML Core has no `mathvariant` but `normal`): `\mathbb{R}` is
/// `<mi>ℝ</mi>`, `\mathbf{x}` is `<mi>𝐱</mi>`.
enum MathFont: UInt8, Sendable {
    case none
    /// `\mathrm`: upright letters (`<mi mathvariant="normal">`).
    case roman
    case bold, italic, boldItalic, script, boldScript, fraktur, boldFraktur, doubleStruck
    case sansSerif, sansSerifBold, sansSerifItalic, sansSerifBoldItalic, monospace

    /// The first capital Latin letter, the first small one and the first digit of the font in
    /// the block (0: letters or digits stay as they are).
    private var bases: (capital: UInt32, small: UInt32, digit: UInt32) {
        switch self {
        case .none, .roman: (0, 0, 0)
        case .bold: (0x1D400, 0x1D41A, 0x1D7CE)
        case .italic: (0x1D434, 0x1D44E, 0)
        case .boldItalic: (0x1D468, 0x1D482, 0x1D7CE)
        case .script: (0x1D49C, 0x1D4B6, 0)
        case .boldScript: (0x1D4D0, 0x1D4EA, 0x1D7CE)
        case .fraktur: (0x1D504, 0x1D51E, 0)
        case .boldFraktur: (0x1D56C, 0x1D586, 0x1D7CE)
        case .doubleStruck: (0x1D538, 0x1D552, 0x1D7D8)
        case .sansSerif: (0x1D5A0, 0x1D5BA, 0x1D7E2)
        case .sansSerifBold: (0x1D5D4, 0x1D5EE, 0x1D7EC)
        case .sansSerifItalic: (0x1D608, 0x1D622, 0x1D7E2)
        case .sansSerifBoldItalic: (0x1D63C, 0x1D656, 0x1D7EC)
        case .monospace: (0x1D670, 0x1D68A, 0x1D7F6)
        }
    }

    /// Letters the block leaves out because Unicode had them already (the "holes").
    private static let holes: [UInt32: UInt32] = [
        0x1D455: 0x210E, // italic h
        0x1D49D: 0x212C, 0x1D4A0: 0x2130, 0x1D4A1: 0x2131, 0x1D4A3: 0x210B, 0x1D4A4: 0x2110, 0x1D4A7: 0x2112,
        0x1D4A8: 0x2133, 0x1D4AD: 0x211B, 0x1D4BA: 0x212F, 0x1D4BC: 0x210A, 0x1D4C4: 0x2134,
        0x1D506: 0x212D, 0x1D50B: 0x210C, 0x1D50C: 0x2111, 0x1D515: 0x211C, 0x1D51D: 0x2128,
        0x1D53A: 0x2102, 0x1D53F: 0x210D, 0x1D545: 0x2115, 0x1D547: 0x2119, 0x1D548: 0x211A, 0x1D549: 0x211D,
        0x1D551: 0x2124,
    ]

    /// `scalar` in this font, or nil when the font has no such character.
    func map(_ scalar: UInt32) -> UInt32? {
        let (capital, small, digit) = bases
        var mapped: UInt32?
        switch scalar {
        case 0x41...0x5A where capital != 0: mapped = capital + scalar - 0x41
        case 0x61...0x7A where small != 0: mapped = small + scalar - 0x61
        case 0x30...0x39 where digit != 0: mapped = digit + scalar - 0x30
        case 0x391...0x3A9, 0x3B1...0x3C9, 0x3F5, 0x3D1, 0x3D5, 0x3F1, 0x3D6, 0x2202, 0x2207:
            let greek: UInt32
            switch self {
            case .bold: greek = 0x1D6A8
            case .italic: greek = 0x1D6E2
            case .boldItalic: greek = 0x1D71C
            case .sansSerifBold: greek = 0x1D756
            case .sansSerifBoldItalic: greek = 0x1D790
            default: return nil
            }
            switch scalar {
            case 0x391...0x3A9: mapped = greek + scalar - 0x391
            case 0x2207: mapped = greek + 25
            case 0x3B1...0x3C9: mapped = greek + 26 + scalar - 0x3B1
            case 0x2202: mapped = greek + 51
            case 0x3F5: mapped = greek + 52
            case 0x3D1: mapped = greek + 53
            case 0x3D5: mapped = greek + 55
            case 0x3F1: mapped = greek + 56
            default: mapped = greek + 57 // ϖ
            }
        default: return nil
        }
        guard let mapped else { return nil }
        return Self.holes[mapped] ?? mapped
    }
}
