/// How to make an image from another: its size, how it is cut, its format and quality, in
/// the vocabulary of Hugo's image processing (`Resize`, `Fit`, `Fill`).
public struct ImageOperation: Hashable, Sendable {
    /// How the image is made to the size.
    public enum Mode: String, Sendable, CaseIterable {
        /// Scaled to the width and height given (one may be free), its proportions kept.
        case resize
        /// Scaled down to fit within the width and height, its proportions kept.
        case fit
        /// Scaled to cover the width and height, then cropped to exactly them.
        case fill
        /// Cut to the width and height out of the image at its own size.
        case crop
        /// Scaled to exactly the width and height, its proportions not kept (Zola's `scale`).
        case scale
    }

    /// Which part of the image a fill or crop keeps.
    public enum Anchor: String, Sendable, CaseIterable {
        /// The middle, a side or a corner: the part kept along the side that is cut (where both
        /// are cut, as a crop may, along the one cut most).
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
        /// The part the eye goes to (libvips' "attention").
        case smart

        /// Where it keeps the image along a side that is cut: 0 the middle, 1 the part the eye
        /// goes to, 2 the start, 3 the end (the shim's numbers).
        func code(cuttingWidth: Bool) -> Int32 {
            switch (self, cuttingWidth) {
            case (.smart, _): 1
            case (.left, true), (.topLeft, true), (.bottomLeft, true), (.top, false), (.topLeft, false), (.topRight, false): 2
            case (.right, true), (.topRight, true), (.bottomRight, true), (.bottom, false), (.bottomLeft, false), (.bottomRight, false): 3
            default: 0
            }
        }
    }

    /// How the image is made to the size.
    public var mode: Mode
    /// The width in pixels; `nil`: free.
    public var width: Int?
    /// The height in pixels; `nil`: free.
    public var height: Int?
    /// The format written.
    public var format: ImageFormat
    /// 1–100, for WebP, AVIF and JPEG.
    public var quality: Int
    /// Which part a fill keeps.
    public var anchor: Anchor

    /// An operation; by default a resize to WebP at quality 75, sides free.
    public init(_ mode: Mode = .resize, width: Int? = nil, height: Int? = nil, format: ImageFormat = .webp, quality: Int = 75,
                anchor: Anchor = .center) {
        self.mode = mode
        self.width = width
        self.height = height
        self.format = format
        self.quality = quality
        self.anchor = anchor
    }

    /// A short name of the operation for a file name: `480x0-webp-q75`.
    public var nameSuffix: String {
        let size = "\(width ?? 0)x\(height ?? 0)"
        let cut = mode == .fill ? "-fill\(anchor.rawValue)" : ""
        return "\(size)\(cut)-\(format.rawValue)-q\(quality)"
    }
}

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

/// What an image file's header says.
public struct ImageInfo: Sendable, Equatable {
    /// The width as shown (after the EXIF orientation).
    public let width: Int
    /// The height as shown (one frame's, of an animation).
    public let height: Int
    /// Frames of an animation; 1 for a still image.
    public let frames: Int
    /// libvips' loader (`jpegload`, `pngload`, `gifload`, `webpload`, `heifload`, `svgload`, …).
    public let loader: String

    /// What a header says.
    public init(width: Int, height: Int, frames: Int, loader: String) {
        self.width = width
        self.height = height
        self.frames = frames
        self.loader = loader
    }
}

/// Why an image could not be read or made: libvips' message.
public struct ImageError: Error, CustomStringConvertible, Sendable {
    /// libvips' message (or sitegen's, for a refused image).
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
