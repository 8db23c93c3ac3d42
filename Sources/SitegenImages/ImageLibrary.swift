import CVipsShim
import SitegenLimits

/// libvips, the image library (shrink-on-load, streaming, low memory: the engine behind sharp
/// and eleventy-img): the one file that calls it. Every call is safe from any thread.
public enum ImageLibrary {
    /// Whether libvips is installed here. It is opened when first asked for, not linked, so
    /// `sitegen` runs without it (and starts 14 ms sooner); ``unavailability`` says why not.
    public static var isAvailable: Bool { sg_vips_start() == 0 }

    /// Why libvips cannot be used here (not installed, not libvips 8), or `nil`.
    public static var unavailability: String? {
        isAvailable ? nil : String(cString: sg_vips_start_error())
    }

    /// The library's version (`8.14.1`), part of what a processed image is remembered by.
    public static var version: String {
        guard sg_vips_start() == 0 else { return "none" }
        return String(cString: sg_vips_version())
    }

    /// Whether images can be written in `format` here (AVIF needs libheif with an AV1 encoder).
    public static func canWrite(_ format: ImageFormat) -> Bool {
        writable.contains(format)
    }

    private static let writable: Set<ImageFormat> = Set(ImageFormat.allCases.filter { sg_vips_can_save($0.rawValue) != 0 })

    /// What the header of the image at `path` says, read without decoding it.
    public static func info(ofFileAt path: String) throws(ImageError) -> ImageInfo {
        var info = sg_vips_info()
        var message = [CChar](repeating: 0, count: 512)
        guard sg_vips_info_of(path, &info, &message, message.count) == 0 else { throw ImageError(text(message)) }
        let loader = withUnsafeBytes(of: info.loader) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return ImageInfo(width: Int(info.width), height: Int(info.height), frames: Int(info.frames), loader: loader)
    }

    /// The image at `path` made as `operation` says, oriented, in sRGB, without metadata.
    /// An image of more than ``Limits/imagePixels`` pixels is refused before it is decoded.
    public static func make(_ operation: ImageOperation, fromFileAt path: String) throws(ImageError) -> [UInt8] {
        let info = try checkedInfo(ofFileAt: path, making: operation)
        return try run(operation, on: path, info: info) { job, message in
            var output: UnsafeMutableRawPointer?
            var length = 0
            guard sg_vips_make(&job, &output, &length, &message, message.count) == 0, let output else { return nil }
            defer { sg_vips_free(output) }
            return [[UInt8](UnsafeRawBufferPointer(start: output, count: length))]
        }[0]
    }

    /// The image at `path` at each of `widths` no wider than it (height free), in `format` at
    /// `quality`, by width: decoded once, for the widest, the narrower ones made from that.
    public static func make(widths: [Int], format: ImageFormat = .webp, quality: Int = 75,
                            fromFileAt path: String) throws(ImageError) -> [Int: [UInt8]] {
        let info = try checkedInfo(ofFileAt: path, making: ImageOperation(width: widths.max() ?? 1, format: format))
        let sizes = Array(Set(widths.filter { $0 > 0 && $0 <= info.width })).sorted(by: >)
        guard !sizes.isEmpty else { return [:] }
        let made = try run(ImageOperation(width: sizes[0], format: format, quality: quality), on: path, info: info) { job, message in
            var outputs = [UnsafeMutableRawPointer?](repeating: nil, count: sizes.count)
            var lengths = [Int](repeating: 0, count: sizes.count)
            let widths = sizes.map { Int32(clamping: $0) }
            guard sg_vips_make_widths(&job, widths, Int32(sizes.count), &outputs, &lengths, &message, message.count) == 0 else { return nil }
            defer { for output in outputs { sg_vips_free(output) } }
            return zip(outputs, lengths).map { output, length in
                output.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(sizes, made))
    }

    /// The header of the image at `path`, refused when making `operation` of it would hold more
    /// than ``Limits/imagePixels`` pixels: the image's, or the copy's when it is scaled up, times
    /// the frames of an animation that stays one.
    private static func checkedInfo(ofFileAt path: String, making operation: ImageOperation) throws(ImageError) -> ImageInfo {
        let info = try info(ofFileAt: path)
        let limit = Limits.imagePixels
        guard info.width > 0, info.height > 0, info.width <= limit, info.height <= limit,
              info.width.multipliedReportingOverflow(by: info.height).partialValue <= limit else {
            throw ImageError("is \(info.width) × \(info.height) pixels, more than the \(limit / 1_000_000) million "
                             + "sitegen makes other sizes of (Limits: image pixels)")
        }
        let frames = info.frames > 1 && operation.format.animates ? info.frames : 1
        let out = operation.mode == .scale ? (operation.width ?? info.width, operation.height ?? info.height) : (info.width, info.height)
        let (pixels, overflow) = max(out.0.multipliedReportingOverflow(by: out.1).partialValue, info.width * info.height)
            .multipliedReportingOverflow(by: frames)
        guard !overflow, pixels <= limit else {
            let what = frames > 1 ? "an animation of \(info.frames) frames of \(info.width) × \(info.height) pixels"
                : "\(out.0) × \(out.1) pixels made of \(info.width) × \(info.height)"
            throw ImageError("is \(what), more than the \(limit / 1_000_000) million pixels sitegen makes (Limits: image pixels)")
        }
        return info
    }

    /// Runs `call` with the job of `operation` on `path`; libvips' message when it gives `nil`.
    private static func run(_ operation: ImageOperation, on path: String, info: ImageInfo,
                            _ call: (inout sg_vips_job, inout [CChar]) -> [[UInt8]]?) throws(ImageError) -> [[UInt8]] {
        var message = [CChar](repeating: 0, count: 512)
        let made = path.withCString { path in
            operation.format.rawValue.withCString { format in
                var job = sg_vips_job(path: path, width: Int32(clamping: operation.width ?? 0), height: Int32(clamping: operation.height ?? 0),
                                      mode: mode(of: operation), anchor: anchor(of: operation, info: info),
                                      animated: info.frames > 1 && operation.format.animates ? 1 : 0, format: format,
                                      quality: Int32(clamping: operation.quality))
                return call(&job, &message)
            }
        }
        guard let made else { throw ImageError(text(message)) }
        return made
    }

    private static func mode(of operation: ImageOperation) -> sg_vips_mode {
        switch operation.mode {
        case .resize, .fit: SG_VIPS_FIT
        case .fill: SG_VIPS_FILL
        case .crop: SG_VIPS_CROP
        case .scale: SG_VIPS_SCALE
        }
    }

    /// The anchor along the side the operation cuts: the width when the image is wider than
    /// the size asked, in proportion (a fill), or than the width itself (a crop).
    private static func anchor(of operation: ImageOperation, info: ImageInfo) -> Int32 {
        guard let width = operation.width, let height = operation.height, width > 0, height > 0 else { return 0 }
        let cuttingWidth = operation.mode == .crop ? info.width > width && (info.height <= height || info.width * height >= info.height * width)
            : info.width * height > info.height * width
        return operation.anchor.code(cuttingWidth: cuttingWidth)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "cannot be read as an image" : text
    }
}
