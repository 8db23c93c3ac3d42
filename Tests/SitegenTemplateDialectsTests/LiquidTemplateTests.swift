import Synchronization
import Foundation
import SitegenTemplates
import Testing
@testable import SitegenTemplateDialects

/// Renders `source` with `variables` and the default environment, unless one is given.
func liquid(_ source: String, _ variables: [String: TemplateValue] = [:],
            environment: LiquidEnvironment = LiquidEnvironment()) throws -> String {
    try LiquidTemplate(source).render(variables, environment: environment)
}

/// The error parsing or rendering `source` throws, or `nil`.
func liquidError(_ source: String, _ variables: [String: TemplateValue] = [:],
                 environment: LiquidEnvironment = LiquidEnvironment()) -> DialectError? {
    do {
        _ = try LiquidTemplate(source).render(variables, environment: environment)
        return nil
    } catch {
        return error
    }
}

@Test func outputsShowVariablesMembersAndIndexes() throws {
    let variables: [String: TemplateValue] = [
        "page": ["title": "Hello", "tags": ["a", "b", "c"], "data": ["my-key": 3]],
        "key": "my-key",
    ]
    #expect(try liquid("{{ page.title }}|{{ page.tags[1] }}|{{ page.tags[-1] }}|{{ page.data[key] }}|{{ page.data[\"my-key\"] }}",
                       variables) == "Hello|b|c|3|3")
    #expect(try liquid("{{ page.tags.size }} {{ page.tags.first }} {{ page.tags.last }} {{ page.title.size }}", variables)
        == "3 a c 5")
    #expect(try liquid("[{{ missing }}][{{ nil }}][{{ 2.0 }}][{{ true }}][{{ page.tags }}]", variables) == "[][][2.0][true][abc]")
}

@Test func whitespaceControlTrimsTheTextNextToIt() throws {
    #expect(try liquid("a  {{- 'b' -}}  c") == "abc")
    #expect(try liquid("<ul>\n  {%- for x in (1..2) %}\n  <li>{{ x }}</li>\n  {%- endfor %}\n</ul>")
        == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>")
    #expect(try liquid("x {% if true -%}  \n y {%- endif %} z") == "x y z")
}

@Test func conditionsFollowLiquidTruthiness() throws {
    let variables: [String: TemplateValue] = ["zero": 0, "empty": "", "list": [], "no": false, "n": 5, "name": "Jekyll"]
    #expect(try liquid("{% if zero %}0{% endif %}{% if empty %}e{% endif %}{% if list %}l{% endif %}{% if no %}n{% endif %}{% if nothing %}x{% endif %}",
                       variables) == "0el")
    #expect(try liquid("{% if n > 3 and n < 10 %}mid{% elsif n > 10 %}big{% else %}small{% endif %}", variables) == "mid")
    #expect(try liquid("{% unless no %}shown{% else %}hidden{% endunless %}", variables) == "shown")
    #expect(try liquid("{% if name contains 'kyll' %}yes{% endif %}{% if list == empty %}E{% endif %}{% if empty == blank %}B{% endif %}",
                       variables) == "yesEB")
    // Liquid reads `and`/`or` from the right: true or (false and false).
    #expect(try liquid("{% if true or false and false %}t{% else %}f{% endif %}") == "t")
    #expect(try liquid("{% if n == 5.0 %}eq{% endif %}{% if n != '5' %}ne{% endif %}", variables) == "eqne")
}

@Test func caseChoosesTheMatchingWhen() throws {
    let source = "{% case x %}{% when 1, 2 %}low{% when 'a' or 'b' %}letter{% else %}other{% endcase %}"
    #expect(try liquid(source, ["x": 2]) == "low")
    #expect(try liquid(source, ["x": "b"]) == "letter")
    #expect(try liquid(source, ["x": 9]) == "other")
}

