import Foundation
import SitegenMarkdown
import SitegenTemplates

/// The words of a site's interface in each of its languages, which templates see as `t.KEY`
/// (`{{t.contents}}`): the theme's `i18n/<code>.yml` files, with the site's own `i18n/<code>.yml`
/// laid over them. A key a language lacks comes from the default language, then from English;
/// `pt-BR` falls back to `pt`.
struct InterfaceStrings: Sendable {
    /// Strings files larger than this are not read.
    static let maximumBytes = 1_000_000

    private let values: [String: TemplateValue]
    private let fallback: TemplateValue
    private let texts: [String: FrontMatter]
    private let defaultLanguage: String

    /// The strings of `theme` and of the site's `i18n/` folder, for the site's languages.
    init(theme: String, layout: SiteLayout, configuration: SiteConfiguration, walker: FolderWalker) throws {
        var themeStrings: [String: FrontMatter] = [:]
        for (path, text) in Theme.files(of: theme) where path.hasPrefix("i18n/") && path.hasSuffix(".yml") {
            let code = String(path.dropFirst("i18n/".count).dropLast(".yml".count))
            do {
                themeStrings[code] = try FrontMatter(yaml: text)
            } catch {
                throw SiteError(file: "Themes/\(theme)/\(path)", line: error.line, error.message)
            }
        }
        let siteStrings = try Self.read(layout.strings, layout: layout, walker: walker)
        func lookup(_ code: String, in table: [String: FrontMatter]) -> FrontMatter {
            if let found = table[code] { return found }
            let base = code.split(separator: "-").first.map(String.init) ?? code
            return table[base] ?? table[base.lowercased()] ?? .empty
        }
        let defaultCode = configuration.language
        var values: [String: TemplateValue] = [:]
        var texts: [String: FrontMatter] = [:]
        for language in configuration.publishedLanguages {
            var merged = FrontMatter.empty
            for code in ["en", defaultCode, language.code] {
                for table in [themeStrings, siteStrings] {
                    for (key, value) in lookup(code, in: table).entries { merged[key] = value }
                }
            }
            values[language.code] = .object(FrontMatterObject(frontMatter: merged, language: language.code))
            texts[language.code] = merged
        }
        self.values = values
        self.texts = texts
        self.defaultLanguage = defaultCode
        fallback = values[defaultCode] ?? .object(FrontMatterObject(frontMatter: lookup("en", in: themeStrings), language: "en"))
    }

    /// `t` for a page in `language`.
    func value(for language: String) -> TemplateValue {
        values[language] ?? fallback
    }

    /// The text of `key` in `language`, if the strings have it.
    func text(_ key: String, in language: String) -> String? {
        (texts[language] ?? texts[defaultLanguage])?[key]?.string
    }

    /// The site's `i18n/*.yml` files, by language code.
    private static func read(_ folder: URL?, layout: SiteLayout, walker: FolderWalker) throws -> [String: FrontMatter] {
        guard let folder else { return [:] }
        let listing = walker.list(folder, shownAs: "i18n/", verb: "read", recursive: false) {
            $0.hasSuffix(".yml") || $0.hasSuffix(".yaml")
        }
        guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
        var strings: [String: FrontMatter] = [:]
        for path in listing.files {
            let file = folder.appendingPathComponent(path)
            let code = file.deletingPathExtension().lastPathComponent
            do {
                let text = String(decoding: try RegularFile.contents(of: file.path, maximumSize: maximumBytes), as: UTF8.self)
                strings[code] = try FrontMatter(yaml: text)
            } catch let error as RegularFile.Failure {
                throw SiteError(file: layout.display(file), error.reason)
            } catch let error as MarkdownError {
                throw SiteError(file: layout.display(file), line: error.line, error.message)
            } catch {
                throw SiteError(file: layout.display(file), "cannot be read: \(error)")
            }
        }
        return strings
    }
}
