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
    /// Why it gets no copies although it is wide enough (too many pixels), for a warning at each
    /// page that shows it.
    var problem: String?
}
