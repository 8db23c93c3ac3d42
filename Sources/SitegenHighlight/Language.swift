/// The languages the built-in highlighter knows, with the names GitHub accepts for them.
enum Language: String, CaseIterable, Sendable {
    case swift
    case rust
    case go
    case c
    case cpp
    case objectivec
    case python
    case javascript
    case typescript
    case java
    case kotlin
    case ruby
    case bash
    case console
    case json
    case json5
    case yaml
    case toml
    case html
    case xml
    case css
    case scss
    case sql
    case diff
    case markdown
    case dockerfile
    case gotemplate
    case liquid
    case jinja
    case elixir
    case erlang
    case pythonConsole = "pycon"

    /// Other names for it, as GitHub's Linguist gives them.
    var aliases: [String] {
        switch self {
        case .swift: []
        case .rust: ["rs"]
        case .go: ["golang"]
        case .c: ["h"]
        case .cpp: ["c++", "cc", "cxx", "hpp", "hxx", "h++"]
        case .objectivec: ["objc", "obj-c", "objective-c", "objectivecpp", "objective-c++", "objc++", "mm"]
        case .python: ["py", "python3", "py3", "gyp", "bzl", "starlark"]
        case .javascript: ["js", "node", "jsx", "mjs", "cjs", "javascriptreact"]
        case .typescript: ["ts", "tsx", "mts", "cts", "typescriptreact"]
        case .java: []
        case .kotlin: ["kt", "kts"]
        case .ruby: ["rb", "jruby", "rake", "gemspec", "podspec"]
        case .bash: ["sh", "shell", "zsh", "ksh", "shell-script", "shellscript"]
        case .console: ["shell-session", "shellsession", "sh-session", "bash-session", "terminal"]
        case .json: ["jsonc", "geojson", "webmanifest"]
        case .json5: []
        case .yaml: ["yml"]
        case .toml: []
        case .html: ["htm", "xhtml", "html5"]
        case .xml: ["svg", "rss", "atom", "xsd", "xsl", "xslt", "plist", "wsdl"]
        case .css: []
        case .scss: []
        case .sql: ["mysql", "postgresql", "postgres", "psql", "sqlite", "plpgsql", "tsql"]
        case .diff: ["patch", "udiff"]
        case .markdown: ["md", "mkd", "mdown", "mkdn"]
        case .dockerfile: ["docker", "containerfile"]
        case .gotemplate: ["go-html-template", "go-text-template", "go-template", "gotmpl", "gohtml", "hugo", "tpl"]
        case .liquid: []
        case .jinja: ["jinja2", "j2", "django", "tera", "njk", "nunjucks"]
        case .elixir: ["ex", "exs"]
        case .erlang: ["hrl", "escript"]
        case .pythonConsole: ["python-console"]
        }
    }

    var grammar: Grammar {
        switch self {
        case .swift: Grammars.swift
        case .rust: Grammars.rust
        case .go: Grammars.go
        case .c: Grammars.c
        case .cpp: Grammars.cpp
        case .objectivec: Grammars.objectivec
        case .python: Grammars.python
        case .javascript: Grammars.javascript
        case .typescript: Grammars.typescript
        case .java: Grammars.java
        case .kotlin: Grammars.kotlin
        case .ruby: Grammars.ruby
        case .bash: Grammars.bash
        case .console: Grammars.console
        case .json: Grammars.json
        case .json5: Grammars.json5
        case .yaml: Grammars.yaml
        case .toml: Grammars.toml
        case .html: Grammars.html
        case .xml: Grammars.xml
        case .css: Grammars.css
        case .scss: Grammars.scss
        case .sql: Grammars.sql
        case .diff: Grammars.diff
        case .markdown: Grammars.markdown
        case .dockerfile: Grammars.dockerfile
        case .gotemplate: Grammars.gotemplate
        case .liquid: Grammars.liquid
        case .jinja: Grammars.jinja
        case .elixir: Grammars.elixir
        case .erlang: Grammars.erlang
        case .pythonConsole: Grammars.pythonConsole
        }
    }

    /// The language a code block's info string names (`Rust`, `rs`, `rust,ignore`, `{.rust}`), if known.
    init?(named name: String) {
        var name = Substring(name)
        // Pandoc's and kramdown's `{.python}` name the language as a class.
        if name.hasPrefix("{.") { name = name.dropFirst(2).prefix { $0 != "}" && $0 != " " && $0 != "." } }
        if let comma = name.firstIndex(where: { $0 == "," || $0 == "{" }) { name = name[..<comma] }
        // Most info strings are lower case already: no new string for them.
        let key = name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }) ? name.lowercased() : String(name)
        guard let language = Language.byName[key] else { return nil }
        self = language
    }

    private static let byName: [String: Language] = {
        var names: [String: Language] = [:]
        for language in allCases {
            names[language.rawValue] = language
            for alias in language.aliases { names[alias] = language }
        }
        return names
    }()
}
