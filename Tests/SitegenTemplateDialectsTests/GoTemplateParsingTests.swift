import Testing
@testable import SitegenTemplateDialects

@Test func textWithoutActionsIsWrittenAsItIs() throws {
    #expect(try renderShortcode("<p>Hello, world</p>\n") == "<p>Hello, world</p>\n")
}

@Test func trimMarkersTakeWhiteSpaceOffBothSides() throws {
    #expect(try renderShortcode("a  \n {{- 1 -}} \n\t b") == "a1b")
    #expect(try renderShortcode("a {{- 1 }} b") == "a1 b")
    #expect(try renderShortcode("a {{ 1 -}} b") == "a 1b")
}

@Test func aMinusWithoutSpaceIsANegativeNumberNotATrimMarker() throws {
    #expect(try renderShortcode("a {{-3}} b") == "a -3 b")
}

@Test func commentsVanishAndMayTrim() throws {
    #expect(try renderShortcode("a {{/* note */}} b") == "a  b")
    #expect(try renderShortcode("a\n{{- /* a comment\nover lines */ -}}\nb") == "ab")
}

@Test func stringsKeepGoEscapesAndRawStringsKeepEverything() throws {
    #expect(try renderShortcode(#"{{ "a\tb\u00e9\x41" }}"#) == "a\tbéA")
    #expect(try renderShortcode("{{ `a\\n {{ b }}` }}") == "a\\n {{ b }}")
    #expect(try renderShortcode(#"{{ "}} inside" }}"#) == "}} inside")
}

@Test func numbersAreReadInGoNotations() throws {
    #expect(try renderShortcode("{{ 0x1F }} {{ 1_000 }} {{ 1.5 }} {{ -2 }} {{ 'a' }} {{ 1e3 }} {{ 017 }}") == "31 1000 1.5 -2 97 1000 15")
}

@Test func actionsMaySpanLines() throws {
    #expect(try renderShortcode("{{ $d := dict\n  \"a\" 1\n  \"b\" 2\n}}{{ $d.b }}") == "2")
}

@Test func unknownFunctionsAreUnsupportedWithTheirLine() throws {
    let error = try #require(parseError("line 1\n{{ if true }}\n{{ frobnicate 1 }}\n{{ end }}"))
    #expect(error.kind == .unsupported(construct: "frobnicate"))
    #expect(error.line == 3)
}

@Test func partialsTemplatesDefinesAndBlocksAreUnsupported() throws {
    #expect(parseError(#"{{ partial "x" . }}"#)?.kind == .unsupported(construct: "partial"))
    #expect(parseError(#"{{ template "x" . }}"#)?.kind == .unsupported(construct: "template"))
    #expect(parseError("\n{{ define \"x\" }}y{{ end }}")?.kind == .unsupported(construct: "define"))
    #expect(parseError("\n{{ define \"x\" }}y{{ end }}")?.line == 2)
    #expect(parseError(#"{{ block "x" . }}y{{ end }}"#)?.kind == .unsupported(construct: "block"))
}

@Test func resourcesAndFieldsReachingOtherPagesAreUnsupported() throws {
    #expect(parseError(#"{{ with resources.Get "a.json" }}{{ . }}{{ end }}"#)?.kind == .unsupported(construct: "resources.Get"))
    #expect(parseError("\n\n{{ range .Page.Resources }}x{{ end }}")?.kind == .unsupported(construct: ".Resources"))
    #expect(parseError("\n\n{{ range .Page.Resources }}x{{ end }}")?.line == 3)
    #expect(parseError(#"{{ (site.GetPage "/x").Title }}"#)?.kind == .unsupported(construct: ".GetPage"))
    #expect(parseError("{{ now }}")?.kind == .unsupported(construct: "now"))
}

@Test func malformedGoTemplatesAreSyntaxErrorsWithTheirLine() throws {
    let unclosed = try #require(parseError("a\n{{ if true }}\nb"))
    #expect(unclosed.kind == .syntax)
    #expect(unclosed.line == 2)
    #expect(parseError("{{ end }}")?.kind == .syntax)
    #expect(parseError("{{ 1 ")?.kind == .syntax)
    #expect(parseError(#"{{ "open }}"#)?.kind == .syntax)
    #expect(parseError("{{ (1 }}")?.kind == .syntax)
    #expect(parseError("{{ }}")?.kind == .syntax)
    #expect(parseError("{{ break }}")?.kind == .syntax)
    #expect(parseError("{{ else }}")?.kind == .syntax)
    #expect(parseError("{{ 1 2 }}")?.kind == .syntax)
    #expect(parseError("{{ $x, $y := 1 }}")?.kind == .syntax)
}

@Test func aPipeWithNothingAfterItEndsThePipelineAsInGo() throws {
    #expect(try renderShortcode(#"{{ $a := "x" | }}{{ $a }}"#) == "x")
}
