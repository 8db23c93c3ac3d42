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