@Test func forLoopsTakeLimitOffsetReversedRangesAndElse() throws {
    let variables: [String: TemplateValue] = ["items": ["a", "b", "c", "d"], "none": []]
    #expect(try liquid("{% for x in items limit:2 offset:1 %}{{ x }}{% endfor %}", variables) == "bc")
    #expect(try liquid("{% for x in items reversed %}{{ x }}{% endfor %}", variables) == "dcba")
    #expect(try liquid("{% for i in (1..3) %}{{ i }}{% endfor %}") == "123")
    #expect(try liquid("{% for x in none %}{{ x }}{% else %}empty{% endfor %}", variables) == "empty")
    #expect(try liquid(
        "{% for x in items %}{{ forloop.index }}/{{ forloop.index0 }}/{{ forloop.rindex }}/{{ forloop.length }}{% if forloop.first %}F{% endif %}{% if forloop.last %}L{% endif %} {% endfor %}",
        variables) == "1/0/4/4F 2/1/3/4 3/2/2/4 4/3/1/4L ")
    #expect(try liquid("{% for x in items %}{% if x == 'b' %}{% continue %}{% endif %}{% if x == 'd' %}{% break %}{% endif %}{{ x }}{% endfor %}",
                       variables) == "ac")
    #expect(try liquid("{% for i in (1..2) %}{% for j in (1..2) %}{{ forloop.parentloop.index }}{{ j }} {% endfor %}{% endfor %}")
        == "11 12 21 22 ")
}

@Test func forLoopsWalkObjectsAsNameValuePairs() throws {
    // Jekyll's `site.categories` and data files: a hash, each member a [name, value] pair.
    let site: TemplateValue = ["categories": ["News": [["title": "One"]], "Announcements": [["title": "Two"], ["title": "Three"]]]]
    let source = "{% for category in site.categories %}{{ category[0] }}={% for post in category[1] %}{{ post.title }}{% endfor %};{% endfor %}"
    #expect(try liquid(source, ["site": site]) == "Announcements=TwoThree;News=One;")
    #expect(try liquid("{% assign sorted = site.categories | sort %}{{ sorted | first | first }}", ["site": site]) == "Announcements")
    #expect(try liquid("{% for name, posts in site.categories %}{{ name }}:{{ posts.size }} {% endfor %}", ["site": site])
        == "Announcements:2 News:1 ")
}

@Test func assignCaptureIncrementAndCycleKeepState() throws {
    #expect(try liquid("{% assign x = 'a' | upcase %}{{ x }}") == "A")
    #expect(try liquid("{% capture greeting %}Hi {{ 'there' }}{% endcapture %}[{{ greeting }}]") == "[Hi there]")
    #expect(try liquid("{% increment n %}{% increment n %}{% increment n %}|{% decrement m %}{% decrement m %}") == "012|-1-2")
    #expect(try liquid("{% for i in (1..4) %}{% cycle 'odd', 'even' %} {% endfor %}") == "odd even odd even ")
    #expect(try liquid("{% set y = 2 + 3 %}{{ y }}{% set block %}in{{ y }}{% endset %} {{ block }}") == "5 in5")
}

@Test func commentsAndRawKeepTheirContentOutOfTheOutput() throws {
    #expect(try liquid("a{% comment %}{% if %}{{ x }}{% comment %}inner{% endcomment %}{% endcomment %}b") == "ab")
    #expect(try liquid("{% raw %}{{ not rendered }} {% if %}{% endraw %}") == "{{ not rendered }} {% if %}")
    #expect(try liquid("a {%- raw -%} x {%- endraw -%} b") == "axb")
    #expect(try liquid("a{% # a note %}b") == "ab")
}

@Test func includesSeeTheirParametersAsIncludeMembers() throws {
    let files = [
        "note.html": "<p class=\"{{ include.kind }}\">{{ include.text }} {{ page.title }}</p>",
        "outer.html": "[{% include note.html kind=include.kind text=\"inner\" %}]",
        "nunjucks.njk": "({{ who }})",
    ]
    let environment = LiquidEnvironment(include: { files[$0] })
    let page: [String: TemplateValue] = ["page": ["title": "T"], "who": "me", "file": "note.html"]
    #expect(try liquid("{% include note.html kind='tip' text=page.title %}", page, environment: environment)
        == "<p class=\"tip\">T T</p>")
    #expect(try liquid("{% include outer.html kind=\"warn\" %}", page, environment: environment)
        == "[<p class=\"warn\">inner T</p>]")
    #expect(try liquid("{% include \"nunjucks.njk\" %}{% include {{ file }} kind=1 %}", page, environment: environment)
        == "(me)<p class=\"1\"> T</p>")
    // An output inside the name, blanks and all (ruby-lang.org's `home/code_examples/{{ example }}.html`).
    let named: [String: TemplateValue] = ["page": ["title": "T"], "stem": "note"]
    #expect(try liquid("{% include {{ stem }}.html kind=\"x\" %}|{% include n{{ stem | remove: 'n' }}.html %}", named,
                       environment: environment) == "<p class=\"x\"> T</p>|<p class=\"\"> T</p>")
    // jekyll-include-cache's include_cached is an include.
    #expect(try liquid("{% include_cached note.html kind='c' %}", page, environment: environment) == "<p class=\"c\"> T</p>")
}

