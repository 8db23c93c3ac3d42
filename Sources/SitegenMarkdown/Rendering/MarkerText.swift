/// The text of the markers that bracket a node's HTML: `\u{2}` + nonce + `s`/`e` + id +
/// `\u{3}`. The nonce is random per document, so a document's own text cannot fake a marker.
enum MarkerText {
    static let open: UInt8 = 0x02
    static let close: UInt8 = 0x03
    static let startKind = UInt8(ascii: "s")
    static let endKind = UInt8(ascii: "e")

    static func start(id: Int, nonce: String) -> String { "\u{2}\(nonce)s\(id)\u{3}" }
    static func end(id: Int, nonce: String) -> String { "\u{2}\(nonce)e\(id)\u{3}" }

    /// A fresh nonce of eight lowercase letters.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<8).map { _ in Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &generator))) })
    }
}
