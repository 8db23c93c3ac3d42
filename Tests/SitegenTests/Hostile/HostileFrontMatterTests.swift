import Foundation
import Testing

/// Front matter and configuration that once crashed a build, or were accepted against what the
/// documentation promises: each build ends with status 1, an error naming the file and line, and the
/// previous output as it was.
@Suite("Hostile front matter and configuration")
struct HostileFrontMatterTests {
    private func parts(_ count: Int) -> String {
        (0..<count).map { "k\($0)" }.joined(separator: ".")
    }

    private let tooDeep = "values are nested more than 1000 levels deep (each part of a dotted key or [table.header] is a level)"

    @Test("TOML dotted keys, headers, array-of-tables headers and inline tables of 10,000 parts, in front matter, fail the build on their line")
    func tomlFrontMatter() throws {
        let hostile = try HostileSite()
        for toml in [parts(10_000) + " = 1", "[" + parts(10_000) + "]", "[[" + parts(10_000) + "]]",
                     "a = " + String(repeating: "{b = ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)] {
            let outcome = try hostile.attack(["content/deep.md": "+++\ntitle = \"Deep\"\n" + toml + "\n+++\nText\n"])
            #expect(outcome.status == 1)
            #expect(outcome.error.contains("content/deep.md:3: TOML front matter: " + tooDeep), "\(outcome.error)")
            #expect(outcome.outputIntact)
        }
    }

    @Test("a hugo.toml or Zola config.toml with a dotted key of 10,000 parts fails the build on its line")
    func tomlConfiguration() throws {
        for file in ["hugo.toml", "config.toml"] {
            let hostile = try HostileSite()
            let outcome = try hostile.attack([file: "title = \"A\"\nbase_url = \"/\"\n" + parts(10_000) + " = 1\n"])
            #expect(outcome.status == 1)
            #expect(outcome.error.contains("\(file):3: TOML: " + tooDeep), "\(outcome.error)")
            #expect(outcome.outputIntact)
        }
    }

    @Test("JSON front matter over 1 MB fails the build, and so does a hugo.json that is not JSON")
    func json() throws {
        let hostile = try HostileSite()
        let long = "{\"title\": \"Long\", \"body\": \"" + String(repeating: "x", count: 1_200_000) + "\"}\nText\n"
        let outcome = try hostile.attack(["content/long.md": long])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("content/long.md:1: JSON front matter: goes on past 1 MB"), "\(outcome.error)")
        #expect(outcome.outputIntact)
        try FileManager.default.removeItem(at: hostile.site.root.appendingPathComponent("content/long.md"))
        let yaml = try hostile.attack(["hugo.json": "title: YAML is not JSON\n"])
        #expect(yaml.status == 1)
        #expect(yaml.error.contains("hugo.json:1: JSON: the file must hold one object"), "\(yaml.error)")
        #expect(yaml.outputIntact)
    }

    @Test("an i18n file that is not a map of words fails the build naming it; Hugo's list of id and translation is read")
    func interfaceStrings() throws {
        let hostile = try HostileSite(good: ["content/index.md": "# Home\n", "sitegen.yml": "title: T\nlanguage: fr\n"])
        let list = try hostile.attack(["i18n/fr.yml": "- just\n- a list\n"])
        #expect(list.status == 1)
        #expect(list.error.contains("i18n/fr.yml: item 1 of the list has no `id` and `translation`"), "\(list.error)")
        #expect(list.outputIntact)
        let text = try hostile.attack(["i18n/fr.yml": "\"only words\"\n"])
        #expect(text.status == 1)
        #expect(text.error.contains("i18n/fr.yml: must be a map of keys to words"), "\(text.error)")
        #expect(text.outputIntact)
        let hugo = try hostile.attack(["i18n/fr.yml": "- id: pageNotFound\n  translation: Rien ici\n"
                                       + "- id: goHome\n  translation: {other: Vers l’accueil}\n"])
        #expect(hugo.status == 0, "\(hugo.error)")
        #expect(try hostile.site.page("404.html").contains("Rien ici"))
        #expect(try hostile.site.page("404.html").contains("Vers l’accueil"))
    }

    @Test("two pages of one language with the same translationKey fail the build naming both")
    func sharedTranslationKey() throws {
        let hostile = try HostileSite(good: ["content/index.md": "# Home\n",
                                             "sitegen.yml": "title: T\nlanguages:\n  en: {}\n  fr: {}\n"])
        let outcome = try hostile.attack([
            "content/a.md": "---\ntitle: A\ntranslationKey: shared\n---\nA\n",
            "content/a.fr.md": "---\ntitle: A fr\ntranslationKey: shared\n---\nA\n",
            "content/b.fr.md": "---\ntitle: B fr\ntranslationKey: shared\n---\nB\n",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("content/b.fr.md:3: is the same translation (`translationKey: shared` in `fr`) as "
                                       + "content/a.fr.md; give one of them another `translationKey`"), "\(outcome.error)")
        #expect(outcome.outputIntact)
    }

    @Test("a language code that is a path (../x) is refused in Hugo, Zola, Jekyll and sitegen configuration, on its line")
    func languageCodes() throws {
        for (file, text, expected) in [
            ("hugo.toml", "title = \"T\"\ndefaultContentLanguage = \"../x\"\n", "hugo.toml:2: `defaultContentLanguage` (../x) is not a language code"),
            ("hugo.toml", "title = \"T\"\n[languages.\"../x\"]\nweight = 1\n[languages.en]\nweight = 2\n",
             "hugo.toml:2: `../x` in `languages` is not a language code"),
            ("hugo.toml", "title = \"T\"\nlanguageCode = \"en/../..\"\n", "hugo.toml:2: `languageCode` (en/../..) is not a language code"),
            ("config.toml", "base_url = \"/\"\ndefault_language = \"../x\"\n", "config.toml:2: `default_language` (../x) is not a language code"),
            ("_config.yml", "title: T\nlang: ../x\n", "_config.yml:2: `lang` (../x) is not a language code"),
            ("sitegen.yml", "title: T\nlanguage: ../x\n", "sitegen.yml:2: `language` (../x) is not a language code"),
        ] {
            let hostile = try HostileSite()
            let outcome = try hostile.attack([file: text])
            #expect(outcome.status == 1)
            #expect(outcome.error.contains(expected), "\(outcome.error)")
            #expect(outcome.outputIntact)
        }
    }

    @Test("a Jekyll lang written as a locale (en_US) is read as en-US")
    func jekyllLocale() throws {
        let hostile = try HostileSite()
        let outcome = try hostile.attack(["_config.yml": "title: T\nlang: en_US\n"])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(try hostile.site.page("index.html").contains("<html lang=\"en-US\""))
    }
}
