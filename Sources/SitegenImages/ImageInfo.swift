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
