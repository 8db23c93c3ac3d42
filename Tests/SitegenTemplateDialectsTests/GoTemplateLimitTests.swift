import Testing
import SitegenLimits
import SitegenTemplates
@testable import SitegenTemplateDialects

@Test func tenThousandNestedBlocksAreRefusedAtTheLimit() throws {
    let source = String(repeating: "{{ if true }}", count: 10_000) + "x" + String(repeating: "{{ end }}", count: 10_000)
    let error = try #require(parseError(source))
    #expect(error.kind == .limit)
}

@Test func tenThousandNestedParenthesesAreRefusedAtTheLimit() throws {
    let source = "{{ " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " }}"
    #expect(parseError(source)?.kind == .limit)
}

@Test func nestingUpToTheLimitStillWorks() throws {
    let depth = Limits.dialectNesting
    let source = String(repeating: "{{ with 1 }}", count: depth) + "x" + String(repeating: "{{ end }}", count: depth)
    #expect(try renderShortcode(source) == "x")
}

@Test func aHugeRangeStopsAtTheIterationLimit() throws {
    #expect(renderError("{{ range 1000000000 }}x{{ end }}")?.kind == .limit)
    #expect(renderError("{{ range seq 100000000 }}x{{ end }}")?.kind == .limit)
    let nested = "{{ range seq 2000 }}{{ range seq 2000 }}{{ end }}{{ end }}"
    let error = try #require(renderError(nested))
    #expect(error.kind == .limit)
    #expect(error.line == 1)
}

@Test func aValueBuiltFromItselfStopsAtTheNestingLimit() throws {
    let source = "{{ $x := slice 1 }}{{ range seq 1000 }}{{ $x = slice $x $x }}{{ end }}{{ len $x }}"
    #expect(renderError(source)?.kind == .limit)
    let maps = #"{{ $m := dict }}{{ range seq 1000 }}{{ $m = dict "m" $m }}{{ end }}"#
    #expect(renderError(maps)?.kind == .limit)
}

@Test func aListDoublingItselfStopsAtTheItemLimit() throws {
    let source = "{{ $x := slice 1 }}{{ range seq 100 }}{{ $x = append $x $x }}{{ end }}{{ len $x }}"
    #expect(renderError(source)?.kind == .limit)
}

@Test func aTextDoublingItselfStopsAtTheOutputLimit() throws {
    let source = #"{{ $s := "ab" }}{{ range seq 100 }}{{ $s = add $s $s }}{{ end }}{{ len $s }}"#
    #expect(renderError(source)?.kind == .limit)
    #expect(renderError(#"{{ strings.Repeat 1000000000 "ab" }}"#)?.kind == .limit)
    #expect(renderError(#"{{ printf "%s%s" (strings.Repeat 9000000 "a") (strings.Repeat 9000000 "b") }}"#)?.kind == .limit)
}

@Test func printingASharedDeepValueStopsAtTheOutputLimit() throws {
    // 60 doublings share memory but would print 2^60 items.
    let source = "{{ $x := slice 1 }}{{ range seq 60 }}{{ $x = slice $x $x }}{{ end }}{{ $x }}"
    #expect(renderError(source)?.kind == .limit)
}

@Test func outputStopsAtTheOutputLimit() throws {
    let inner = String(repeating: "x", count: 1_000)
    let error = try #require(renderError("{{ range seq 50000 }}{{ $.Inner }}{{ end }}", positional(inner: inner)))
    #expect(error.kind == .limit)
}

@Test func anOversizedTemplateIsRefused() throws {
    let source = String(repeating: "a", count: Limits.dialectTemplateBytes + 1)
    #expect(parseError(source)?.kind == .limit)
}

@Test func hugeWidthsAndSequencesAreBounded() throws {
    #expect(try renderShortcode(#"{{ len (printf "%999999999d" 1) }}"#) == "10000")
    #expect(renderError("{{ seq 1 1 1000000000 }}")?.kind == .limit)
    #expect(renderError("{{ seq -9223372036854775807 9223372036854775807 }}")?.kind == .limit)
}

@Test func deeplyNestedSiteDataIsReadWithoutTrouble() throws {
    var value: TemplateValue = "bottom"
    for _ in 0..<1_000 { value = ["down": value] }
    let call = HugoShortcodeCall(name: "t", page: ["Params": value])
    #expect(try renderShortcode("{{ with .Page.Params.down.down.down.down }}x{{ end }}", call) == "x")
    let json = try renderShortcode("{{ jsonify .Page.Params }}", call)
    #expect(json.hasSuffix(#"{"down":"bottom"}"# + String(repeating: "}", count: 999)))
}

@Test func malformedInputNeverCrashes() throws {
    let fragments = ["{{", "}}", "{{-", "-}}", "{{/*", "*/}}", "\"", "`", "'", "(", ")", "|", "$", ".", "if", "end", "range",
                     "else", ":=", "=", ",", "1", "-", "x", " ", "\n", "with", "$x", ".Get", "0", "\\"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
        var source = ""
        for _ in 0..<Int.random(in: 1...30, using: &generator) { source += fragments.randomElement(using: &generator) ?? "" }
        if let template = try? HugoShortcodeTemplate(source) {
            _ = try? template.render(positional("a", inner: "b"))
        }
    }
    #expect(try renderShortcode("ok") == "ok")
}
