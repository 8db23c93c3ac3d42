import Testing
@testable import SitegenHighlight

// The grammars of data and template languages: YAML, TOML, Markdown, Jinja, Liquid, Go templates.

@Test func yamlKeysCommentsAndTypedScalars() {
    #expect(tokens("name: CI  # the workflow\nport: 8080\nenabled: true\nratio: 0.5\nnothing: ~\nversion: 1.2.3\n", "yaml") == [
        "nt:name", "p::", "l:CI", "c1:# the workflow", "nt:port", "p::", "mi:8080", "nt:enabled", "p::", "kc:true",
        "nt:ratio", "p::", "mf:0.5", "nt:nothing", "p::", "kc:~", "nt:version", "p::", "l:1.2.3"
    ])
}

@Test func yamlAnchorsAliasesAndTags() {
    #expect(tokens("base: &base\n  image: !!str swift\nprod:\n  <<: *base\n", "yaml") == [
        "nt:base", "p::", "nl:&base", "nt:image", "p::", "kt:!!str", "l:swift", "nt:prod", "p::", "nt:<<", "p::",
        "nv:*base"
    ])
}

@Test func yamlBlockScalarsEndWhereTheIndentationDoes() {
    #expect(tokens("run: |\n  swift build\n  swift test\nnext: >-\n  folded\n", "yaml") == [
        "nt:run", "p::", "p:|", "no:  swift build", "no:  swift test", "nt:next", "p::", "p:>-", "no:  folded"
    ])
}

@Test func yamlPlainScalarsGoOnOverDeeperLines() {
    #expect(tokens("description: a long\n  sentence\nother: x\n", "yaml") == [
        "nt:description", "p::", "l:a long", "l:  sentence", "nt:other", "p::", "l:x"
    ])
}

@Test func yamlQuotedStringsAndEscapes() {
    #expect(tokens("a: \"tab\\t and \\x41\"\nb: 'it''s'\n", "yaml") == [
        "nt:a", "p::", "s2:\"tab", "se:\\t", "s2: and ", "se:\\x41", "s2:\"", "nt:b", "p::", "s1:'it", "se:''",
        "s1:s'"
    ])
}

@Test func yamlFlowCollections() {
    #expect(tokens("tags: [swift, 42, true]\nmap: {name: x, \"q\": 1}\n", "yaml") == [
        "nt:tags", "p::", "p:[", "nv:swift", "p:,", "mi:42", "p:,", "kc:true", "p:]", "nt:map", "p::", "p:{",
        "nt:name", "p::", "nv:x", "p:,", "s2:\"q\"", "p::", "mi:1", "p:}"
    ])
}

@Test func yamlDocumentMarkersAndSequences() {
    #expect(tokens("---\n- item\n- key: value\n...\n", "yaml") == [
        "nn:---", "p:-", "l:item", "p:-", "nt:key", "p::", "l:value", "nn:..."
    ])
}

@Test func ymlIsYAML() {
    #expect(tokens("a: b\n", "yml") == ["nt:a", "p::", "l:b"])
}

@Test func tomlTablesKeysAndComments() {
    #expect(tokens("[package]\nname = \"sitegen\" # the name\n[[bin]]\n[dependencies.swift-syntax]\n", "toml") == [
        "k:[package]", "nt:name", "o:=", "s2:\"sitegen\"", "c1:# the name", "k:[[bin]]",
        "k:[dependencies.swift-syntax]"
    ])
}

@Test func tomlNumbersDatesAndBooleans() {
    #expect(tokens("n = 1_000\nh = 0xff\nf = -1.5e3\nd = 1979-05-27T07:32:00Z\nok = true\ni = inf\n", "toml") == [
        "nt:n", "o:=", "mi:1_000", "nt:h", "o:=", "mh:0xff", "nt:f", "o:=", "mf:-1.5e3", "nt:d", "o:=",
        "ld:1979-05-27T07:32:00Z", "nt:ok", "o:=", "kc:true", "nt:i", "o:=", "mf:inf"
    ])
}

