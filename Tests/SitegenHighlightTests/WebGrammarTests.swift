import Testing
@testable import SitegenHighlight

@Suite struct WebGrammarTests {
    // MARK: JavaScript

    @Test func javascriptDeclarationsNumbersAndKeywords() {
        #expect(tokens("function add(a, b = 0x1F) { return a / b + 1_000n; }", "js") == [
            "kd:function", "nf:add", "p:(", "nx:a", "p:,", "nx:b", "o:=", "mh:0x1F", "p:)", "p:{",
            "k:return", "nx:a", "o:/", "nx:b", "o:+", "mi:1_000n", "p:;", "p:}",
        ])
        #expect(tokens("class Point extends Base { #x = 1.5e3; static of() { return new this(); } }", "javascript") == [
            "kd:class", "nc:Point", "k:extends", "nx:Base", "p:{", "n:#x", "o:=", "mf:1.5e3", "p:;",
            "k:static", "k:of", "p:()", "p:{", "k:return", "ow:new", "k:this", "p:();", "p:}", "p:}",
        ])
    }

    @Test func javascriptTellsRegularExpressionsFromDivision() {
        #expect(tokens("const re = /[/]\\d+/gi; let half = total / 2 / count;", "js") == [
            "kd:const", "nx:re", "o:=", "sr:/[/]\\d+/gi", "p:;", "kd:let", "nx:half", "o:=", "nx:total", "o:/",
            "mi:2", "o:/", "nx:count", "p:;",
        ])
        #expect(tokens("y = (/=+/).test(s);", "js").contains("sr:/=+/"))
        #expect(tokens("x = a\n/ b / c;", "js") == ["nx:x", "o:=", "nx:a", "o:/", "nx:b", "o:/", "nx:c", "p:;"])
    }

    @Test func javascriptTemplateLiteralsNestAndStringsEscape() {
        #expect(tokens("const s = `sum: ${a + `${b}`} \\n`, t = \"tab\\t\";", "js") == [
            "kd:const", "nx:s", "o:=", "sb:`sum: ", "si:${", "nx:a", "o:+", "sb:`", "si:${", "nx:b", "si:}", "sb:`",
            "si:}", "sb: ", "se:\\n", "sb:`", "p:,", "nx:t", "o:=", "s2:\"tab", "se:\\t", "s2:\"", "p:;",
        ])
        #expect(tokens("const s = `a${ {b: 1}.b }c`;", "js") == [
            "kd:const", "nx:s", "o:=", "sb:`a", "si:${", "p:{", "nx:b", "o::", "mi:1", "p:}.", "nx:b", "si:}", "sb:c`", "p:;",
        ])
        #expect(tokens("'\\u00e9\\x41\\u{1F600}'", "js") == ["s1:'", "se:\\u00e9\\x41\\u{1F600}", "s1:'"])
    }

    @Test func javascriptUnterminatedStringsEndAtTheLine() {
        #expect(tokens("z = \"open\nw = 1;", "js") == ["nx:z", "o:=", "s2:\"open", "nx:w", "o:=", "mi:1", "p:;"])
    }

    @Test func javascriptCommentsAndHashbang() {
        #expect(tokens("#!/usr/bin/env node\n// line\n/* block\n */ x", "node") == [
            "ch:#!/usr/bin/env node", "c1:// line", "cm:/* block", "cm: */", "nx:x",
        ])
    }

    @Test func jsxElementsWhereAnExpressionStarts() {
        #expect(tokens("const el = <div className=\"app\">Hi {name} &amp;</div>;", "jsx") == [
            "kd:const", "nx:el", "o:=", "p:<", "nt:div", "na:className", "o:=", "s:\"app\"", "p:>", ":Hi",
            "p:{", "nx:name", "p:}", "ni:&amp;", "p:</", "nt:div", "p:>;",
        ])
        #expect(tokens("return <Foo.Bar on={() => go(1)} />;", "jsx") == [
            "k:return", "p:<", "nt:Foo.Bar", "na:on", "o:=", "p:{()", "p:=>", "nx:go", "p:(", "mi:1", "p:)}", "p:/>;",
        ])
        #expect(tokens("if (a < b) x = y;", "js") == ["k:if", "p:(", "nx:a", "o:<", "nx:b", "p:)", "nx:x", "o:=", "nx:y", "p:;"])
    }

    // MARK: TypeScript

    @Test func typescriptTypesAndDeclarations() {
        #expect(tokens("interface User { id: number; name?: string }", "ts") == [
            "kd:interface", "nc:User", "p:{", "nx:id", "o::", "kt:number", "p:;", "nx:name", "o:?", "o::", "kt:string", "p:}",
        ])
        #expect(tokens("type Id = string | number;", "typescript") == ["k:type", "nc:Id", "o:=", "kt:string", "o:|", "kt:number", "p:;"])
        #expect(tokens("enum Color { Red = 0b01 }", "ts") == ["kd:enum", "nc:Color", "p:{", "nx:Red", "o:=", "mb:0b01", "p:}"])
    }

    @Test func typescriptModifiersDecoratorsAndGenerics() {
        #expect(tokens("@Injectable() export abstract class Repo<T> implements Store { private readonly items: T[] = []; }", "ts") == [
            "nd:@Injectable", "p:()", "kn:export", "k:abstract", "kd:class", "nc:Repo", "o:<", "nx:T", "o:>", "k:implements",
            "nx:Store", "p:{", "k:private", "k:readonly", "nx:items", "o::", "kt:T", "p:[]", "o:=", "p:[];", "p:}",
        ])
    }

    @Test func tsxElementsAreToldFromTypeAssertionsAndGenerics() {
        #expect(tokens("render(<Link page=\"x\">Hi</Link>); x = <Intro />; y = <Text>Welcome</Text>;", "tsx") == [
            "nx:render", "p:(<", "nt:Link", "na:page", "o:=", "s:\"x\"", "p:>", ":Hi", "p:</", "nt:Link", "p:>);",
            "nx:x", "o:=", "p:<", "nt:Intro", "p:/>;", "nx:y", "o:=", "p:<", "nt:Text", "p:>", ":Welcome", "p:</", "nt:Text", "p:>;",
        ])
        #expect(tokens("const label = <any>value;", "tsx") == ["kd:const", "nx:label", "o:=", "o:<", "kt:any", "o:>", "nx:value", "p:;"])
        #expect(tokens("const h = <Foo>bar;", "ts") == ["kd:const", "nx:h", "o:=", "o:<", "nx:Foo", "o:>", "nx:bar", "p:;"])
        #expect(tokens("const f = <T extends U>(x: T) => x;", "ts") == [
            "kd:const", "nx:f", "o:=", "o:<", "nx:T", "k:extends", "nx:U", "o:>", "p:(", "nx:x", "o::", "kt:T", "p:)", "p:=>", "nx:x", "p:;",
        ])
    }

    // MARK: JSON and JSON5

    @Test func jsonKeysStringsNumbersAndConstants() {
        #expect(tokens("{\"name\": \"sitegen\", \"version\": 1.5e3, \"private\": true, \"deps\": [null, -2], \"s\": \"a\\n\\u00e9\"}", "json") == [
            "p:{", "nt:\"name\"", "p::", "s2:\"sitegen\"", "p:,", "nt:\"version\"", "p::", "mf:1.5e3", "p:,",
            "nt:\"private\"", "p::", "kc:true", "p:,", "nt:\"deps\"", "p::", "p:[", "kc:null", "p:,", "mi:-2", "p:],",
            "nt:\"s\"", "p::", "s2:\"a", "se:\\n\\u00e9", "s2:\"", "p:}",
        ])
        #expect(tokens("{\"a\" : {\"b\": 2}}", "json") == ["p:{", "nt:\"a\"", "p::", "p:{", "nt:\"b\"", "p::", "mi:2", "p:}}"])
    }

    @Test func jsonCommentsAndStrayText() {
        #expect(tokens("// comment\n{\"a\": 1 /* c */}", "jsonc") == ["c1:// comment", "p:{", "nt:\"a\"", "p::", "mi:1", "cm:/* c */", "p:}"])
        #expect(tokens("[1, 2, ..., \"x\"]", "json") == ["p:[", "mi:1", "p:,", "mi:2", "p:,", ":...", "p:,", "s2:\"x\"", "p:]"])
    }

    @Test func json5BareKeysSingleQuotesAndSpecialNumbers() {
        #expect(tokens("{unquoted: 'single', trailing: [0x1F, +Infinity, NaN, .5,], // c\n}", "json5") == [
            "p:{", "nt:unquoted", "p::", "s:'single'", "p:,", "nt:trailing", "p::", "p:[", "mh:0x1F", "p:,",
            "kc:+Infinity", "p:,", "kc:NaN", "p:,", "mf:.5", "p:,],", "c1:// c", "p:}",
        ])
        #expect(tokens("{'key': \"a\\\"b\"}", "json5") == ["p:{", "nt:'key'", "p::", "s:\"a", "se:\\\"", "s:b\"", "p:}"])
    }

    // MARK: CSS and SCSS

    @Test func cssSelectorsPropertiesAndValues() {
        #expect(tokens("a.nav:hover, #main > p::first-line { color: #fff; margin: 0 auto 1.5em; width: calc(100% - 2px) !important; }", "css") == [
            "nt:a", "p:.", "nc:nav", "p::", "nd:hover", "o:,", "p:#", "nn:main", "o:>", "nt:p", "p:::", "nd:first-line", "p:{",
            "k:color", "p::", "mh:#fff", "p:;", "k:margin", "p::", "mi:0", "kc:auto", "mf:1.5", "kt:em", "p:;",
            "k:width", "p::", "nf:calc", "p:(", "mi:100", "kt:%", "o:-", "mi:2", "kt:px", "p:)", "cp:!important", "p:;", "p:}",
        ])
    }

    @Test func cssAtRulesCustomPropertiesAndURLs() {
        #expect(tokens("@media (max-width: 600px) { .x { -webkit-user-select: none; --gap: 4px; gap: var(--gap); } }", "css") == [
            "p:@", "k:media", "p:(", "k:max-width", "p::", "mi:600", "kt:px", "p:)", "p:{", "p:.", "nc:x", "p:{",
            "kp:-webkit-", "k:user-select", "p::", "kc:none", "p:;", "nv:--gap", "p::", "mi:4", "kt:px", "p:;",
            "k:gap", "p::", "nf:var", "p:(", "nv:--gap", "p:);", "p:}", "p:}",
        ])
        #expect(tokens("body { background: url(img/bg.png) no-repeat; font-family: \"Helvetica Neue\", sans-serif; } /* done */", "css") == [
            "nt:body", "p:{", "k:background", "p::", "nb:url", "p:(", "sx:img/bg.png", "p:)", "kc:no-repeat", "p:;",
            "k:font-family", "p::", "s2:\"Helvetica Neue\"", "p:,", "kc:sans-serif", "p:;", "p:}", "cm:/* done */",
        ])
    }

    @Test func scssVariablesNestingAndParentSelector() {
        #expect(tokens("$primary: #390040 !default;\n.btn { &:hover { color: darken($primary, 10%); } .icon { margin: 0 4px; } }", "scss") == [
            "nv:$primary", "o::", "mh:#390040", "ne:!default", "p:;", "nc:.btn", "p:{", "k:&", "nd::hover", "p:{",
            "py:color", "o::", "nf:darken", "p:(", "nv:$primary", "p:,", "mi:10", "kt:%", "p:);", "p:}",
            "nc:.icon", "p:{", "py:margin", "o::", "mi:0", "mi:4", "kt:px", "p:;", "p:}", "p:}",
        ])
    }

    @Test func scssMixinsCommentsAndInterpolation() {
        #expect(tokens("// note\n@mixin theme($c: red) { background: $c; }\n.a { @include theme(blue); @extend .b; width: #{$w}px; }", "scss") == [
            "c1:// note", "k:@mixin", "nf:theme", "p:(", "nv:$c", "o::", "no:red", "p:)", "p:{", "py:background", "o::",
            "nv:$c", "p:;", "p:}", "nc:.a", "p:{", "k:@include", "nd:theme", "p:(", "no:blue", "p:);", "k:@extend",
            "nc:.b", "p:;", "py:width", "o::", "si:#{", "nv:$w", "si:}", "n:px", "p:;", "p:}",
        ])
    }

    // MARK: HTML and XML

    @Test func htmlTagsAttributesEntitiesAndComments() {
        #expect(tokens("<!DOCTYPE html>\n<p class=\"x\" hidden>Tom &amp; Jerry<!-- c --></p>", "html") == [
            "cp:<!DOCTYPE html>", "p:<", "nt:p", "na:class", "o:=", "s:\"x\"", "na:hidden", "p:>", ":Tom", "ni:&amp;",
            ":Jerry", "cm:<!-- c -->", "p:</", "nt:p", "p:>",
        ])
        #expect(tokens("<meta charset=utf-8><br/>", "htm") == ["p:<", "nt:meta", "na:charset", "o:=", "s:utf-8", "p:><", "nt:br", "p:/>"])
        #expect(tokens("<p>x</p >< / p>", "html") == ["p:<", "nt:p", "p:>", ":x", "p:</", "nt:p", "p:>< /", "nt:p", "p:>"])
    }

    @Test func htmlScriptsAreJavaScriptAndStylesCSS() {
        #expect(tokens("<script>if (a < b) { x = \"</p>\"; }</script><style>p { color: red }</style>", "html") == [
            "p:<", "nt:script", "p:>", "k:if", "p:(", "nx:a", "o:<", "nx:b", "p:)", "p:{", "nx:x", "o:=", "s2:\"</p>\"",
            "p:;", "p:}</", "nt:script", "p:><", "nt:style", "p:>", "nt:p", "p:{", "k:color", "p::", "kc:red",
            "p:}</", "nt:style", "p:>",
        ])
        // The script ends at its closing tag even inside a string, as in browsers.
        #expect(tokens("<script>\nconst s = `</div>`;\n</script>\n<p>after</p>", "html") == [
            "p:<", "nt:script", "p:>", "kd:const", "nx:s", "o:=", "sb:`</div>`", "p:;", "p:</", "nt:script", "p:>",
            "p:<", "nt:p", "p:>", ":after", "p:</", "nt:p", "p:>",
        ])
        #expect(tokens("<SCRIPT>let a = 1;</SCRIPT>", "html") == [
            "p:<", "nt:SCRIPT", "p:>", "kd:let", "nx:a", "o:=", "mi:1", "p:;</", "nt:SCRIPT", "p:>",
        ])
    }

    @Test func htmlScriptWithoutClosingTagRunsToTheEnd() {
        #expect(tokens("<script>\nlet a = 1;", "html") == ["p:<", "nt:script", "p:>", "kd:let", "nx:a", "o:=", "mi:1", "p:;"])
    }

    @Test func xmlDeclarationsCDATAAndTags() {
        #expect(tokens("<?xml version=\"1.0\"?>\n<root a=\"1\"><![CDATA[x < y]]><!-- c --><child/>&lt;</root>", "xml") == [
            "cp:<?xml version=\"1.0\"?>", "nt:<root", "na:a=", "s:\"1\"", "nt:>", "cp:<![CDATA[x < y]]>", "cm:<!-- c -->",
            "nt:<child/>", "ni:&lt;", "nt:</root>",
        ])
        #expect(tokens("<svg width=\"10\"/>", "svg") == ["nt:<svg", "na:width=", "s:\"10\"", "nt:/>"])
    }

    // MARK: Names

    @Test(arguments: [
        "js", "javascript", "node", "jsx", "mjs", "cjs", "javascriptreact",
        "ts", "typescript", "tsx", "mts", "cts", "typescriptreact",
    ])
    func scriptAliasesResolve(name: String) {
        #expect(tokens("let x = 1;", name) == ["kd:let", "nx:x", "o:=", "mi:1", "p:;"])
    }

    @Test(arguments: ["json", "jsonc", "geojson", "webmanifest", "json5"])
    func dataAliasesResolve(name: String) {
        #expect(tokens("{\"a\": true}", name) == ["p:{", "nt:\"a\"", "p::", "kc:true", "p:}"])
    }

    @Test(arguments: ["html", "htm", "xhtml", "html5"])
    func htmlAliasesResolve(name: String) {
        #expect(tokens("<br>", name) == ["p:<", "nt:br", "p:>"])
    }

    @Test(arguments: ["xml", "svg", "rss", "atom", "xsd", "xsl", "xslt", "plist", "wsdl"])
    func xmlAliasesResolve(name: String) {
        #expect(tokens("<a/>", name) == ["nt:<a/>"])
    }

    @Test func stylesheetNamesResolve() {
        #expect(tokens("a { color: red }", "css") == ["nt:a", "p:{", "k:color", "p::", "kc:red", "p:}"])
        #expect(tokens("a { color: red }", "scss") == ["nt:a", "p:{", "py:color", "o::", "no:red", "p:}"])
    }

    @Test func hostileInputKeepsItsText() {
        let inputs = [
            String(repeating: "(/[", count: 5_000), String(repeating: "`${", count: 2_000), String(repeating: "<a ", count: 5_000),
            "<script>" + String(repeating: "x/", count: 5_000), String(repeating: "a{b:", count: 5_000),
            String(repeating: "#{", count: 5_000), "\"" + String(repeating: "\\", count: 5_001), "<<<\u{E9}>>>&&;",
        ]
        for language in ["js", "ts", "json", "json5", "css", "scss", "html", "xml"] {
            for input in inputs {
                // Text is escaped, so every `<` of the HTML opens a span tag.
                var text = ""
                var inTag = false
                for character in Highlighter().highlight(input, language: language) ?? "" {
                    if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
                }
                text = text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                    .replacing("&amp;", with: "&")
                #expect(text == input, "\(language)")
            }
        }
    }
}
