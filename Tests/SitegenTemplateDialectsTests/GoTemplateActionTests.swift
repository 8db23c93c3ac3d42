import Testing
import SitegenTemplates
@testable import SitegenTemplateDialects

@Test func ifElseIfElsePicksTheFirstTrueBranch() throws {
    let source = #"{{ if eq .Ordinal 0 }}zero{{ else if eq .Ordinal 1 }}one{{ else }}many{{ end }}"#
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "t", ordinal: 0)) == "zero")
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "t", ordinal: 1)) == "one")
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "t", ordinal: 5)) == "many")
}

@Test func goTruthTreatsEmptyAndZeroValuesAsFalse() throws {
    let source = #"{{ range slice 0 1 "" "a" nil true false (slice) (dict) (dict "a" 1) 0.0 }}{{ if . }}T{{ else }}F{{ end }}{{ end }}"#
    #expect(try renderShortcode(source) == "FTFTFTFFFTF")
}

@Test func withSetsTheDotAndElseWithTriesTheNext() throws {
    let source = #"{{ with .Get "a" }}a={{ . }}{{ else with .Get "b" }}b={{ . }}{{ else }}none{{ end }}"#
    #expect(try renderShortcode(source, named(["a": "1"])) == "a=1")
    #expect(try renderShortcode(source, named(["b": "2"])) == "b=2")
    #expect(try renderShortcode(source, named([:])) == "none")
}

@Test func rangeGoesOverListsWithIndexAndElement() throws {
    #expect(try renderShortcode(#"{{ range $i, $e := slice "a" "b" }}{{ $i }}:{{ $e }};{{ end }}"#) == "0:a;1:b;")
    #expect(try renderShortcode(#"{{ range $e := slice "a" "b" }}{{ $e }}{{ . }}{{ end }}"#) == "aabb")
}

@Test func rangeGoesOverMapsInKeyOrder() throws {
    #expect(try renderShortcode(#"{{ range $k, $v := dict "b" 2 "a" 1 "c" 3 }}{{ $k }}={{ $v }} {{ end }}"#) == "a=1 b=2 c=3 ")
}

@Test func rangeGoesOverSiteObjectsInKeyOrder() throws {
    let call = HugoShortcodeCall(name: "t", page: ["Params": ["tags": ["x", "y"], "b": 2, "a": 1]])
    #expect(try renderShortcode(#"{{ range $k, $v := .Page.Params }}{{ $k }} {{ end }}"#, call) == "a b tags ")
    #expect(try renderShortcode(#"{{ range .Page.Params.tags }}[{{ . }}]{{ end }}"#, call) == "[x][y]")
}

@Test func rangeOverACountCountsFromZero() throws {
    #expect(try renderShortcode("{{ range 3 }}{{ . }}{{ end }}") == "012")
}

@Test func rangeElseShowsForAnEmptyCollection() throws {
    #expect(try renderShortcode("{{ range slice }}x{{ else }}empty{{ end }}") == "empty")
    #expect(try renderShortcode(#"{{ range .Get "missing" }}x{{ else }}nothing{{ end }}"#) == "nothing")
}

@Test func breakAndContinueStopOrSkipAnIteration() throws {
    let source = "{{ range seq 10 }}{{ if eq . 2 }}{{ continue }}{{ end }}{{ if gt . 4 }}{{ break }}{{ end }}{{ . }}{{ end }}"
    #expect(try renderShortcode(source) == "134")
}

@Test func variablesAreDeclaredAssignedAndScopedToTheirBlock() throws {
    let source = #"{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ $y := 3 }}{{ end }}{{ $x }}"#
    #expect(try renderShortcode(source) == "2")
    #expect(renderError(#"{{ if true }}{{ $y := 3 }}{{ end }}{{ $y }}"#)?.kind == .syntax)
    #expect(renderError("{{ $z = 1 }}")?.kind == .syntax)
}

@Test func rangeCanCollectIntoAnOuterVariable() throws {
    let source = #"{{ $all := slice }}{{ range slice "a" "b" }}{{ $all = $all | append (upper .) }}{{ end }}{{ delimit $all "," }}"#
    #expect(try renderShortcode(source) == "A,B")
}

@Test func dollarIsTheShortcodeInsideRangesAndWith() throws {
    let source = #"{{ range slice 1 2 }}{{ $.Get 0 }}{{ end }}{{ with "x" }}{{ $.Name }}{{ end }}"#
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "box", positional: ["p"])) == "ppbox")
}

@Test func pipesPassTheValueAsTheLastArgument() throws {
    #expect(try renderShortcode(#"{{ "world" | printf "hello %s" | upper }}"#) == "HELLO WORLD")
    #expect(try renderShortcode(#"{{ .Get "src" | default (.Get 0) }}"#, positional("first")) == "first")
}

