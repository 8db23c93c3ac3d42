import Foundation
import SitegenMarkdown

/// One language of a site, from `languages:` in `sitegen.yml`: its pages are the files with its
/// code in their name (`post.fr.md`) or under its folder (`content/fr/…`), published under its
/// path (`/fr/`).
public struct SiteLanguage: Sendable, Hashable {
    /// The BCP 47 code, as in `<html lang>` and file names: `en`, `fr`, `pt-BR`.
    public let code: String
    /// `name`: the language's own name, for a language switcher (`Français`). Default: its name
    /// in its own language from the locale data (`Français`, `日本語`), else the code.
    public var name: String
    /// `title`: the site's title in this language. Default: the site's.
    public var title: String?
    /// `description`: the site's description in this language. Default: the site's.
    public var description: String?
    /// `weight`: the order of languages in a switcher (lower first). Default 0, then as listed.
    public var weight: Int = 0
    /// The folder of the output (and the URL path below `baseURL`) the language's pages are
    /// published in: its `baseURL` path (`baseURL: /francais/`), else its code; empty for the
    /// default language, unless `prefixDefaultLanguage` is set.
    public internal(set) var path: String
    /// `direction`: `rtl` for a language written from right to left, `ltr` otherwise (the
    /// `dir` of its pages). Default: `rtl` for Arabic, Hebrew, Persian, Urdu and the other
    /// languages written so, by their code (``isRightToLeft(_:)``).
    public var direction: String?

    /// Whether the language's pages read from right to left (``direction``).
    public var readsRightToLeft: Bool { (direction ?? (Self.isRightToLeft(code) ? "rtl" : "ltr")) == "rtl" }

    /// Whether the language of `code` is written from right to left (its first part: `ar`,
    /// `ar-EG`; and a script given as `Arab` or `Hebr`).
    public static func isRightToLeft(_ code: String) -> Bool {
        let parts = code.split(separator: "-")
        return parts.first.map { rightToLeft.contains($0.lowercased()) } == true
            || parts.dropFirst().contains { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains($0.lowercased()) }
    }

