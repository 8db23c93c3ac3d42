import Foundation

/// A PNG of one colour that carries an ICC colour profile, made here byte by byte (no fixture
/// file, no licence): the profile is sRGB's but for its red and green primaries, which it
/// swaps. A viewer that reads the profile shows the PNG's red as green; one that ignores it
/// shows red. So a copy converted to sRGB is green, and one whose profile was dropped
/// unconverted is red.
enum ProfiledImage {
    /// The PNG: `width` × `height` pixels of `color` (red, green, blue), `profile` (by default
    /// the one that swaps red and green) in its `iCCP` chunk.
    /// `sixteenBits`: each channel in two bytes (the colour's byte twice); `profile` `nil`: none.
    static func png(width: Int, height: Int, color: (UInt8, UInt8, UInt8), profile: [UInt8]? = profileSwappingRedAndGreen(),
                    sixteenBits: Bool = false) -> Data {
        var rows: [UInt8] = []
        let pixel = sixteenBits ? [color.0, color.0, color.1, color.1, color.2, color.2] : [color.0, color.1, color.2]
        rows.reserveCapacity((width * pixel.count + 1) * height)
        for _ in 0..<height {
            rows.append(0)  // no filter
            for _ in 0..<width { rows += pixel }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [sixteenBits ? 16 : 8, 2, 0, 0, 0])
        if let profile { png += chunk("iCCP", Array("swapped\0".utf8) + [0] + zlibStored(profile)) }
        png += chunk("IDAT", zlibStored(rows))
        png += chunk("IEND", [])
        return Data(png)
    }

    /// An ICC v2 display profile: sRGB's white point and gamma 2.2, with the XYZ of sRGB's green
    /// as its red and of sRGB's red as its green.
    static func profileSwappingRedAndGreen() -> [UInt8] {
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
            Array("XYZ ".utf8) + [0, 0, 0, 0] + [x, y, z].flatMap { bigEndian(UInt32(bitPattern: Int32(($0 * 65536).rounded()))) }
        }
        let description = Array("sitegen test: red and green swapped".utf8) + [0]
        let tags: [(String, [UInt8])] = [
            ("desc", Array("desc".utf8) + [0, 0, 0, 0] + bigEndian(UInt32(description.count)) + description + [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)),
            ("cprt", Array("text".utf8) + [0, 0, 0, 0] + Array("No copyright: made by a test\0".utf8)),
            ("wtpt", xyz(0.9642, 1.0, 0.8249)),
            ("rXYZ", xyz(0.3851, 0.7169, 0.0971)),  // sRGB's green
            ("gXYZ", xyz(0.4361, 0.2225, 0.0139)),  // sRGB's red
            ("bXYZ", xyz(0.1431, 0.0606, 0.7141)),
            ("rTRC", Array("curv".utf8) + [0, 0, 0, 0] + bigEndian(UInt32(1)) + [0x02, 0x33]),  // gamma 2.2
        ]
        // gTRC and bTRC share rTRC's curve.
        let entries = tags.count + 2
        var offset = 128 + 4 + entries * 12
        var table: [UInt8] = bigEndian(UInt32(entries))
        var data: [UInt8] = []
        var curve: (offset: Int, size: Int) = (0, 0)
        for (signature, bytes) in tags {
            table += Array(signature.utf8) + bigEndian(UInt32(offset)) + bigEndian(UInt32(bytes.count))
            if signature == "rTRC" { curve = (offset, bytes.count) }
            let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            data += padded
            offset += padded.count
        }
        for signature in ["gTRC", "bTRC"] { table += Array(signature.utf8) + bigEndian(UInt32(curve.offset)) + bigEndian(UInt32(curve.size)) }
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ bytes: [UInt8], at index: Int) { header.replaceSubrange(index..<index + bytes.count, with: bytes) }
        put(bigEndian(UInt32(128 + table.count + data.count)), at: 0)
        put([0x02, 0x10, 0, 0], at: 8)
        put(Array("mntrRGB XYZ ".utf8), at: 12)
        put([0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0], at: 24)  // 2026-01-01
        put(Array("acsp".utf8), at: 36)
        put(Array(xyz(0.9642, 1.0, 0.8249).dropFirst(8)), at: 68)  // the illuminant, D50
        return header + table + data
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of `bytes` in stored (uncompressed) deflate blocks.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            stream += [end == bytes.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += bytes[start..<end]
            start = end
        } while start < bytes.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
