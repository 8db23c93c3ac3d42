import Testing
@testable import SitegenTemplateDialects

private func find(_ pattern: String, _ text: String, limit: Int = -1) throws(DialectError) -> [String] {
    try GoRegularExpression(pattern, line: 1).matches(in: text, limit: limit, line: 1)
}

private func replace(_ pattern: String, _ template: String, _ text: String, limit: Int = -1) throws(DialectError) -> String {
    try GoRegularExpression(pattern, line: 1).replacing(in: text, with: template, limit: limit, line: 1)
}

@Test func literalsClassesAndShorthandsMatch() throws {
    #expect(try find("a.c", "abc a\nc axc") == ["abc", "axc"])
    #expect(try find("[a-c]+", "xxabcabzc") == ["abcab", "c"])
    #expect(try find("[^a-c ]+", "ab de fc") == ["de", "f"])
    #expect(try find(#"\d+"#, "a1 b22 c333") == ["1", "22", "333"])
    #expect(try find(#"\w+"#, "héllo wörld_1") == ["h", "llo", "w", "rld_1"])
    #expect(try find(#"\S+"#, " a  bc ") == ["a", "bc"])
    #expect(try find("[[:upper:]][[:lower:]]*", "Hello World") == ["Hello", "World"])
    #expect(try find(#"[\d.]+"#, "v1.2.3 and 4") == ["1.2.3", "4"])
}

@Test func quantifiersAreGreedyOrLazy() throws {
    #expect(try find("<.+>", "<a><b>") == ["<a><b>"])
    #expect(try find("<.+?>", "<a><b>") == ["<a>", "<b>"])
    #expect(try find("a{2,3}", "aaaaaaa") == ["aaa", "aaa"])
    #expect(try find("a{2}", "aaaaa") == ["aa", "aa"])
    #expect(try find("ab?c", "ac abc abbc") == ["ac", "abc"])
    #expect(try find("x{", "x{") == ["x{"])
}

@Test func alternationPrefersTheFirstBranchAsGoDoes() throws {
    #expect(try find("a|ab", "ab") == ["a"])
    #expect(try find("(?:cat|dog)s?", "cats dog") == ["cats", "dog"])
}

@Test func anchorsAndBoundariesMatchPositions() throws {
    #expect(try find("^a", "aaa") == ["a"])
    #expect(try find("a$", "aaa") == ["a"])
    #expect(try find("(?m)^\\w", "ab\ncd") == ["a", "c"])
    #expect(try find(#"\bis\b"#, "this is it") == ["is"])
}

@Test func flagsChangeCaseAndDots() throws {
    #expect(try find("(?i)hello", "Hello HELLO") == ["Hello", "HELLO"])
    #expect(try find("(?i)[a-c]+", "ABCd") == ["ABC"])
    #expect(try find("(?s)a.b", "a\nb") == ["a\nb"])
    #expect(try find("a(?i:b)c", "aBc abC") == ["aBc"])
}

@Test func emptyMatchesFollowGosOrder() throws {
    // An empty match right after "aaa" is skipped, as Go's FindAllString does.
    #expect(try find("a*", "baaac") == ["", "aaa", ""])
    #expect(try replace("x*", "-", "abc") == "-a-b-c-")
}

@Test func replacementsExpandGroupsByNumberAndName() throws {
    #expect(try replace(#"(\w+)@(\w+)"#, "$2 at ${1}", "me@home") == "home at me")
    #expect(try replace(#"(?P<user>\w+)@(?P<host>\w+)"#, "${host}/$user $$", "a@b") == "b/a $")
    #expect(try replace("(a)|(b)", "[$1$2]", "ab") == "[a][b]")
    #expect(try replace("a", "b", "aaa", limit: 2) == "bba")
    #expect(try replace(#"\n"#, " ", "one\ntwo\n") == "one two ")
}

@Test func unsupportedOrBrokenPatternsAreErrors() throws {
    for pattern in ["(", "[a", "a**", #"\1"#, #"\pL"#, "a{2,1}", "a{1001}", "*a", "(?P<x"] {
        #expect(throws: DialectError.self) { _ = try find(pattern, "x") }
    }
}

@Test func catastrophicPatternsRunInLinearTime() throws {
    let text = String(repeating: "a", count: 5_000) + "b"
    #expect(try find("(a+)+$", text).isEmpty)
    #expect(try find("(a|aa)*c", text).isEmpty)
    #expect(try find("(x+x+)+y", String(repeating: "x", count: 3_000)).isEmpty)
}

@Test func patternsThatUnrollTooFarAreRefused() throws {
    let error = try #require(throws: DialectError.self) { _ = try find("(a{1000}){1000}", "a") }
    #expect(error.kind == .limit)
    let nested = String(repeating: "(", count: 500) + "a" + String(repeating: ")", count: 500)
    #expect(throws: DialectError.self) { _ = try find(nested, "a") }
}

@Test func veryLongSearchesStopAtTheStepLimit() throws {
    // A lowered limit stands for the real one (20 million steps, about a second).
    let text = String(repeating: "a", count: 10_000)
    let error = try #require(throws: DialectError.self) {
        _ = try GoRegularExpression("(?:a?){100}b", line: 1, stepLimit: 200_000).matches(in: text, limit: -1, line: 1)
    }
    #expect(error.kind == .limit)
}
