import SitegenTemplates

/// The translations of every output of a site with `languages:`: for each page, section,
/// taxonomy, term and 404 page, its URL path in each language that has it. Pages are the same
/// page in two languages when they share a ``Page/translationKey``; sections when they are the
/// same folder below their languages' folders; terms when they have the same slug. Empty for a
/// site in one language.
package struct TranslationTable: Sendable {
    /// What an output is, the same in every language.
    package enum Key: Hashable, Sendable {
        case page(String)
        case section(String)
        case taxonomy(String)
        case term(taxonomy: String, slug: String)
        case notFound
    }

    /// The site's languages, in the order a switcher shows them.
    let languages: [SiteLanguage]
    /// The default language's code (`x-default`).
    let defaultLanguage: String
    private var urls: [Key: [String: String]] = [:]

    init(languages: [SiteLanguage], defaultLanguage: String) {
        self.languages = languages
        self.defaultLanguage = defaultLanguage
    }

    /// Whether there is anything to switch between.
    var isEmpty: Bool { languages.count < 2 }

    /// Notes that `key` is at `url` in `language`.
    mutating func add(_ key: Key, language: String, url: String) {
        guard !isEmpty else { return }
        urls[key, default: [:]][language] = url
    }

    /// Every output that has translations.
    var keys: Dictionary<Key, [String: String]>.Keys { urls.keys }

    /// The URL path of `key` in each language that has it.
    func urls(of key: Key) -> [String: String] {
        urls[key] ?? [:]
    }

    /// The language switcher of an output in `language`: every language, each linking to the
    /// output's translation, else to that language's home page. `basePath` goes before each URL.
    func switcher(for key: Key?, in language: String, basePath: String) -> TemplateValue {
        guard !isEmpty else { return .list([]) }
        let translated = key.map(urls(of:)) ?? [:]
        return .list(languages.map { other in
            let url = translated[other.code]
            return .object(LanguageLink(code: other.code, name: other.name, url: basePath + (url ?? other.homeURL),
                                        isCurrent: other.code == language, isTranslation: url != nil))
        })
    }

    /// The translations of an output in `language` into the other languages: code, name and URL.
    func translations(of key: Key, besides language: String, basePath: String) -> [TemplateValue] {
        let translated = urls(of: key)
        return languages.compactMap { other in
            guard other.code != language, let url = translated[other.code] else { return nil }
            return .object(LanguageLink(code: other.code, name: other.name, url: basePath + url))
        }
    }

    /// The `<link rel="alternate" hreflang>` links of an output: every language it is in, and
    /// `x-default` for the default language's; `prefix` (the site's origin and base path) goes
    /// before each URL. None for an output in one language only.
    func alternates(of key: Key, prefix: String) -> [LanguageLink] {
        let translated = urls(of: key)
        guard translated.count > 1 else { return [] }
        var links = languages.compactMap { language in translated[language.code].map { LanguageLink(code: language.code, url: prefix + $0) } }
        if let fallback = translated[defaultLanguage] { links.append(LanguageLink(code: "x-default", url: prefix + fallback)) }
        return links
    }
}