    private static let rightToLeft: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]

    /// Creates a language published at `path` (empty: at the site's root), named `name`, else
    /// its code (``nativeName(of:)`` gives its own name, from the locale data).
    public init(code: String, name: String? = nil, path: String) {
        self.code = code
        self.name = name ?? code
        self.path = Self.folder(path)
    }

    /// `name` as a folder of URLs, by the rule of every URL path component (``Slug``): `pt-BR` → `pt-br`.
    static func folder(_ name: String) -> String {
        name.isEmpty ? "" : Slug.make(name)
    }

    /// The name of the language `code` in that language, capitalized as a switcher shows it
    /// (`Français`, `Português (Brasil)`, `日本語`); the code when the locale data has none.
    public static func nativeName(of code: String) -> String {
        let locale = Locale(identifier: code)
        guard let name = locale.localizedString(forIdentifier: code), !name.isEmpty else { return code }
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// `languages` by weight (then as listed), the default's folder empty unless `prefixesDefault`.
    static func ordered(_ languages: [SiteLanguage], defaultCode: String, prefixesDefault: Bool) -> [SiteLanguage] {
        var languages = languages
        for index in languages.indices where languages[index].code == defaultCode && !prefixesDefault { languages[index].path = "" }
        return languages.enumerated().sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }.map(\.element)
    }

    /// The languages another generator's configuration lists, as ``ordered(_:defaultCode:prefixesDefault:)``
    /// gives them: those whose codes can be language codes; `nil` for fewer than two, or without the default.
    static func foreign(_ languages: [SiteLanguage], defaultCode: String, prefixesDefault: Bool) -> [SiteLanguage]? {
        let languages = languages.filter { isCode($0.code) }
        guard languages.count > 1, languages.contains(where: { $0.code == defaultCode }) else { return nil }
        return ordered(languages, defaultCode: defaultCode, prefixesDefault: prefixesDefault)
    }

    /// `direction` as given (`rtl` or `ltr`, any case), checked.
    static func direction(_ given: String?, of code: String, file: String?, line: Int?) throws(SiteError) -> String? {
        guard let given else { return nil }
        guard ["rtl", "ltr"].contains(given.lowercased()) else {
            throw SiteError(file: file, line: line, "`direction` of the language `\(code)` must be rtl or ltr")
        }
        return given.lowercased()
    }

    /// The language's home page's URL path: `/` or `/fr/`.
    var homeURL: String { URLPath.folderURL(path) }

    /// The keys a language's entry takes.
    static let keys = ["name", "title", "description", "weight", "baseURL", "direction"]

    /// Reads `languages:` (a table of languages by code, as Hugo and Zola write it) and the keys
    /// beside it: `defaultLanguage` (else `language`, else the first listed) and
    /// `prefixDefaultLanguage`. Returns the languages by weight (then as listed) and the default's code.
    static func read(_ yaml: FrontMatter, file: String) throws(SiteError) -> (languages: [SiteLanguage], defaultCode: String)? {
        guard let value = yaml["languages"], value != .null else {
            if yaml["defaultLanguage"] != nil || yaml["prefixDefaultLanguage"] != nil {
                let key = yaml["defaultLanguage"] != nil ? "defaultLanguage" : "prefixDefaultLanguage"
                throw SiteError(file: file, line: yaml.line(of: key), "`\(key)` needs `languages:`, the table of the site's languages")
            }
            return nil
        }
        let line = yaml.line(of: "languages")
        guard let table = value.map, !table.entries.isEmpty else {
            throw SiteError(file: file, line: line, "`languages` must be a table of languages by code, as in "
                            + "`languages: {en: {name: English}, fr: {name: Français}}`")
        }
        var languages: [SiteLanguage] = []
        for (code, entry) in table.entries {
            guard isCode(code) else {
                throw SiteError(file: file, line: table.line(of: code) ?? line,
                                "`\(code)` \(notACode)")
            }
            let settings = entry.map ?? .empty
            guard entry == .null || entry.map != nil else {
                throw SiteError(file: file, line: table.line(of: code) ?? line, "the language `\(code)` must be a table, as in `\(code): {name: …}`")
            }
            for key in settings.entries.map(\.key) where !keys.contains(key) {
                throw SiteError(file: file, line: settings.line(of: key) ?? line,
                                "unknown key `\(key)` of the language `\(code)`; a language takes \(keys.joined(separator: ", "))")
            }
            func text(_ key: String) throws(SiteError) -> String? {
                guard let value = settings[key], value != .null else { return nil }
                guard let text = value.string else {
                    throw SiteError(file: file, line: settings.line(of: key) ?? line, "`\(key)` of the language `\(code)` must be text")
                }
                return text
            }
            var language = SiteLanguage(code: code, name: try text("name") ?? nativeName(of: code), path: code)
            language.title = try text("title")
            language.description = try text("description")
            language.direction = try direction(text("direction"), of: code, file: file, line: settings.line(of: "direction") ?? line)
            do {
                language.weight = try WholeNumber.read("weight", in: settings, range: WholeNumber.weight, file: file, example: 1) ?? 0
            } catch {
                // A nested table has no lines of its own: the error is at `languages:`.
                throw SiteError(file: file, line: error.line ?? line, error.message)
            }
            if let base = try text("baseURL") {
                let parts = base.split(separator: "/").map(String.init)
                guard !base.contains("://"), parts.count == 1, URLPath.normalize(parts[0]) == parts[0], !URLPath.isReserved(parts[0]),
                      !folder(parts[0]).isEmpty else {
                    throw SiteError(file: file, line: settings.line(of: "baseURL") ?? line,
                                    "`baseURL` of the language `\(code)` must be one folder name below the site's, such as `/francais/` "
                                    + "(a language on a domain of its own is not supported yet)")
                }
                language.path = folder(parts[0])
            }
            languages.append(language)
        }
        var defaultCode = languages[0].code
        for key in ["defaultLanguage", "language"] {
            guard let given = yaml[key]?.string else { continue }
            guard languages.contains(where: { $0.code == given }) else {
                throw SiteError(file: file, line: yaml.line(of: key),
                                "`\(key): \(given)` is not one of the languages: \(languages.map(\.code).joined(separator: ", "))")
            }
            defaultCode = given
            break
        }
        let prefixesDefault: Bool
        switch yaml["prefixDefaultLanguage"] {
        case nil, .null?: prefixesDefault = false
        case .bool(let value)?: prefixesDefault = value
        default: throw SiteError(file: file, line: yaml.line(of: "prefixDefaultLanguage"), "`prefixDefaultLanguage` must be true or false")
        }
        let published = ordered(languages, defaultCode: defaultCode, prefixesDefault: prefixesDefault)
        var paths: Set<String> = []
        for language in published where !language.path.isEmpty {
            guard paths.insert(language.path).inserted else {
                throw SiteError(file: file, line: line, "two languages are published at /\(language.path)/; give each its own `baseURL`")
            }
        }
        return (published, defaultCode)
    }

    /// What messages say of a code that ``isCode(_:)`` refuses.
    static let notACode = "is not a language code; use a code such as en, fr or pt-BR (letters, digits and -)"

    /// Whether `code` can be a language code: letters, digits and `-`, starting with a letter.
    static func isCode(_ code: String) -> Bool {
        guard let first = code.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII, code.utf8.count <= 35 else { return false }
        return code.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }
}