@Test func anIncludeIncludingItselfIsAnErrorNamingIt() {
    let environment = LiquidEnvironment(include: { name in name == "loop.html" ? "x{% include loop.html %}" : nil })
    let error = liquidError("line one\n{% include loop.html %}", environment: environment)
    #expect(error?.kind == .limit)
    #expect(error?.line == 2)
    #expect(error?.message.contains("The include `loop.html` includes itself") == true)
    let missing = liquidError("{% include nowhere.html %}", environment: environment)
    #expect(missing?.message == "The include `nowhere.html` does not exist.")
}

@Test func includesNestUpToTwentyFourLevels() throws {
    let environment = LiquidEnvironment(include: { name in
        guard let level = Int(name.dropFirst(5).prefix(while: \.isNumber)) else { return nil }
        return level >= 24 ? "end" : "\(level),{% include level\(level + 1).html %}"
    })
    #expect(try liquid("{% include level1.html %}", environment: environment) == (1...23).map { "\($0)," }.joined() + "end")
    let deeper = LiquidEnvironment(include: { name in
        guard let level = Int(name.dropFirst(5).prefix(while: \.isNumber)) else { return nil }
        return "{% include level\(level + 1).html %}"
    })
    #expect(liquidError("{% include level1.html %}", environment: deeper)?.message.hasPrefix("Includes nest deeper than 24") == true)
}

@Test func highlightBlocksGoToTheEnvironment() throws {
    let environment = LiquidEnvironment(highlight: { code, language, options in "<\(language)|\(options)>\(code)</>" })
    #expect(try liquid("{% highlight ruby linenos %}\ndef {{ name }}\nend\n{% endhighlight %}", ["name": "f"], environment: environment)
        == "<ruby|linenos>def f\nend</>")
    #expect(try liquid("{% highlight \"js\" %}\nx{% endhighlight %}", environment: environment) == "<js|>x</>")
}

@Test func otherTagsGoToTheEnvironmentOrFailAsUnsupported() throws {
    let environment = LiquidEnvironment(
        tag: { name, argument in name == "post_url" ? "/blog/\(argument)/" : nil },
        block: { name, argument, body in name == "callout" ? "<aside \(argument)>\(body)</aside>" : nil })
    #expect(try liquid("{% post_url 2010-07-21-name %}", environment: environment) == "/blog/2010-07-21-name/")
    #expect(try liquid("{% callout \"warn\" %}**{{ 1 | plus: 1 }}**{% endcallout %}", environment: environment)
        == "<aside \"warn\">**2**</aside>")
    let error = liquidError("one\ntwo\n{% seo title=false %}", environment: environment)
    #expect(error?.kind == .unsupported(construct: "tag seo"))
    #expect(error?.line == 3)
}

@Test func unknownFiltersAreUnsupportedOrPassTheirInputThroughWhenCalled() throws {
    // Unsupported where they are called, with their line; one never called is no error.
    let error = liquidError("a\n\n{{ x | frobnicate: 2 }}")
    #expect(error?.kind == .unsupported(construct: "filter frobnicate"))
    #expect(error?.line == 3)
    #expect(liquidError("{% if false %}{{ x | frobnicate }}{% endif %}") == nil)
    // With `unknownFilter`, the input unchanged (Liquid without strict_filters), each call told.
    let told = Mutex<[String]>([])
    let environment = LiquidEnvironment(unknownFilter: { name, line in told.withLock { $0.append("\(name):\(line)") } })
    #expect(try liquid("{{ 'en' | to_html_lang | upcase }}\n{{ 3 | frobnicate: 2, a: 1 | plus: 1 }}", environment: environment) == "EN\n4")
    #expect(told.withLock { $0 } == ["to_html_lang:1", "frobnicate:2"])
}

@Test func malformedLiquidTemplatesAreSyntaxErrorsWithTheirLine() {
    #expect(liquidError("x\n{% if a %}never closed")?.line == 2)
    #expect(liquidError("x\n{% if a %}never closed")?.kind == .syntax)
    #expect(liquidError("{{ unclosed")?.kind == .syntax)
    #expect(liquidError("{% if a %}\n{% endfor %}")?.kind == .syntax)
    #expect(liquidError("{% endif %}")?.kind == .syntax)
    #expect(liquidError("{{ a | }}")?.kind == .syntax)
    #expect(liquidError("{% for x %}{% endfor %}")?.kind == .syntax)
    #expect(liquidError("{% raw %} no end")?.kind == .syntax)
}

