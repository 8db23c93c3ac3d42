/// A format images are written in.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// WebP: lossy with alpha, animations kept.
    case webp
    /// AVIF (AV1 in HEIF): smaller than WebP where browsers take it.
    case avif
    /// JPEG.
    case jpeg
    /// PNG.
    case png
    /// GIF, animations kept.
    case gif

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The MIME type, for `<source type=…>`.
    public var mimeType: String { "image/\(rawValue)" }

    /// Whether the format keeps every frame of an animation.
    var animates: Bool { self == .webp || self == .gif }
}

extension ImageFormat {
    /// The format a spec or file extension names: `webp`, `avif`, `jpg`/`jpeg`, `png`, `gif`.
    public init?(named name: String) {
        switch name.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        default:
            guard let format = ImageFormat(rawValue: name.lowercased()) else { return nil }
            self = format
        }
    }
}
