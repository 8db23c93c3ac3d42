import Foundation

/// A QR Code symbol (ISO/IEC 18004, Model 2), made at build time for Hugo's `qr` shortcode and
/// written as an inline SVG.
///
/// The whole text goes in one segment: numeric or alphanumeric mode when every character fits
/// them (they need fewer bits per character, so the symbol can be smaller), else byte mode with
/// the text's UTF-8 bytes. The symbol is the smallest version (1–40) that holds the segment at the
/// asked correction level, with the mask the standard's penalty rules choose.
struct QRCode: Sendable {
    /// How much of the symbol may be damaged and still read: about 7, 15, 25 and 30 percent of
    /// the codewords. The names are those of Hugo's `level` argument.
    enum Correction: String, Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The two bits the format information gives the level (not in order of strength).
        fileprivate var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }

        fileprivate var tableIndex: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .quartile: 2
            case .high: 3
            }
        }
    }

    /// How the text's characters are turned into bits.
    enum Mode: Sendable {
        /// Digits, three to ten bits.
        case numeric
        /// Digits, capital letters, space and `$%*+-./:`, two to eleven bits.
        case alphanumeric
        /// Any byte, eight bits each.
        case byte
    }

    /// The largest version the standard defines.
    static let maximumVersion = 40
    /// Bounds for ``svg(scale:quietZone:title:)``, so that hostile shortcode arguments cannot
    /// overflow the pixel size or write an image of gigabytes.
    static let maximumScale = 64
    static let maximumQuietZone = 16

    /// Modules per side: 21 for version 1, four more for each version after it.
    let size: Int
    /// 1 to 40.
    let version: Int
    let correction: Correction
    let mode: Mode
    /// The data mask pattern, 0 to 7.
    let mask: Int
    /// Row by row, `true` for a dark module.
    private let modules: [Bool]

    /// Encodes `text` at the smallest version that holds it.
    ///
    /// - Throws: ``QRCodeError`` when the text does not fit in version 40 at this level.
    init(text: String, correction: Correction) throws(QRCodeError) {
        try self.init(text: text, correction: correction, minimumVersion: 1, mask: nil)
    }

    /// Encodes `text` at `minimumVersion` or the smallest larger one that holds it, with the
    /// given mask or else the one of least penalty. Tests use it to compare symbols of a known
    /// version and mask with those of other encoders.
    init(text: String, correction: Correction, minimumVersion: Int, mask forcedMask: Int?) throws(QRCodeError) {
        // Checked before the bytes are copied: no symbol holds more than 7,089 characters.
        let byteCount = text.utf8.count
        guard byteCount <= 7_089 else {
            throw QRCodeError(message: "the text for a QR code is \(byteCount) bytes long; a QR code holds at most 7089 digits or 2953 bytes")
        }
        let bytes = Array(text.utf8)
        let mode = Self.mode(for: bytes)
        let level = correction.tableIndex
        let firstVersion = min(max(minimumVersion, 1), Self.maximumVersion)

        var chosen: Int?
        for version in firstVersion...Self.maximumVersion {
            let needed = 4 + Self.countBits(mode: mode, version: version) + Self.dataBits(mode: mode, count: bytes.count)
            if needed <= Self.dataCodewords(version: version, level: level) * 8,
               bytes.count < 1 << Self.countBits(mode: mode, version: version) {
                chosen = version
                break
            }
        }
        guard let version = chosen else {
            let capacity = Self.capacity(mode: mode, level: level)
            throw QRCodeError(message: "the text for a QR code is too long: \(bytes.count) \(mode == .byte ? "bytes" : "characters") where level \(correction.rawValue) holds at most \(capacity)")
        }

        let data = Self.dataCodewords(bytes: bytes, mode: mode, version: version, level: level)
        let codewords = Self.withErrorCorrection(data, version: version, level: level)

        var canvas = Canvas(version: version)
        canvas.place(codewords)

        let mask: Int
        if let forcedMask, (0...7).contains(forcedMask) {
            mask = forcedMask
        } else {
            var best = 0, bestPenalty = Int.max
            for candidate in 0...7 {
                var trial = canvas
                trial.applyMask(candidate)
                trial.drawFormat(Self.formatBits(correction: correction, mask: candidate))
                let penalty = trial.penalty()
                if penalty < bestPenalty {
                    best = candidate
                    bestPenalty = penalty
                }
            }
            mask = best
        }
        canvas.applyMask(mask)
        canvas.drawFormat(Self.formatBits(correction: correction, mask: mask))

        self.size = canvas.size
        self.version = version
        self.correction = correction
        self.mode = mode
        self.mask = mask
        self.modules = canvas.dark
    }

    /// Whether the module in column `x` and row `y` (from the top left) is dark; outside the
    /// symbol, as in its quiet zone, it is light.
    func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The symbol as one `<svg>` element with one `<path>`, dark runs of each row as rectangles,
    /// on a white background (a code on a dark page must still scan).
    ///
    /// - Parameters:
    ///   - scale: Pixels per module for `width` and `height`, 1 to ``maximumScale``.
    ///   - quietZone: Light modules around the symbol, 0 to ``maximumQuietZone``; the standard
    ///     asks for 4.
    ///   - title: What the code says for screen readers (`aria-label` and `<title>`); without
    ///     one the label is "QR code".
    func svg(scale: Int, quietZone: Int, title: String?) -> String {
        let scale = min(max(scale, 1), Self.maximumScale)
        let quiet = min(max(quietZone, 0), Self.maximumQuietZone)
        let extent = size + 2 * quiet
        let pixels = extent * scale
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                path += "M\(start + quiet) \(y + quiet)h\(x - start)v1h-\(x - start)z"
            }
        }
        let label = Self.escaped(title ?? "QR code")
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(extent) \(extent)\""
        svg += " width=\"\(pixels)\" height=\"\(pixels)\" role=\"img\" aria-label=\"\(label)\""
        svg += " shape-rendering=\"crispEdges\" style=\"background-color:#fff\">"
        if title != nil { svg += "<title>\(label)</title>" }
        svg += "<path fill=\"#000\" d=\"\(path)\"/></svg>"
        return svg
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Why a text could not become a QR code.
struct QRCodeError: Error, Sendable {
    let message: String
}

