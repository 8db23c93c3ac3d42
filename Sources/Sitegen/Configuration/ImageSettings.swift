import SitegenImages
import SitegenMarkdown

/// How the images a site publishes are given other sizes: `images` in `sitegen.yml`.
///
/// ```yaml
/// images:
///   responsive: true            # false (or `images: false`): images published as they are
///   widths: [480, 960, 1440]    # the widths of the WebP copies, never wider than the image
///   quality: 75                 # WebP quality, 1–100
///   sizes: "(max-width: 42rem) 100vw, 42rem"   # how wide the theme shows an image
///   formats: [avif, webp]       # AVIF copies too, offered first in a <picture>
/// ```
public struct ImageSettings: Sendable, Equatable {
    /// Whether JPEG, PNG, WebP and GIF files wider than the narrowest of ``widths`` get WebP
    /// copies at those widths, which pages offer browsers in `srcset`. Default `true`.
    public var responsive = true
    /// The widths of the copies, in pixels. An image gets those narrower than it, and one at its
    /// own width when it is narrower than the widest. Default 480, 960 and 1440: a phone's
    /// screen, the default theme's column at twice the pixels, a wide screen's.
    public var widths = [480, 960, 1440]
    /// The WebP quality of the copies, 1–100. Default 75 (Hugo's).
    public var quality = 75
    /// The `sizes` attribute pages give images with copies: how wide the theme shows them.
    /// Default the bundled themes' column, `(max-width: 42rem) 100vw, 42rem`.
    public var sizes = "(max-width: 42rem) 100vw, 42rem"

    /// The formats of the copies, the preferred first: `[webp]` (the default), or `[avif, webp]`
    /// for AVIF copies too, which a `<picture>` offers browsers that read AVIF (a third smaller,
    /// four times slower to make).
    public var formats: [ImageFormat] = [.webp]

    /// The defaults.
    public init() {}

    /// The widest a copy may be asked for.
    static let largestWidth = 8192

    /// The settings `value` (of `images` in `file`, at `line`) gives.
    static func read(_ value: FrontMatterValue, file: String, line: Int?) throws(SiteError) -> ImageSettings {
        var settings = ImageSettings()
        let table: FrontMatter
        switch value {
        case .null: return settings
        case .bool(let responsive):
            settings.responsive = responsive
            return settings
        case .map(let map): table = map
        default:
            throw SiteError(file: file, line: line, "`images` must be a table, as in `images: {widths: [480, 960], quality: 75}`, or false")
        }
        let at = { (key: String) in table.line(of: key) ?? line }
        for key in table.entries.map(\.key) where !["responsive", "widths", "quality", "sizes", "formats"].contains(key) {
            throw SiteError(file: file, line: at(key), "unknown key `images.\(key)`; `images` takes responsive, widths, quality, sizes and formats")
        }
        if let formats = table["formats"], formats != .null {
            let names = formats.list?.compactMap(\.string) ?? []
            let chosen = names.compactMap { ImageFormat(named: $0) }.filter { $0 == .webp || $0 == .avif }
            guard let list = formats.list, list.count == names.count, chosen.count == names.count, chosen.contains(.webp),
                  Set(chosen).count == chosen.count else {
                throw SiteError(file: file, line: at("formats"), "`images.formats` must be [webp] or [avif, webp]")
            }
            settings.formats = chosen
        }
        switch table["responsive"] {
        case nil, .null?: break
        case .bool(let responsive)?: settings.responsive = responsive
        default: throw SiteError(file: file, line: at("responsive"), "`images.responsive` must be true or false")
        }
        if let widths = table["widths"], widths != .null {
            let numbers = widths.list?.compactMap { value -> Int? in
                if case .int(let width) = value, (1...largestWidth).contains(width) { width } else { nil }
            } ?? []
            guard let list = widths.list, list.count == numbers.count, !numbers.isEmpty else {
                throw SiteError(file: file, line: at("widths"),
                                "`images.widths` must be a list of widths in pixels from 1 to \(largestWidth), as in `widths: [480, 960, 1440]`")
            }
            settings.widths = Array(Set(numbers)).sorted()
        }
        if let quality = try WholeNumber.read("quality", in: table, range: 1...100, file: file, example: 75) {
            settings.quality = quality
        }
        switch table["sizes"] {
        case nil, .null?: break
        case .string(let sizes)? where !sizes.isEmpty && !sizes.contains("\""): settings.sizes = sizes
        default:
            throw SiteError(file: file, line: at("sizes"), "`images.sizes` must be a `sizes` attribute's text, as in `sizes: \"(max-width: 42rem) 100vw, 42rem\"`")
        }
        return settings
    }
}
