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
///   copies:                     # copies templates show, of each page's image: page.imageCopies.thumb
///     thumb: fill 400x300 webp q80 smart
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

    /// Copies of each page's image (``ImageSettings`` `copies`) that templates show, by name, in
    /// Hugo's words (`fill 400x300 webp q80 smart`): `page.imageCopies.NAME` (`url`, `width`,
    /// `height`) in the page template and in lists. None by default.
    public var copies: [String: ImageOperation] = [:]

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
        for key in table.entries.map(\.key) where !["responsive", "widths", "quality", "sizes", "formats", "copies"].contains(key) {
            throw SiteError(file: file, line: at(key), "unknown key `images.\(key)`; `images` takes responsive, widths, quality, sizes, formats and copies")
        }
        settings.copies = try copies(table["copies"], file: file, line: at("copies"))
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

    /// `images.copies`: names (letters, digits and `_`, starting with a letter) and the
    /// operations they stand for.
    private static func copies(_ value: FrontMatterValue?, file: String, line: Int?) throws(SiteError) -> [String: ImageOperation] {
        let example = "as in `copies: {thumb: \"fill 400x300 webp q80\"}`"
        guard let value, value != .null else { return [:] }
        guard case .map(let table) = value else { throw SiteError(file: file, line: line, "`images.copies` must be a table of names and operations, \(example)") }
        var copies: [String: ImageOperation] = [:]
        for (name, spec) in table.entries {
            let at = table.line(of: name) ?? line
            guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                  name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) else {
                throw SiteError(file: file, line: at, "`images.copies.\(name)`: a copy's name is letters, digits and `_`, starting with a letter, \(example)")
            }
            guard case .string(let text) = spec else {
                throw SiteError(file: file, line: at, "`images.copies.\(name)` must be an operation in Hugo's words, \(example)")
            }
            let operation: ImageOperation
            do {
                operation = try ImageOperation(hugo: text)
            } catch {
                throw SiteError(file: file, line: at, "`images.copies.\(name)`: \(error.description)")
            }
            guard (operation.width ?? 0) <= largestWidth, (operation.height ?? 0) <= largestWidth else {
                throw SiteError(file: file, line: at, "`images.copies.\(name)`: a copy may be at most \(largestWidth) pixels a side")
            }
            copies[name] = operation
        }
        return copies
    }
}