// MARK: - Segment

extension QRCode {
    /// The value of an alphanumeric mode character, or nil when the mode has no such character.
    static func alphanumericValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: " "): 36
        case UInt8(ascii: "$"): 37
        case UInt8(ascii: "%"): 38
        case UInt8(ascii: "*"): 39
        case UInt8(ascii: "+"): 40
        case UInt8(ascii: "-"): 41
        case UInt8(ascii: "."): 42
        case UInt8(ascii: "/"): 43
        case UInt8(ascii: ":"): 44
        default: nil
        }
    }

    static func mode(for bytes: [UInt8]) -> Mode {
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return .numeric }
        if bytes.allSatisfy({ alphanumericValue($0) != nil }) { return .alphanumeric }
        return .byte
    }

    /// Length of the character count indicator, which grows with the version.
    static func countBits(mode: Mode, version: Int) -> Int {
        let range = version <= 9 ? 0 : version <= 26 ? 1 : 2
        switch mode {
        case .numeric: return [10, 12, 14][range]
        case .alphanumeric: return [9, 11, 13][range]
        case .byte: return [8, 16, 16][range]
        }
    }

    static func dataBits(mode: Mode, count: Int) -> Int {
        switch mode {
        case .numeric: 10 * (count / 3) + [0, 4, 7][count % 3]
        case .alphanumeric: 11 * (count / 2) + 6 * (count % 2)
        case .byte: 8 * count
        }
    }

    /// The most characters (bytes in byte mode) version 40 holds at `level`, for error messages.
    private static func capacity(mode: Mode, level: Int) -> Int {
        let available = dataCodewords(version: maximumVersion, level: level) * 8 - 4 - countBits(mode: mode, version: maximumVersion)
        switch mode {
        case .numeric: return available / 10 * 3 + (available % 10 >= 7 ? 2 : available % 10 >= 4 ? 1 : 0)
        case .alphanumeric: return available / 11 * 2 + (available % 11 >= 6 ? 1 : 0)
        case .byte: return available / 8
        }
    }

    /// Mode indicator, count, the characters, terminator and padding: exactly the data
    /// codewords of `version` at `level`.
    private static func dataCodewords(bytes: [UInt8], mode: Mode, version: Int, level: Int) -> [UInt8] {
        var bits = BitBuffer()
        switch mode {
        case .numeric: bits.append(0b0001, count: 4)
        case .alphanumeric: bits.append(0b0010, count: 4)
        case .byte: bits.append(0b0100, count: 4)
        }
        bits.append(bytes.count, count: countBits(mode: mode, version: version))
        switch mode {
        case .numeric:
            var index = 0
            while index < bytes.count {
                let group = bytes[index..<min(index + 3, bytes.count)]
                let value = group.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                bits.append(value, count: 3 * group.count + 1)
                index += 3
            }
        case .alphanumeric:
            var index = 0
            while index < bytes.count {
                let first = alphanumericValue(bytes[index]) ?? 0
                if index + 1 < bytes.count {
                    bits.append(first * 45 + (alphanumericValue(bytes[index + 1]) ?? 0), count: 11)
                } else {
                    bits.append(first, count: 6)
                }
                index += 2
            }
        case .byte:
            for byte in bytes { bits.append(Int(byte), count: 8) }
        }
        let capacity = dataCodewords(version: version, level: level) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var padding: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(padding)
            padding = padding == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Bits appended most significant first.
    private struct BitBuffer {
        private(set) var bytes: [UInt8] = []
        private(set) var count = 0

        mutating func append(_ value: Int, count length: Int) {
            guard length > 0 else { return }
            for shift in stride(from: length - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
                count += 1
            }
        }
    }
}

