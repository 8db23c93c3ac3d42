import SitegenMarkdown
import SitegenTemplates

/// The words of a site's interface in each of its languages, which templates see as `t.KEY`
/// (`{{t.contents}}`): the theme's `i18n/<code>.yml` files, with the site's own `i18n/<code>.yml`
/// (or `.yaml`, `.json`, `.toml`) laid over them. A key a language lacks comes from the default
/// language, then from English; `pt-BR` falls back to `pt`. Hugo's `T` reads the site's own
/// words laid over its themes' `i18n/` files (the first theme's over the next's), not the
/// bundled theme's (``translation(_:in:count:)``).
struct InterfaceStrings: Sendable {
    private let values: [String: TemplateValue]
    private let fallback: TemplateValue
    private let texts: [String: FrontMatter]
    /// The words of the site and its Hugo themes, by language, for Hugo's `T`.
    private let translations: [String: FrontMatter]
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
        var siteStrings: [String: FrontMatter] = [:]
        for file in try DataFiles.read(layout.strings, shownAs: "i18n/", walker: walker) {
            siteStrings[file.name] = try Self.words(file.value, file: file.shown)
        }
        // A Hugo site's themes' words, under the site's own.
        var hugoThemeStrings: [String: FrontMatter] = [:]
        for theme in (configuration.hugo?.themes ?? []).reversed() where HugoURLRules.isThemeName(theme) && walker.source.isFolder("themes/\(theme)/i18n") {
            for file in try DataFiles.read("themes/\(theme)/i18n", shownAs: "themes/\(theme)/i18n/", walker: walker) {
                for (key, value) in try Self.words(file.value, file: file.shown).entries { hugoThemeStrings[file.name, default: .empty][key] = value }
            }
        }
        func lookup(_ code: String, in table: [String: FrontMatter]) -> FrontMatter {
            if let found = table[code] { return found }
            let base = code.split(separator: "-").first.map(String.init) ?? code
            return table[base] ?? table[base.lowercased()] ?? .empty
        }
        let defaultCode = configuration.language
        var values: [String: TemplateValue] = [:]
        var texts: [String: FrontMatter] = [:]
        var translations: [String: FrontMatter] = [:]
        for language in configuration.publishedLanguages {
            var merged = FrontMatter.empty
            for code in ["en", defaultCode, language.code] {
                for table in [themeStrings, siteStrings] {
                    for (key, value) in lookup(code, in: table).entries { merged[key] = Self.word(value) }
                }
            }
            values[language.code] = .object(FrontMatterObject(frontMatter: merged, language: language.code))
            texts[language.code] = merged
            var translated = FrontMatter.empty
            for code in [defaultCode, language.code] {
                for table in [hugoThemeStrings, siteStrings] {
                    for (key, value) in lookup(code, in: table).entries { translated[key] = value }
                }
            }
            translations[language.code] = translated
        }
        self.values = values
        self.texts = texts
        self.translations = translations
        self.defaultLanguage = defaultCode
        fallback = values[defaultCode] ?? .object(FrontMatterObject(frontMatter: lookup("en", in: themeStrings), language: "en"))
    }

    /// A word as `t.KEY` gives it: of Hugo's plural forms (`{one: …, other: …}`), `other`.
    private static func word(_ value: FrontMatterValue) -> FrontMatterValue {
        if case .map(let forms) = value, let other = forms["other"] { return other }
        return value
    }

    /// The words of one `i18n/` file: a map of keys to words (`readMore: Lire la suite`), as
    /// sitegen and Hugo write it, where a word may be Hugo's plural forms `{one: …, other: …}`
    /// (kept, for Hugo's `T`); or Hugo's older list of `id` and `translation`. Anything else is
    /// an error naming the file: a file that said nothing would leave every word of the
    /// language untranslated without a hint why.
    private static func words(_ value: FrontMatterValue, file: String) throws(SiteError) -> FrontMatter {
        switch value {
        case .map(let words):
            return words
        case .null:
            return .empty
        case .list(let items):
            var words = FrontMatter.empty
            for (index, item) in items.enumerated() {
                guard let id = item.map?["id"]?.string, let translation = item.map?["translation"] else {
                    throw SiteError(file: file, "item \(index + 1) of the list has no `id` and `translation`; write the "
                                    + "words as a map of keys to words, like `readMore: Lire la suite`")
                }
                words[id] = translation
            }
            return words
        default:
            throw SiteError(file: file, "must be a map of keys to words, like `readMore: Lire la suite`")
        }
    }

    /// `t` for a page in `language`.
    func value(for language: String) -> TemplateValue {
        values[language] ?? fallback
    }

    /// The text of `key` in `language`, if the strings have it.
    func text(_ key: String, in language: String) -> String? {
        (texts[language] ?? texts[defaultLanguage])?[key]?.string
    }

    /// Hugo's `T`: the site's or its themes' word for `key` in `language` (else in the default
    /// language), if one has it; of its plural forms, `one` for a `count` of 1, else `other`.
    func translation(_ key: String, in language: String, count: Int?) -> String? {
        let value = (translations[language] ?? translations[defaultLanguage])?[key]
        guard case .map(let forms)? = value else { return value?.string }
        return (count == 1 ? forms["one"] ?? forms["other"] : forms["other"])?.string
    }
}
