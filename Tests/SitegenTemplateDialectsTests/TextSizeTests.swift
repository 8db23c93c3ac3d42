import SitegenTemplates
import Testing
@testable import SitegenTemplateDialects

/// Liquid's and Tera's texts cannot grow past what a render may write, and a `replace` that
/// would is refused before it builds anything.
@Test func aReplaceThatWouldGrowPastTheLimitIsRefusedBeforeItBuildsAnything() throws {
    let x = String(repeating: "x", count: 50_000)
    let liquid = try LiquidTemplate("{% assign t = s | replace: \"x\", s %}{{ t | size }}")
    #expect(throws: DialectError.self) { try liquid.render(["s": .text(x)], environment: LiquidEnvironment()) }
    let small = try LiquidTemplate("{{ s | replace: \"x\", \"yy\" }}")
    #expect(try small.render(["s": "axb"], environment: LiquidEnvironment()) == "ayyb")
    let tera = try TeraShortcodeTemplate("{{ s | replace(from=\"x\", to=s) | length }}")
    #expect(throws: DialectError.self) { try tera.render(["s": .text(x)], markdown: { $0 }) }
}

@Test func textsDoublingThemselvesStopAtTheLimit() throws {
    let liquid = try LiquidTemplate("{% assign t = \"ab\" %}{% for i in (1..40) %}{% assign t = t | append: t %}{% endfor %}{{ t | size }}")
    do {
        _ = try liquid.render([:], environment: LiquidEnvironment())
        Issue.record("the render should stop")
    } catch {
        #expect(error.kind == .limit)
    }
    let tera = try TeraShortcodeTemplate("{% set t = \"ab\" %}{% for i in range(end=40) %}{% set_global t = t ~ t %}{% endfor %}{{ t | length }}")
    do {
        _ = try tera.render([:], markdown: { $0 })
        Issue.record("the render should stop")
    } catch {
        #expect(error.kind == .limit)
    }
}

@Test func escapingGoesScalarByScalar() throws {
    // A quote followed by a combining mark is one Character; it is escaped all the same.
    let liquid = try LiquidTemplate("<a title=\"{{ s | escape }}\">")
    #expect(try liquid.render(["s": .text("\"\u{301} onmouseover=x")], environment: LiquidEnvironment()) == "<a title=\"&quot;\u{301} onmouseover=x\">")
}
