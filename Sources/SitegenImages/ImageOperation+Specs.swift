/// Operations written as Hugo and Zola users write them.
extension ImageOperation {
    /// An operation from Hugo's image processing spec: `600x`, `x400`, `600x400 webp q80 center`,
    /// the action first when `mode` is not given apart (`fill 600x400 smart`, as `Process`
    /// takes it), as `.Resize "600x"`, `.Fit`, `.Fill` and `.Crop` take it after their action.
    /// Words are read in any case and order. Resampling filters, hints and background colours
    /// are accepted and left to libvips' choice; a rotation is an error.
    public init(hugo spec: String, mode given: Mode? = nil) throws(ImageSpecError) {
        var words = spec.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }[...]
        var mode = given
        if mode == nil, let first = words.first, let action = Mode(rawValue: first), action != .scale {
            mode = action
            words = words.dropFirst()
        }
        guard let mode else {
            throw ImageSpecError("`\(spec)` names no action: start it with resize, fit, fill or crop")
        }
        self.init(mode)
        var sized = false
        for word in words {
            if let size = Self.size(word) {
                (width, height, sized) = (size.width, size.height, true)
            } else if let format = ImageFormat(named: word) {
                self.format = format
            } else if word.hasPrefix("q"), let quality = Int(word.dropFirst()) {
                guard (1...100).contains(quality) else { throw ImageSpecError("quality `\(word)` in `\(spec)` is not between q1 and q100") }
                self.quality = quality
            } else if let anchor = Anchor.allCases.first(where: { $0.rawValue.lowercased() == word }) {
                self.anchor = anchor
            } else if word.hasPrefix("r"), Int(word.dropFirst()) != nil {
                throw ImageSpecError("`\(spec)`: rotating (`\(word)`) is not done by sitegen; images are turned by their EXIF orientation")
            } else if Self.libvipsChoices.contains(word) || Self.isColour(word) {
                continue
            } else {
                throw ImageSpecError("`\(word)` in `\(spec)` is not a size (600x400), format (webp, avif, jpg, png, gif), "
                                     + "quality (q75) or anchor (center, smart, topleft …)")
            }
        }
        guard sized else { throw ImageSpecError("`\(spec)` gives no size, such as 600x, x400 or 600x400") }
        if mode != .resize, width == nil || height == nil {
            throw ImageSpecError("`\(spec)`: \(mode.rawValue) needs a width and a height, such as 600x400")
        }
    }

    /// An operation as Zola's `resize_image(path, width, height, op, format, quality)` gives
    /// it: `op` is `scale`, `fit_width`, `fit_height`, `fit` or `fill` (the default); `format`
    /// `auto` (the default: WebP), `jpg`, `png` or `webp`.
    public init(zola op: String = "fill", width: Int?, height: Int?, format: String? = nil, quality: Int? = nil) throws(ImageSpecError) {
        let mode: Mode
        switch op {
        case "scale": mode = .scale
        case "fit_width", "fit_height": mode = .resize
        case "fit": mode = .fit
        case "fill": mode = .fill
        default: throw ImageSpecError("`op = \"\(op)\"` is not one of scale, fit_width, fit_height, fit, fill")
        }
        let needs: (width: Bool, height: Bool) = switch op {
        case "fit_width": (true, false)
        case "fit_height": (false, true)
        default: (true, true)
        }
        guard !needs.width || (width ?? 0) > 0, !needs.height || (height ?? 0) > 0 else {
            throw ImageSpecError("`op = \"\(op)\"` needs " + (needs.width && needs.height ? "a width and a height" : needs.width ? "a width" : "a height"))
        }
        var chosen = ImageFormat.webp
        if let format, format != "auto" {
            guard let named = ImageFormat(named: format) else { throw ImageSpecError("`format = \"\(format)\"` is not auto, jpg, png or webp") }
            chosen = named
        }
        if let quality, !(1...100).contains(quality) { throw ImageSpecError("`quality = \(quality)` is not between 1 and 100") }
        self.init(mode, width: needs.width ? width : nil, height: needs.height ? height : nil, format: chosen, quality: quality ?? 75)
    }

    /// `600x400` → (600, 400); `600x` → (600, nil); `x400` → (nil, 400).
    private static func size(_ word: String) -> (width: Int?, height: Int?)? {
        let parts = word.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), !(parts[0].isEmpty && parts[1].isEmpty)
        else { return nil }
        let width = Int(parts[0]), height = Int(parts[1])
        // Digits too many for a number are no size.
        guard parts[0].isEmpty || width != nil, parts[1].isEmpty || height != nil,
              width.map({ $0 > 0 }) ?? true, height.map({ $0 > 0 }) ?? true else { return nil }
        return (width, height)
    }

    /// Hugo's resampling filters and hints, which libvips chooses for itself.
    private static let libvipsChoices: Set<String> = [
        "nearestneighbor", "box", "linear", "hermite", "mitchellnetravali", "catmullrom", "bspline", "gaussian",
        "lanczos", "hann", "hamming", "blackman", "bartlett", "welch", "cosine",
        "picture", "photo", "drawing", "icon", "text", "default",
    ]

    /// Whether `word` is a colour (`#b31280`, `#fff`): a background for transparent images.
    private static func isColour(_ word: String) -> Bool {
        word.hasPrefix("#") && [4, 7].contains(word.count) && word.dropFirst().allSatisfy(\.isHexDigit)
    }
}
