/// An image a site publishes, as ``ImagePlan`` found it: its size as shown, and the copies it gets.
struct PlannedImage: Sendable {
    /// The published file.
    let file: LoadedSite.StaticFile
    /// Its width in pixels, as shown (a JPEG's EXIF orientation followed).
    let width: Int
    /// Its height in pixels, as shown.
    let height: Int
    /// Its smaller copies, narrowest first; none for an image no wider than the narrowest width.
    var copies: [ImageCopy] = []
    /// The output path its copies are named after, without an extension (`posts/trip/ridge`,
    /// or `posts/trip/ridge-jpg` beside a `ridge.png`); `nil` for an image that gets none (SVG).
    var copyStem: String?
    /// Why it gets no copies although it is wide enough (too many pixels), for a warning at each
    /// page that shows it.
    var problem: String?
}