@Test func tomlBasicLiteralAndMultilineStrings() {
    #expect(tokens("a = \"tab\\t\"\nb = 'C:\\path'\nc = \"\"\"\nmulti\n\"\"\"\nd = '''\nraw\n'''\n", "toml") == [
        "nt:a", "o:=", "s2:\"tab", "se:\\t", "s2:\"", "nt:b", "o:=", "s1:'C:\\path'", "nt:c", "o:=", "s2:\"\"\"",
        "s2:multi", "s2:\"\"\"", "nt:d", "o:=", "s1:'''", "s1:raw", "s1:'''"
    ])
}

@Test func tomlArraysAndInlineTables() {
    #expect(tokens("a = [1, \"two\"]\nt = { x = 1, y.z = false }\n", "toml") == [
        "nt:a", "o:=", "p:[", "mi:1", "p:,", "s2:\"two\"", "p:]", "nt:t", "o:=", "p:{", "nt:x", "p:=", "mi:1", "p:,",
        "nt:y", "p:.", "nt:z", "p:=", "kc:false", "p:}"
    ])
}

@Test func tomlTheSideOfTheEqualsSignMakesKeyOrValue() {
    #expect(tokens("1234 = 1234\n", "toml") == [
        "nt:1234", "o:=", "mi:1234"
    ])
}

@Test func markdownAtxAndSetextHeadings() {
    #expect(tokens("# Title\n## Section\nSetext\n======\n", "markdown") == [
        "gh:# Title", "gu:## Section", "gh:Setext", "gh:======"
    ])
}

@Test func markdownEmphasisCodeSpansAndLinks() {
    #expect(tokens("Some **bold**, *em*, `code` and [a link](https://x.org).\n", "markdown") == [
        ":Some", "gs:**bold**", ":,", "ge:*em*", ":,", "sb:`code`", ":and", ":[", "nt:a link", ":](",
        "na:https://x.org", ":)."
    ])
}

@Test func markdownListsTasksAndQuotes() {
    #expect(tokens("- item\n1. first\n- [x] done\n> quoted\n", "markdown") == [
        "k:-", ":item", "k:1.", ":first", "k:- [x]", ":done", "k:> ", "ge:quoted"
    ])
}

@Test func markdownFencedCodeIsOneString() {
    #expect(tokens("```swift\nlet x = 1\n```\n", "markdown") == [
        "sb:```swift", "s:let x = 1", "sb:```"
    ])
}

@Test func mdAndOtherShortNamesAreMarkdown() {
    for alias in ["md", "mkd", "mdown", "mkdn", "Markdown"] {
        #expect(tokens("# Hi\n", alias) == ["gh:# Hi"])
    }
}

@Test func jinjaTagsFiltersAndTests() {
    #expect(tokens("{% for p in pages if p is not draft %}{{ p.title | upper }}{% endfor %}\n", "jinja") == [
        "cp:{%", "k:for", "nv:p", "k:in", "nv:pages", "k:if", "nv:p", "k:is", "k:not", "nf:draft", "cp:%}{{",
        "nv:p.title", "o:|", "nf:upper", "cp:}}{%", "k:endfor", "cp:%}"
    ])
}

@Test func jinjaLiteralsAndOperators() {
    #expect(tokens("{% set x = [1, 2.5, \"a\\\"b\", 'c'] ~ none %}\n", "jinja") == [
        "cp:{%", "k:set", "nv:x", "o:=", "p:[", "mi:1", "p:,", "mf:2.5", "p:,", "s2:\"a\\\"b\"", "p:,", "s1:'c'",
        "p:]", "o:~", "kp:none", "cp:%}"
    ])
}

@Test func jinjaCommentsAndRawBlocks() {
    #expect(tokens("{# note #}{% comment %}hidden{% endcomment %}{% raw %}{{ x }}{% endraw %}\n", "jinja") == [
        "c:{# note #}", "cp:{%", "k:comment", "cp:%}", "c:hidden", "cp:{%", "k:endcomment", "cp:%}{%", "k:raw",
        "cp:%}", ":{{", ":x", ":}}", "cp:{%", "k:endraw", "cp:%}"
    ])
}

@Test func djangoNunjucksAndTeraAreJinja() {
    for alias in ["jinja2", "j2", "django", "tera", "njk", "nunjucks"] {
        #expect(tokens("{{ x }}", alias) == ["cp:{{", "nv:x", "cp:}}"])
    }
}