@Test func hostileNestingIsALimitErrorNotACrash() async throws {
    let deepBlocks = String(repeating: "{% if true %}", count: 10_000) + String(repeating: "{% endif %}", count: 10_000)
    #expect(liquidError(deepBlocks)?.kind == .limit)
    let deepBrackets = "{{ " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " }}"
    #expect(liquidError(deepBrackets)?.kind == .limit)
    let deepIndex = "{{ a" + String(repeating: "[a", count: 10_000) + String(repeating: "]", count: 10_000) + " }}"
    #expect(liquidError(deepIndex)?.kind == .limit)
    #expect(try liquid(String(repeating: "{% if true %}", count: 99) + "x" + String(repeating: "{% endif %}", count: 99)) == "x")
}

@Test func runawayLoopsAndOutputsStopAtTheLimits() {
    #expect(liquidError("{% for i in (1..100000000) %}{% endfor %}")?.kind == .limit)
    let nested = "{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}"
    #expect(liquidError(nested)?.kind == .limit)
    let big = "{% capture x %}" + String(repeating: "y", count: 1000) + "{% endcapture %}"
        + "{% for a in (1..1000) %}{% for b in (1..1000) %}{{ x }}{% endfor %}{% endfor %}"
    #expect(liquidError(big)?.kind == .limit)
}

@Test func valuesBuiltToBeEnormousStopTheRenderInsteadOfHangingIt() {
    // Each push doubles the list's printed size while its memory grows by one item.
    let doubling = "{% assign a = 'x' | split: ',' %}{% for i in (1..80) %}{% assign a = a | push: a %}{% endfor %}{{ a }}"
    #expect(liquidError(doubling)?.kind == .limit)
    let comparing = "{% assign a = 'x' | split: ',' %}{% for i in (1..80) %}{% assign a = a | push: a %}{% endfor %}{% if a == a %}same{% endif %}"
    #expect(liquidError(comparing)?.kind == .limit)
    let quadratic = "{% assign a = '' | split: ',' %}{% for i in (1..1000000) %}{% assign a = a | push: i %}{% endfor %}"
    #expect(liquidError(quadratic)?.kind == .limit)
}

@Test func valuesMayNotBeBuiltNestedDeeperThanTheLimit() {
    let deep = "{% for i in (1..1000000) %}{% assign b = '' | split: ',' | push: a %}{% assign a = b %}{% endfor %}"
    #expect(liquidError(deep)?.message == "A value the template built nests deeper than 100 levels.")
    #expect(liquidError("{% for i in (1..1000000) %}{% set a = [a] %}{% endfor %}")?.kind == .limit)
    #expect(liquidError("{% assign a = '1,2' | split: ',' %}{% for i in (1..1000000) %}{% assign a = a | group_by: 'x' %}{% endfor %}")?.kind == .limit)
}

@Test func extremeNumbersDoNotOverflow() throws {
    #expect(liquidError("{% for i in (-9223372036854775807..9223372036854775807) %}{% endfor %}")?.kind == .limit)
    #expect(try liquid("{{ 'abc' | truncate: -9223372036854775807 }}|{{ 9223372036854775807 | plus: 1 }}|{{ 'abc' | slice: -9223372036854775807, 9223372036854775807 }}")
        == "...|9.223372036854776e+18|")
}

@Test func deeplyNestedTemplatesRenderOnASmallStack() throws {
    // 512 KiB, the stack of a thread of Swift's cooperative pool on some systems. A release
    // build renders 100 nested blocks (the limit) in 256 KiB; this debug build's frames are
    // larger, so the test nests 20 (`for` inside `if`), 40 in Tera, and 24 brackets.
    let source = String(repeating: "{% if true %}{% for i in (1..1) %}", count: 10) + "{{ " + String(repeating: "(", count: 24) + "1"
        + String(repeating: ")", count: 24) + " | plus: 1 }}" + String(repeating: "{% endfor %}{% endif %}", count: 10)
    let teraSource = String(repeating: "{% if true %}", count: 40) + "{{ " + String(repeating: "(", count: 24) + "1"
        + String(repeating: ")", count: 24) + " }}" + String(repeating: "{% endif %}", count: 40)
    let results = OutputBox()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        results.liquid = try? liquid(source)
        results.tera = try? tera(teraSource)
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    #expect(results.liquid == "2")
    #expect(results.tera == "1")
}

private final class OutputBox: @unchecked Sendable {
    var liquid: String?
    var tera: String?
}

