// Placeholder until the encoder lands (branch `qr`).
struct QRCode: Sendable {
    enum Correction: String, Sendable { case low, medium, quartile, high }
    init(text: String, correction: Correction) throws(QRCodeError) { throw QRCodeError(message: "not yet") }
    func svg(scale: Int, quietZone: Int, title: String?) -> String { "" }
}
struct QRCodeError: Error, Sendable { let message: String }
