import SitegenImages

/// A copy of an image that a page asks for by an operation: a figure's `process`, Docsy's
/// `imgproc`, Zola's `resize_image`. Kept with the page's parse, so that a build that keeps the
/// parse still makes the copy.
struct ImageRequest: Sendable, Hashable {
    /// The image's output path (`posts/trip/ridge.jpg`).
    let image: String
    let operation: ImageOperation

    /// The request as one line of text (for the build cache): the image, then the operation's fields.
    var encoded: String {
        let fields = [operation.mode.rawValue, String(operation.width ?? 0), String(operation.height ?? 0), operation.format.rawValue,
                      String(operation.quality), operation.anchor.rawValue]
        return fields.joined(separator: " ") + " " + image
    }

    /// The request ``encoded`` gave; `nil` for text it did not give.
    init?(encoded: String) {
        let fields = encoded.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
        guard fields.count == 7, let mode = ImageOperation.Mode(rawValue: String(fields[0])), let width = Int(fields[1]),
              let height = Int(fields[2]), let format = ImageFormat(rawValue: String(fields[3])), let quality = Int(fields[4]),
              let anchor = ImageOperation.Anchor(rawValue: String(fields[5])) else { return nil }
        image = String(fields[6])
        operation = ImageOperation(mode, width: width > 0 ? width : nil, height: height > 0 ? height : nil, format: format,
                                   quality: quality, anchor: anchor)
    }

    init(image: String, operation: ImageOperation) {
        self.image = image
        self.operation = operation
    }

    /// The size of the copy made of an image `width` × `height` pixels (as shown), as libvips
    /// makes it: never larger than the image but for `scale`.
    func copySize(ofImage width: Int, _ height: Int) -> (width: Int, height: Int) {
        let asked = (width: operation.width, height: operation.height)
        switch operation.mode {
        case .scale:
            return (asked.width ?? width, asked.height ?? height)
        case .fill, .crop:
            return (min(asked.width ?? width, width), min(asked.height ?? height, height))
        case .resize, .fit:
            let scale = min(asked.width.map { Double($0) / Double(width) } ?? 1, asked.height.map { Double($0) / Double(height) } ?? 1, 1)
            return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
        }
    }
}