@Test func jekyllsOtherFiltersRun() throws {
    let posts: TemplateValue = .list([["title": "A", "date": "2020-03-01"], ["title": "B", "date": "2019-05-02"], ["title": "C", "date": "2020-07-09"]])
    // The archive idiom: posts grouped by year.
    #expect(try liquid("{% assign years = posts | group_by_exp: 'post', \"post.date | date: '%Y'\" %}"
                       + "{% for y in years %}[{{ y.name }}:{% for p in y.items %}{{ p.title }}{% endfor %}|{{ y.size }}]{% endfor %}",
                       ["posts": posts]) == "[2020:AC|2][2019:B|1]")
    // A group_by_exp group is named by the expression's value, a number here (just-the-docs sorts its navigation so);
    // group_by's by the property's text.
    #expect(try liquid("{% assign g = posts | group_by_exp: 'p', 'p.title | size' %}{% for x in g %}{% if x.name == 1 %}one:{{ x.size }}{% endif %}{% endfor %}"
                       + "{% assign h = posts | group_by: 'missing' %}[{{ h.first.name }}]{% if h.first.name == '' %}empty{% endif %}",
                       ["posts": posts]) == "one:3[]empty")
    #expect(try liquid("{{ '42' | to_integer | plus: 1 }} {{ true | to_integer }} {{ 'x' | to_integer }}") == "43 1 0")
    #expect(try liquid("{% assign s = posts | sample %}{{ s.title }}{{ posts | sample: 2 | map: 'title' | join: ',' }}", ["posts": posts]) == "AA,B")
    #expect(try liquid("{{ '/docs/index.html' | strip_index }} {{ '/a/' | strip_index }}") == "/docs/ /a/")
    #expect(try liquid("{{ 'x' | base64_encode }} {{ 'eA==' | base64_decode }} {{ '??>' | base64_url_safe_encode }} {{ 'Pz8-' | base64_url_safe_decode }}")
        == "eA== x Pz8- ??>")
    #expect(liquidError("{{ 'a { b: c }' | scssify }}")?.kind == .unsupported(construct: "filter scssify"))
    // A text past the limit is an error, as `append`'s is; `inspect` is escaped, as in Jekyll.
    #expect(liquidError("{{ x | base64_encode }}", ["x": .text(String(repeating: "a", count: 13_000_000))])?.kind == .limit)
    #expect(try liquid("{{ x | inspect }}", ["x": "<b>"]) == "&quot;&lt;b&gt;&quot;")
}

@Test func cachedIncludesAreMadeOnceForTheirParameters() throws {
    let environment = LiquidEnvironment(include: { name in name == "nav.html" ? "[{{ v }}{{ include.p }}]" : nil },
                                        includeCache: LiquidIncludeCache())
    let source = "{% include_cached nav.html %}{% include_cached nav.html p=1 %}{% include nav.html %}"
    #expect(try liquid(source, ["v": 1], environment: environment) == "[1][11][1]")
    // Another render sharing the cache (another page of the build): the cached outputs stand, `include` runs again.
    #expect(try liquid(source + "{% include_cached nav.html p=2 %}", ["v": 2], environment: environment) == "[1][11][2][22]")
    // Without a cache, include_cached is include.
    let uncached = LiquidEnvironment(include: { name in name == "nav.html" ? "[{{ v }}]" : nil })
    #expect(try liquid("{% include_cached nav.html %}", ["v": 3], environment: uncached) == "[3]")
}

@Test func replaceAndSplitFindTheirTextByteByByte() throws {
    // As Ruby does: a `\n` inside `\r\n` is one, an `e` before a combining accent is one.
    #expect(try liquid("{{ t | replace: '\n', '|' }}", ["t": "a\r\nb\nc"]) == "a\r|b|c")
    #expect(try liquid("{{ t | split: 'e' | join: '+' }}", ["t": "caf\u{65}\u{301}s"]) == "caf+\u{301}s")
    #expect(try liquid("{{ t | replace: 'ab', 'x' }}", ["t": "aabab"]) == "axx")
    #expect(try liquid("{{ t | replace_first: 'e', 'X' }}|{{ t | remove_last: 'e' }}", ["t": "e\u{301}e"]) == "X\u{301}e|e\u{301}")
    // Sizes and splits by code point, as Ruby counts them.
    #expect(try liquid("{{ t | size }} {{ t | split: '' | join: '-' }}", ["t": "😀👍🏽"]) == "3 😀-👍-🏽")
}
