/// A smaller copy of a published image: a WebP file beside it (`ridge.jpg` → `ridge.480w.webp`).
struct ImageCopy: Sendable, Equatable {
    /// Its width in pixels (its height follows the image's proportions).
    let width: Int
    /// Its path in the output folder (`posts/trip/ridge.480w.webp`).
    let outputPath: String

    /// Its file name, which `srcset` puts in place of the image's.
    var fileName: Substring {
        outputPath.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(outputPath)
    }
}
