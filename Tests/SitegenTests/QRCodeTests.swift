import Foundation
import Testing
@testable import Sitegen

/// The expected matrices were made by this encoder, then checked: zbarimg reads them back, and
/// qrencode makes the same modules for the same text, version, level and mask.
@Suite("QR codes")
struct QRCodeTests {
    private func rows(_ code: QRCode) -> [String] {
        (0..<code.size).map { y in String((0..<code.size).map { code.isDark(x: $0, y: y) ? "1" : "0" }) }
    }

    @Test("an alphanumeric text at level quartile makes qrencode's version 1 symbol")
    func alphanumericVersionOne() throws {
        let code = try QRCode(text: "HELLO WORLD", correction: .quartile)
        #expect(code.mode == .alphanumeric)
        #expect(code.version == 1)
        #expect(code.mask == 0)
        #expect(rows(code) == [
            "111111101100001111111",
            "100000101001001000001",
            "101110101001101011101",
            "101110101000001011101",
            "101110101010001011101",
            "100000100010001000001",
            "111111101010101111111",
            "000000001000000000000",
            "011010110000101011111",
            "010000001111000010001",
            "001101110110001011000",
            "011011010011010101110",
            "100010101011101110101",
            "000000001101001000101",
            "111111101010000101100",
            "100000100101101101000",
            "101110101010001111111",
            "101110100101010100010",
            "101110101001011101001",
            "100000101011110001011",
            "111111100001011100001",
        ])
    }

    @Test("digits at level medium make qrencode's version 1 symbol, mask 2 included")
    func numericVersionOne() throws {
        let code = try QRCode(text: "01234567", correction: .medium)
        #expect(code.mode == .numeric)
        #expect(code.mask == 2)
        #expect(rows(code) == [
            "111111100101101111111",
            "100000100111101000001",
            "101110101000001011101",
            "101110101100001011101",
            "101110101011101011101",
            "100000101000101000001",
            "111111101010101111111",
            "000000001001100000000",
            "101111100100101111100",
            "000101011010100101100",
            "001000110101010011111",
            "000010000100000111100",
            "000111111001010010000",
            "000000001011111001100",
            "111111100110101100000",
            "100000101011111000101",
            "101110101000100101100",
            "101110101100100100000",
            "101110101011010010100",
            "100000100000000110110",
            "111111101111010010100",
        ])
    }

    @Test("a URL at level low needs version 2, whose alignment pattern is drawn")
    func byteVersionTwo() throws {
        let code = try QRCode(text: "https://example.org/", correction: .low)
        #expect(code.mode == .byte)
        #expect(code.version == 2)
        #expect(code.size == 25)
        #expect(rows(code) == [
            "1111111011110100001111111",
            "1000001000011010101000001",
            "1011101001010100001011101",
            "1011101000110101101011101",
            "1011101000111010101011101",
            "1000001001010110101000001",
            "1111111010101010101111111",
            "0000000011001101100000000",
            "1101101001001000101000001",
            "1100110010100111110111110",
            "1100011001001101110111001",
            "0111110100000010011101111",
            "0111011001100111101100001",
            "1001010010101011100010010",
            "1100111100000011101011111",
            "1011100010101110011101101",
            "1001011001111000111110110",
            "0000000010010000100010110",
            "1111111001001110101010001",
            "1000001000010101100010001",
            "1011101011110101111110011",
            "1011101010101100111000011",
            "1011101001010101010011111",
            "1000001010111101000110111",
            "1111111010011100101001001",
        ])
    }

    @Test("text beyond ASCII is encoded as its UTF-8 bytes")
    func utf8Text() throws {
        let code = try QRCode(text: "Grüße 🎉", correction: .high)
        #expect(code.mode == .byte)
        #expect(code.version == 2)
        #expect(rows(code) == [
            "1111111010010110101111111",
            "1000001010010001001000001",
            "1011101010000010101011101",
            "1011101001111110001011101",
            "1011101001010100101011101",
            "1000001011111010001000001",
            "1111111010101010101111111",
            "0000000010010111100000000",
            "0011101011110110011100111",
            "0111000001101011011011001",
            "1001101110101101110000110",
            "0101000011101111010001100",
            "1011111110001100100110101",
            "1000000101111001001110110",
            "1011111101110001110001011",
            "1010100111100001000000110",
            "1001111100101001111111011",
            "0000000010101001100011001",
            "1111111000001001101010111",
            "1000001001000000100011101",
            "1011101011110100111110010",
            "1011101010011011100010101",
            "1011101010111010101000101",
            "1000001000110011000100001",
            "1111111000001001011101111",
        ])
    }

    @Test("version 7 and up carry the version information blocks")
    func versionSeven() throws {
        let code = try QRCode(text: "sitegen", correction: .high, minimumVersion: 7, mask: nil)
        #expect(code.version == 7)
        #expect(code.size == 45)
        #expect(rows(code) == [
            "111111101111010100000000001110111100101111111",
            "100000100100000000111000111100010101001000001",
            "101110100010101010001011110111001101001011101",
            "101110101100101110010000001001101001101011101",
            "101110100110101100001111111111000011101011101",
            "100000100000000101011000101111001100001000001",
            "111111101010101010101010101010101010101111111",
            "000000000000000011111000110101000010100000000",
            "001011101001011100011111111001101001110001001",
            "010000011110001011101010110111000101010000100",
            "000010110010010110100111000101101011111010001",
            "101110010100110100110110110110110011000100100",
            "001011110011110101001111101110010000111100101",
            "010010011001001101110110000100111010100111010",
            "110010110100000001110110101000110010000101010",
            "001011000011001111000000101111000100110000011",
            "011011101011011101110011100001101111111010010",
            "110011001000010100001010100101000101010000100",
            "110000110010010111101111010101101111111010001",
            "011110011110110011110110100110110011001100100",
            "100111111001110000101111101110010000111110101",
            "000110001111101000111000110100111010100011001",
            "111110101110011111101010111000110011101011111",
            "011110001001111100001000100000000101100011001",
            "100011111110001011011111110111001111111111111",
            "000001011000100100101000001000000101111010100",
            "111001101110111011100011111101101110010000001",
            "011000011101100001101100000011110011010010100",
            "101110111001010000110100101110010000001000101",
            "001011011011001000110101010011011011000001010",
            "100001110111111111100101011010010010101011110",
            "010100011001010101110010110101100101100001011",
            "100011111110010111010110011101001111110011110",
            "101110010000101001110100110110000100111011100",
            "000010111001100000100110000111101111010001101",
            "011110011000100011010011110101110011010010000",
            "100110111001011101111111111100010000111111001",
            "000000001001010111111000111111011010100011010",
            "111111100111111100111010111110010010101011110",
            "100000101111010000111000110100100101100011011",
            "101110101110010101111111111100001110111111110",
            "101110100111101000101110011111100101000000110",
            "101110101001010101111000100111101111010010001",
            "100000100010110101110110100110010011100000110",
            "111111100000001111110110010010010001000010111",
        ])
    }

    @Test("format and version information have the standard's check bits")
    func formatAndVersionBits() {
        // Level M with mask 0 is all zeros before masking: the result is the mask itself.
        #expect(QRCode.formatBits(correction: .medium, mask: 0) == 0b101_0100_0001_0010)
        #expect(QRCode.formatBits(correction: .medium, mask: 5) == 0b100_0000_1100_1110)
        #expect(QRCode.formatBits(correction: .low, mask: 0) == 0b111_0111_1100_0100)
        #expect(QRCode.versionBits(version: 7) == 0x07C94)
        #expect(QRCode.versionBits(version: 40) == 0x28C69)
    }

    @Test("the mode is the smallest one every character fits")
    func modeChoice() throws {
        #expect(try QRCode(text: "0123456789", correction: .low).mode == .numeric)
        #expect(try QRCode(text: "HTTPS://EXAMPLE.ORG/A B$%*+-.:", correction: .low).mode == .alphanumeric)
        #expect(try QRCode(text: "Hello", correction: .low).mode == .byte)
        #expect(try QRCode(text: "123 ", correction: .low).mode == .alphanumeric)
        #expect(try QRCode(text: "café", correction: .low).mode == .byte)
    }

    @Test("the version is the smallest that holds the text at the level")
    func versionChoice() throws {
        // Version 1 holds 41 digits, 25 alphanumeric characters or 17 bytes at level low,
        // 17 digits, 10 characters or 7 bytes at level high.
        #expect(try QRCode(text: String(repeating: "7", count: 41), correction: .low).version == 1)
        #expect(try QRCode(text: String(repeating: "7", count: 42), correction: .low).version == 2)
        #expect(try QRCode(text: String(repeating: "A", count: 25), correction: .low).version == 1)
        #expect(try QRCode(text: String(repeating: "A", count: 26), correction: .low).version == 2)
        #expect(try QRCode(text: String(repeating: "a", count: 17), correction: .low).version == 1)
        #expect(try QRCode(text: String(repeating: "a", count: 18), correction: .low).version == 2)
        #expect(try QRCode(text: String(repeating: "7", count: 17), correction: .high).version == 1)
        #expect(try QRCode(text: String(repeating: "A", count: 10), correction: .high).version == 1)
        #expect(try QRCode(text: String(repeating: "a", count: 7), correction: .high).version == 1)
        #expect(try QRCode(text: String(repeating: "a", count: 8), correction: .high).version == 2)
        // The largest texts of version 40.
        #expect(try QRCode(text: String(repeating: "7", count: 7_089), correction: .low).version == 40)
        #expect(try QRCode(text: String(repeating: "A", count: 4_296), correction: .low).version == 40)
        #expect(try QRCode(text: String(repeating: "a", count: 2_953), correction: .low).size == 177)
        #expect(try QRCode(text: String(repeating: "a", count: 1_273), correction: .high).version == 40)
        #expect(try QRCode(text: "", correction: .medium).version == 1)
    }

    @Test("a text longer than version 40 holds is an error that says the limit")
    func tooLong() {
        #expect { try QRCode(text: String(repeating: "a", count: 2_954), correction: .low) } throws: { error in
            (error as? QRCodeError)?.message.contains("at most 2953") == true
        }
        #expect { try QRCode(text: String(repeating: "A", count: 1_853), correction: .high) } throws: { error in
            (error as? QRCodeError)?.message.contains("at most 1852") == true
        }
        #expect { try QRCode(text: String(repeating: "7", count: 3_058), correction: .high) } throws: { error in
            (error as? QRCodeError)?.message.contains("at most 3057") == true
        }
        // A huge text is turned down before it is copied.
        #expect { try QRCode(text: String(repeating: "7", count: 5_000_000), correction: .low) } throws: { error in
            (error as? QRCodeError)?.message.contains("5000000 bytes") == true
        }
    }

    @Test("the three finders, the timing patterns and the dark module are where the standard puts them in version 40")
    func functionPatternsOfTheLargestVersion() throws {
        let code = try QRCode(text: "x", correction: .low, minimumVersion: 40, mask: nil)
        #expect(code.size == 177)
        let finderRow = "1011101"
        for (left, top) in [(0, 0), (170, 0), (0, 170)] {
            let row = String((0..<7).map { code.isDark(x: left + $0, y: top + 3) ? "1" : "0" })
            #expect(row == finderRow)
        }
        #expect((8..<169).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) })
        #expect((8..<169).allSatisfy { code.isDark(x: 6, y: $0) == ($0 % 2 == 0) })
        #expect(code.isDark(x: 8, y: 169))
        #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 0, y: 177))
    }

    @Test("the SVG is one path of merged horizontal runs with a label, sized by scale and quiet zone")
    func svgShape() throws {
        let code = try QRCode(text: "HELLO WORLD", correction: .quartile)
        let svg = code.svg(scale: 4, quietZone: 4, title: "Scan <me> & \"go\"")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\" width=\"116\" height=\"116\" role=\"img\""))
        #expect(svg.contains("aria-label=\"Scan &lt;me&gt; &amp; &quot;go&quot;\""))
        #expect(svg.contains("<title>Scan &lt;me&gt; &amp; &quot;go&quot;</title>"))
        #expect(svg.hasSuffix("\"/></svg>"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        // The top row, 1111111 0 1 1 0 0 0 0 1111111, becomes three runs.
        #expect(svg.contains("d=\"M4 4h7v1h-7zM12 4h2v1h-2zM18 4h7v1h-7zM4 5h1v1h-1z"))
        let runs = rows(code).reduce(0) { count, row in
            count + row.split(separator: "0", omittingEmptySubsequences: true).count
        }
        #expect(svg.components(separatedBy: "M").count - 1 == runs)
    }

    @Test("an SVG without a title still has a label, and hostile scales are clamped")
    func svgBounds() throws {
        let code = try QRCode(text: "1", correction: .low)
        let svg = code.svg(scale: Int.max, quietZone: Int.min, title: nil)
        #expect(svg.contains("viewBox=\"0 0 21 21\" width=\"1344\" height=\"1344\""))
        #expect(svg.contains("aria-label=\"QR code\""))
        #expect(!svg.contains("<title>"))
        #expect(code.svg(scale: 0, quietZone: 1_000, title: nil).contains("viewBox=\"0 0 53 53\" width=\"53\""))
    }
}