// MARK: - Error correction

extension QRCode {
    /// Error correction codewords per block, by level (L, M, Q, H) then version (ISO/IEC 18004
    /// table 9).
    private static let correctionPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error correction blocks, by level then version (table 9).
    private static let blockCounts: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// All codewords of each version: the modules left by the function patterns, eight a
    /// codeword (the 0, 3, 4 or 7 left over are remainder bits).
    private static let totalCodewords: [Int] = (0...maximumVersion).map { version in
        guard version > 0 else { return 0 }
        return Canvas(version: version).reserved.count(where: { !$0 }) / 8
    }

    static func dataCodewords(version: Int, level: Int) -> Int {
        totalCodewords[version] - correctionPerBlock[level][version - 1] * blockCounts[level][version - 1]
    }

    /// Splits the data into blocks (the shorter ones first), adds each block's Reed–Solomon
    /// codewords and interleaves them: the data codewords column by column, then the error
    /// correction codewords.
    private static func withErrorCorrection(_ data: [UInt8], version: Int, level: Int) -> [UInt8] {
        let blocks = blockCounts[level][version - 1]
        let correctionLength = correctionPerBlock[level][version - 1]
        let total = totalCodewords[version]
        let shortBlocks = blocks - total % blocks
        let shortLength = total / blocks - correctionLength
        let generator = GaloisField.generator(degree: correctionLength)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var correctionBlocks: [[UInt8]] = []
        var start = 0
        for block in 0..<blocks {
            let length = shortLength + (block < shortBlocks ? 0 : 1)
            let slice = data[start..<start + length]
            dataBlocks.append(slice)
            correctionBlocks.append(GaloisField.remainder(of: slice, generator: generator))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0...shortLength {
            for block in dataBlocks where column < block.count {
                result.append(block[block.startIndex + column])
            }
        }
        for column in 0..<correctionLength {
            for block in correctionBlocks { result.append(block[column]) }
        }
        return result
    }

    /// GF(256) with the field polynomial x⁸ + x⁴ + x³ + x² + 1 the standard names.
    private enum GaloisField {
        /// αⁱ for i in 0..<255.
        static let powers: [UInt8] = {
            var table = [UInt8](repeating: 0, count: 255)
            var value = 1
            for index in 0..<255 {
                table[index] = UInt8(value)
                value <<= 1
                if value & 0x100 != 0 { value ^= 0x11D }
            }
            return table
        }()

        /// log_α(v) for v in 1...255 (index 0 unused).
        static let logarithms: [Int] = {
            var table = [Int](repeating: 0, count: 256)
            for (exponent, value) in powers.enumerated() { table[Int(value)] = exponent }
            return table
        }()

        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            guard a != 0, b != 0 else { return 0 }
            return powers[(logarithms[Int(a)] + logarithms[Int(b)]) % 255]
        }

        /// (x − α⁰)(x − α¹)…(x − α^(degree−1)), coefficients from the highest power down.
        static func generator(degree: Int) -> [UInt8] {
            var polynomial: [UInt8] = [1]
            for root in 0..<degree {
                var product = polynomial + [0]
                for index in polynomial.indices {
                    product[index + 1] ^= multiply(polynomial[index], powers[root])
                }
                polynomial = product
            }
            return polynomial
        }

        /// The remainder of data(x)·x^degree divided by the generator: the error correction
        /// codewords.
        static func remainder(of data: ArraySlice<UInt8>, generator: [UInt8]) -> [UInt8] {
            let degree = generator.count - 1
            var remainder = [UInt8](repeating: 0, count: degree)
            for byte in data {
                let factor = byte ^ remainder[0]
                remainder.removeFirst()
                remainder.append(0)
                for index in 0..<degree {
                    remainder[index] ^= multiply(generator[index + 1], factor)
                }
            }
            return remainder
        }
    }
}

