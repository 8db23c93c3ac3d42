import SitegenImages

/// The names of an image's copies, made and read back here alone: what a copy's file name
/// says is the names its image may have and how the copy is made. The preview makes a copy it
/// is asked for this way (it makes none as it builds).
package struct ImageCopyName: Sendable, Equatable {
    /// A smaller copy's path: `ridge` → `ridge.480w.webp`.
    static func smaller(stem: String, width: Int, format: ImageFormat) -> String {
        "\(stem).\(width)w.\(format.fileExtension)"
    }

    /// A share copy's path: `ridge` → `ridge.1200x630.jpg`.
    static func share(stem: String) -> String {
        "\(stem).\(ImagePlan.shareSize.width)x\(ImagePlan.shareSize.height).jpg"
    }

    /// The path of a copy a page asks for: `ridge` → `ridge.fill-600x400-smart-q80.webp`.
    static func made(stem: String, by operation: ImageOperation) -> String {
        let cut = operation.mode == .fill || operation.mode == .crop ? "-" + operation.anchor.rawValue.lowercased() : ""
        return "\(stem).\(operation.mode.rawValue)-\(operation.width ?? 0)x\(operation.height ?? 0)\(cut)-q\(operation.quality)."
            + operation.format.fileExtension
    }

    /// The names the image may have beside the copy, in the order to look for them
    /// (`ridge.jpg`, `ridge.jpeg`, `ridge.png` …; `ridge.png` alone for `ridge-png.480w.webp`).
    package let originals: [String]
    /// How the copy is made.
    package let operation: ImageOperation

    /// What `fileName` says as a copy's name: `ridge.480w.webp` (a smaller copy, WebP — or
    /// AVIF, `.avif` — at `quality`), `ridge.1200x630.jpg` (a share copy), `ridge.fill-600x400-smart-q80.webp` (a
    /// copy a page asked for); `nil` for any other name.
    package init?(_ fileName: String, quality: Int = 75) {
        let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let format = ImageFormat(named: String(parts[parts.count - 1])) else { return nil }
        let stem = parts.dropLast(2).joined(separator: ".")
        let made = parts[parts.count - 2]
        guard !stem.isEmpty else { return nil }
        if format == .webp || format == .avif, made.hasSuffix("w"), let width = Int(made.dropLast()), width > 0,
           width <= ImagePlan.largestSide {
            operation = ImageOperation(width: width, format: format, quality: quality)
        } else if format == .jpeg, made == "\(ImagePlan.shareSize.width)x\(ImagePlan.shareSize.height)" {
            operation = ImageCopyMaker.shareOperation
        } else {
            // MODE-WxH[-ANCHOR]-qQ
            let fields = made.split(separator: "-")
            guard fields.count == 3 || fields.count == 4, let mode = ImageOperation.Mode(rawValue: String(fields[0])),
                  fields.last?.first == "q", let quality = Int(fields.last!.dropFirst()), (1...100).contains(quality) else { return nil }
            let size = fields[1].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard size.count == 2, let width = size[0], let height = size[1], width >= 0, height >= 0, width > 0 || height > 0,
                  width <= ImagePlan.largestSide, height <= ImagePlan.largestSide else { return nil }
            var anchor = ImageOperation.Anchor.center
            if fields.count == 4 {
                guard let named = ImageOperation.Anchor.allCases.first(where: { $0.rawValue.lowercased() == fields[2] }) else { return nil }
                anchor = named
            }
            operation = ImageOperation(mode, width: width > 0 ? width : nil, height: height > 0 ? height : nil, format: format,
                                       quality: quality, anchor: anchor)
        }
        // `ridge-png.480w.webp`: the copy of `ridge.png` beside a `ridge.jpg`.
        var originals: [String] = []
        if let dash = stem.lastIndex(of: "-"), ImagePlan.extensions.contains(String(stem[stem.index(after: dash)...])) {
            let ext = stem[stem.index(after: dash)...]
            originals = [stem[..<dash] + "." + ext, stem[..<dash] + "." + ext.uppercased()]
        }
        self.originals = originals + ImagePlan.extensions.sorted().flatMap { [stem + "." + $0, stem + "." + $0.uppercased()] }
    }
}
