import SitegenMarkdown
import SitegenTemplates

/// The words of a site's interface in each of its languages, which templates see as `t.KEY`
/// (`{{t.contents}}`): the theme's `i18n/<code>.yml` files, with the site's own `i18n/<code>.yml`
/// (or `.json`) laid over them. A key a language lacks comes from the default language, then from English;
/// `pt-BR` falls back to `pt`.
struct InterfaceStrings: Sendable {
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
        // The site's files are read as data files are (YAML or JSON, by name): each a table of words.
        let siteStrings = try DataFiles.load(layout.strings, shownAs: "i18n/", layout: layout, walker: walker).entries
            .reduce(into: [String: FrontMatter]()) { strings, file in strings[file.key] = file.value.map ?? .empty }
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
}