// MARK: - Format and version information

extension QRCode {
    /// Level and mask (5 bits) with their BCH(15,5) check bits, masked with 101010000010010 so
    /// that the result is never all light.
    static func formatBits(correction: Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        var remainder = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where (remainder >> bit) & 1 == 1 {
            remainder ^= 0b101_0011_0111 << (bit - 10)
        }
        return (data << 10 | remainder) ^ 0b101_0100_0001_0010
    }

    /// The version (6 bits) with its BCH(18,6) check bits, for versions 7 and up.
    static func versionBits(version: Int) -> Int {
        var remainder = version << 12
        for bit in stride(from: 17, through: 12, by: -1) where (remainder >> bit) & 1 == 1 {
            remainder ^= 0b1_1111_0010_0101 << (bit - 12)
        }
        return version << 12 | remainder
    }

    /// Centres of the alignment patterns on each axis, by version (annex E).
    private static let alignmentCentres: [[Int]] = [
        [], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82],
        [6, 30, 58, 86], [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]
}

// MARK: - Matrix

extension QRCode {
    /// The symbol while it is drawn: module colours and which modules belong to function
    /// patterns (finders, timing, alignment, format and version information), which data and
    /// masks leave alone.
    private struct Canvas {
        let size: Int
        var dark: [Bool]
        var reserved: [Bool]