@Test func parenthesesGroupAndTheirResultHasFields() throws {
    #expect(try renderShortcode(#"{{ (dict "a" (dict "b" "deep")).a.b }}"#) == "deep")
    #expect(try renderShortcode("{{ add (mul 2 3) (sub 10 4) }}") == "12")
}

@Test func siteAndPageFunctionsReadFieldsDirectly() throws {
    let call = HugoShortcodeCall(name: "t", page: ["Title": "Page"], site: ["Params": ["author": "Ann"]])
    #expect(try renderShortcode("{{ site.Params.author }} {{ page.Title }}", call) == "Ann Page")
}

@Test func missingMembersAreEmpty() throws {
    let call = HugoShortcodeCall(name: "t", page: ["Params": [:]])
    #expect(try renderShortcode("[{{ .Page.Params.nothing.deeper }}][{{ .Site.Title }}]", call) == "[][]")
}

@Test func paramsAreReadWithoutRegardToCaseAsHugoLowersTheirNames() throws {
    let call = HugoShortcodeCall(name: "t", site: ["Params": ["description": "About"]])
    #expect(try renderShortcode("{{ .Site.Params.Description }}", call) == "About")
}

@Test func theShortcodeGivesItsArgumentsAndInnerText() throws {
    let call = HugoShortcodeCall(name: "note", positional: ["a", "b"], inner: "  line 1\n    line 2\n", ordinal: 3)
    let source = "{{ .Get 0 }}|{{ .Get 5 }}|{{ .Get \"x\" }}|{{ len .Params }}|{{ .IsNamedParams }}|{{ .Name }}|{{ .Ordinal }}|{{ .InnerDeindent }}"
    #expect(try renderShortcode(source, call) == "a|||2|false|note|3|line 1\n  line 2\n")
    let namedCall = named(["k": "v"])
    #expect(try renderShortcode(#"{{ .Get "k" }}|{{ .Params.k }}|{{ .IsNamedParams }}|{{ .Get 0 }}"#, namedCall) == "v|v|true|")
}

@Test func theParentsArgumentsAreReadWithGet() throws {
    let call = HugoShortcodeCall(name: "tab", parent: ["Name": "tabs", "Params": ["defaultIndex": "1"]])
    #expect(try renderShortcode(#"{{ .Parent.Name }} {{ .Parent.Get "defaultIndex" }}"#, call) == "tabs 1")
    #expect(try renderShortcode(#"[{{ .Parent.Get "defaultIndex" }}]"#) == "[]")
}

@Test func theStoreKeepsValuesWithinOneRender() throws {
    let source = #"{{ .Store.Set "n" 1 }}{{ .Store.Add "n" 2 }}{{ .Store.Get "n" }} {{ .Page.Store.Set "k" "v" }}{{ .Page.Store.Get "k" }}"#
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "t", page: ["Title": "x"])) == "3 v")
    #expect(try renderShortcode(#"{{ $s := newScratch }}{{ $s.SetInMap "m" "a" 1 }}{{ $s.Get "m" }}"#) == "map[a:1]")
}

@Test func renderStringTurnsMarkdownIntoHTMLThroughTheCaller() throws {
    let call = HugoShortcodeCall(name: "t", inner: "*hi*", page: ["Title": "x"], markdownify: { "<em>\($0.dropFirst().dropLast())</em>" })
    #expect(try renderShortcode("{{ .Inner | .Page.RenderString }}|{{ .Page.RenderString (dict \"display\" \"block\") .Inner }}", call)
        == "<em>hi</em>|<em>hi</em>")
}

@Test func pageParamFallsBackToTheSitesParams() throws {
    let call = HugoShortcodeCall(name: "t", page: ["Params": ["a": "page"]], site: ["Params": ["b": "site"]])
    #expect(try renderShortcode(#"{{ .Page.Param "a" }} {{ .Page.Param "b" }}"#, call) == "page site")
}

@Test func anUnknownFieldOfTheShortcodeIsUnsupportedWhenRun() throws {
    let error = try #require(renderError("\n{{ .Frobnicate }}"))
    #expect(error.kind == .unsupported(construct: ".Frobnicate"))
    #expect(error.line == 2)
}

@Test func wrongArgumentTypesAreErrorsNotCrashes() throws {
    #expect(renderError(#"{{ add "a" 1 }}"#)?.kind == .syntax)
    #expect(renderError("{{ div 1 0 }}")?.kind == .syntax)
    #expect(renderError(#"{{ range "text" }}{{ end }}"#)?.kind == .syntax)
    #expect(renderError(#"{{ "x".Field }}"#) != nil)
    #expect(renderError(#"{{ lt (slice) 1 }}"#)?.kind == .syntax)
    #expect(renderError(#"{{ errorf "bad %s" "thing" }}"#)?.message.contains("bad thing") == true)
}
