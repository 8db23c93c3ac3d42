/// The text of the markers that bracket a node's HTML: `\u{2}` + nonce + `s`/`e` + id +
/// `\u{3}`. The nonce is random per document, so a document's own text cannot fake a marker.
enum MarkerText {
    static let open: UInt8 = 0x02
    static let close: UInt8 = 0x03
    static let startKind = UInt8(ascii: "s")
    static let endKind = UInt8(ascii: "e")

    static func start(id: Int, nonce: String) -> String { "\u{2}\(nonce)s\(id)\u{3}" }
    static func end(id: Int, nonce: String) -> String { "\u{2}\(nonce)e\(id)\u{3}" }

    /// A fresh nonce of eight lowercase letters, from one random number.
    static func makeNonce() -> String {
        var bits = UInt64.random(in: 0...UInt64.max)
        var letters = [UInt8](repeating: 0, count: 8)
        for index in letters.indices {
            letters[index] = 97 + UInt8(bits % 26)
            bits /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
