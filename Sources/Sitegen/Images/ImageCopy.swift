import SitegenImages

/// A copy of a published image beside it (`ridge.jpg` → `ridge.480w.webp`, `ridge.480w.avif`).
struct ImageCopy: Sendable, Equatable {
    /// Its width in pixels (its height follows the image's proportions).
    let width: Int
    /// Its format.
    var format: ImageFormat = .webp
    /// Its path in the output folder (`posts/trip/ridge.480w.webp`).
    let outputPath: String

    /// Its file name, which `srcset` puts in place of the image's.
    var fileName: Substring {
        outputPath.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(outputPath)
    }
}