        /// The function patterns of `version`, with the format areas reserved but not yet
        /// written (they depend on the mask).
        init(version: Int) {
            size = 17 + 4 * version
            dark = Array(repeating: false, count: size * size)
            reserved = Array(repeating: false, count: size * size)

            // Finder patterns with their light separators.
            for (centreX, centreY) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 {
                        let x = centreX + dx, y = centreY + dy
                        guard x >= 0, y >= 0, x < size, y < size else { continue }
                        let ring = max(abs(dx), abs(dy))
                        set(x, y, ring != 2 && ring != 4)
                    }
                }
            }
            for index in 8..<(size - 8) {
                set(6, index, index % 2 == 0)
                set(index, 6, index % 2 == 0)
            }
            let centres = QRCode.alignmentCentres[version]
            let last = centres.last ?? 0
            for centreY in centres {
                for centreX in centres {
                    let overlapsFinder = (centreX == 6 && centreY == 6) || (centreX == 6 && centreY == last)
                        || (centreX == last && centreY == 6)
                    if overlapsFinder { continue }
                    for dy in -2...2 {
                        for dx in -2...2 {
                            set(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1)
                        }
                    }
                }
            }
            drawFormat(0)
            set(8, size - 8, true)
            if version >= 7 {
                let bits = QRCode.versionBits(version: version)
                for index in 0..<18 {
                    let isSet = (bits >> index) & 1 == 1
                    let along = size - 11 + index % 3, across = index / 3
                    set(along, across, isSet)
                    set(across, along, isSet)
                }
            }
        }

        private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
            dark[y * size + x] = isDark
            reserved[y * size + x] = true
        }

        /// Both copies of the 15 format bits, bit 0 the least significant: one around the
        /// top-left finder, one split between the other two.
        mutating func drawFormat(_ bits: Int) {
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
            for index in 0...5 { set(8, index, bit(index)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for index in 9...14 { set(14 - index, 8, bit(index)) }
            for index in 0...7 { set(size - 1 - index, 8, bit(index)) }
            for index in 8...14 { set(8, size - 15 + index, bit(index)) }
        }

        /// Codeword bits, most significant first, in two-module columns from the bottom right,
        /// up then down, skipping the vertical timing pattern and function modules; modules
        /// left over stay light (remainder bits).
        mutating func place(_ codewords: [UInt8]) {
            let bitCount = codewords.count * 8
            var bitIndex = 0
            var right = size - 1
            var upward = true
            while right >= 1 {
                if right == 6 { right = 5 }
                for step in 0..<size {
                    let y = upward ? size - 1 - step : step
                    for x in [right, right - 1] where !reserved[y * size + x] {
                        if bitIndex < bitCount {
                            dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                        }
                        bitIndex += 1
                    }
                }
                upward.toggle()
                right -= 2
            }
        }

        /// Inverts the data modules where mask pattern `mask`'s condition holds (i row, j column).
        mutating func applyMask(_ mask: Int) {
            for i in 0..<size {
                for j in 0..<size where !reserved[i * size + j] {
                    let inverts: Bool
                    switch mask {
                    case 0: inverts = (i + j) % 2 == 0
                    case 1: inverts = i % 2 == 0
                    case 2: inverts = j % 3 == 0
                    case 3: inverts = (i + j) % 3 == 0
                    case 4: inverts = (i / 2 + j / 3) % 2 == 0
                    case 5: inverts = (i * j) % 2 + (i * j) % 3 == 0
                    case 6: inverts = ((i * j) % 2 + (i * j) % 3) % 2 == 0
                    default: inverts = ((i + j) % 2 + (i * j) % 3) % 2 == 0
                    }
                    if inverts { dark[i * size + j].toggle() }
                }
            }
        }

        /// The standard's penalty score (lower is better) of the whole symbol: long runs, 2×2
        /// blocks, finder-like patterns and an unbalanced share of dark modules.
        func penalty() -> Int {
            var score = 0
            var line = [Bool](repeating: false, count: size)
            for index in 0..<size {
                for position in 0..<size { line[position] = dark[index * size + position] }
                score += Self.linePenalty(line)
                for position in 0..<size { line[position] = dark[position * size + index] }
                score += Self.linePenalty(line)
            }
            for y in 0..<(size - 1) {
                for x in 0..<(size - 1) {
                    let colour = dark[y * size + x]
                    if dark[y * size + x + 1] == colour, dark[(y + 1) * size + x] == colour,
                       dark[(y + 1) * size + x + 1] == colour {
                        score += 3
                    }
                }
            }
            let darkCount = dark.count(where: { $0 })
            let total = size * size
            score += 10 * (abs(darkCount * 20 - total * 10) / total)
            return score
        }

        /// Runs of five or more modules of one colour (3 points, one more for each module past
        /// five) and dark-light-dark-dark-dark-light-dark with four light modules on either side
        /// (40 points, once however many sides are light).
        private static func linePenalty(_ line: [Bool]) -> Int {
            var score = 0
            var runLength = 0
            for index in line.indices {
                if index > 0, line[index] == line[index - 1] {
                    runLength += 1
                } else {
                    if runLength >= 5 { score += runLength - 2 }
                    runLength = 1
                }
            }
            if runLength >= 5 { score += runLength - 2 }

            // Past the edge is the quiet zone, light too: a scanner sees a finder there as well.
            let finderLike: [Bool] = [true, false, true, true, true, false, true]
            guard line.count >= 7 else { return score }
            for start in 0...(line.count - 7) where line[start..<start + 7].elementsEqual(finderLike) {
                let lightBefore = !line[max(0, start - 4)..<start].contains(true)
                let lightAfter = !line[(start + 7)..<min(line.count, start + 11)].contains(true)
                if lightBefore || lightAfter { score += 40 }
            }
            return score
        }
    }
}