@Test func liquidOutputsWithFilters() {
    #expect(tokens("<p>{{ page.title | default: \"Untitled\" | upcase }}</p>\n", "liquid") == [
        ":<p>", "p:{{", "nv:page", "p:.", "nv:title", "p:|", "nf:default", "p::", "s2:\"Untitled\"", "p:|",
        "nf:upcase", "p:}}", ":</p>"
    ])
}

@Test func liquidTagsAndConditions() {
    #expect(tokens("{% if user.age >= 18 and user.admin %}yes{% else %}no{% endif %}\n{%- assign n = 3 -%}\n", "liquid") == [
        "p:{%", "k:if", "nv:user", "p:.", "nv:age", "o:>=", "mi:18", "ow:and", "nv:user", "p:.", "nv:admin", "p:%}",
        ":yes", "p:{%", "k:else", "p:%}", ":no", "p:{%", "k:endif", "p:%}", "p:{%-", "nt:assign", "na:n", "o:=",
        "mi:3", ":-", "p:%}"
    ])
}

@Test func liquidCommentAndRawBlocks() {
    #expect(tokens("{% comment %}note{% endcomment %}{% raw %}{{ x }}{% endraw %}\n", "liquid") == [
        "p:{%", "nt:comment", "p:%}", "c:note", "p:{%", "nt:endcomment", "p:%}{%", "nt:raw", "p:%}", ":{{", ":x",
        ":}}", "p:{%", "nt:endraw", "p:%}"
    ])
}

@Test func goTemplateActionsVariablesAndFields() {
    #expect(tokens("{{ range $i, $p := .Site.Pages }}{{ if eq $p.Kind \"page\" }}{{ partial \"card.html\" . }}{{ end }}{{ end }}\n", "gotemplate") == [
        "cp:{{", "k:range", "nv:$i", "p:,", "nv:$p", "o::=", "na:.Site.Pages", "cp:}}{{", "k:if", "nb:eq", "nv:$p",
        "na:.Kind", "s2:\"page\"", "cp:}}{{", "nf:partial", "s2:\"card.html\"", "na:.", "cp:}}{{", "k:end", "cp:}}{{",
        "k:end", "cp:}}"
    ])
}

@Test func goTemplateLiteralsAndComments() {
    #expect(tokens("{{- /* trimmed */ -}}{{ printf \"%d\\n\" 42 `raw` 1.5 true }}\n", "gotemplate") == [
        "cm:{{- /* trimmed */ -}}", "cp:{{", "nb:printf", "s2:\"%d", "se:\\n", "s2:\"", "mi:42", "sb:`raw`", "mf:1.5",
        "kc:true", "cp:}}"
    ])
}

@Test func hugoShortcodeCalls() {
    #expect(tokens("{{< figure src=\"a.png\" width=300 >}}\n{{%/* note */%}}\n", "gotemplate") == [
        "cp:{{<", "nt:figure", "na:src", "o:=", "s2:\"a.png\"", "na:width", "o:=", "mi:300", "cp:>}}", "cp:{{%/*",
        "nt:note", "cp:*/%}}"
    ])
}

@Test func hugoAndGoHTMLTemplateAreGoTemplates() {
    for alias in ["go-html-template", "go-text-template", "go-template", "gotmpl", "gohtml", "hugo"] {
        #expect(tokens("{{ .Title }}", alias) == ["cp:{{", "na:.Title", "cp:}}"])
    }
}

@Test func dataAndTemplateGrammarsKeepEveryCharacterOfBrokenInput() {
    let inputs = [
        "a: \"never closed\n- [ {", "run: |\n", "x = \"\"\"never closed", "[[a.b", "```js\nno closing fence", "**a *b `c [d](e",
        "{{ \"a", "{% comment %}", "{% raw %}", "{{< x", "{{/* open", "é: ü\n  ö ß", String(repeating: "[{", count: 2000) + "{{-",
    ]
    for language in ["yaml", "toml", "markdown", "jinja", "liquid", "gotemplate"] {
        for input in inputs {
            #expect(text(ofHTML: Highlighter().highlight(input, language: language) ?? "") == input)
        }
    }
}

/// The text of highlighted HTML: tags dropped, entities read back.
private func text(ofHTML html: String) -> String {
    var result = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: ">") else { break }
        rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"").replacing("&amp;", with: "&")
}
