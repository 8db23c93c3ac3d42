import SitegenTemplates
import Testing
@testable import SitegenTemplateDialects

/// Renders a shortcode with `variables`; Markdown becomes `<p>…</p>`.
func tera(_ source: String, _ variables: [String: TemplateValue] = [:], autoescape: Bool = true,
          function: (String, [String: TemplateValue]) -> TemplateValue? = { _, _ in nil }) throws -> String {
    try TeraShortcodeTemplate(source, autoescape: autoescape)
        .render(variables, markdown: { "<p>\($0.trimmingCharacters(in: "\n"))</p>\n" }, function: function)
}

func teraError(_ source: String, _ variables: [String: TemplateValue] = [:]) -> DialectError? {
    do {
        _ = try TeraShortcodeTemplate(source).render(variables, markdown: { $0 })
        return nil
    } catch {
        return error
    }
}

@Test func teraOutputsAreEscapedUnlessSafe() throws {
    let variables: [String: TemplateValue] = ["url": "/a?b=1&c=<2>", "name": "O'Neil"]
    #expect(try tera("{{ url }}|{{ url | safe }}|{{ name }}", variables) == "&#x2F;a?b=1&amp;c=&lt;2&gt;|/a?b=1&c=<2>|O&#x27;Neil")
    #expect(try tera("{{ url }}", variables, autoescape: false) == "/a?b=1&c=<2>")
}

@Test func teraConditionsUseTeraTruthinessAndTests() throws {
    let variables: [String: TemplateValue] = ["zero": 0, "empty": "", "list": [], "n": 7, "src": "img/a.png", "class": "wide"]
    #expect(try tera("{% if zero %}0{% endif %}{% if empty %}e{% endif %}{% if list %}l{% endif %}{% if missing %}m{% endif %}.", variables) == ".")
    #expect(try tera("{% if n > 5 and not zero %}big{% elif n > 2 %}mid{% else %}small{% endif %}", variables) == "big")
    #expect(try tera("{% if missing is defined %}d{% endif %}{% if missing is undefined %}u{% endif %}{% if n is odd %}o{% endif %}{% if n is not even %}!e{% endif %}",
                     variables) == "uo!e")
    #expect(try tera("{% if src is not starting_with(\"http\") %}local{% endif %}{% if src is matching(\"[.](jpg|png)$\") %} image{% endif %}",
                     variables) == "local image")
    #expect(try tera("{% if 'a' in ['a', 'b'] %}in{% endif %}{% if 'z' not in list %} out{% endif %}", variables) == "in out")
    #expect(try tera("<div {% if class %}class=\"{{class}}\"{% endif %}>", variables) == "<div class=\"wide\">")
}

@Test func teraLoopsWalkListsAndMapsWithLoopVariables() throws {
    let variables: [String: TemplateValue] = ["items": ["a", "b", "c"], "map": ["x": 1, "y": 2]]
    #expect(try tera("{% for i in items %}{{ loop.index }}{{ i }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %}/{{ loop.length }} {% endfor %}", variables)
        == "1aF/3 2b/3 3cL/3 ")
    #expect(try tera("{% for key, value in map %}{{ key }}={{ value }};{% endfor %}", variables) == "x=1;y=2;")
    #expect(try tera("{% for i in items %}{% if i == 'b' %}{% continue %}{% endif %}{% if i == 'c' %}{% break %}{% endif %}{{ i }}{% endfor %}", variables) == "a")
    #expect(try tera("{% for i in range(end=3) %}{{ i }}{% endfor %}|{% for i in [] %}x{% else %}none{% endfor %}") == "012|none")
}

@Test func teraSetAndExpressionsCompute() throws {
    #expect(try tera("{% set x = 2 + 3 * 4 %}{{ x }} {{ (2 + 3) * 4 }} {{ 7 / 2 }} {{ 7 % 3 }} {{ -x }}") == "14 20 3.5 1 -14")
    #expect(try tera("{% set name = 'a' ~ 1 ~ 'b' %}{{ name }}") == "a1b")
    #expect(try tera("{% for i in [1, 2] %}{% set local = i %}{% set_global total = i %}{% endfor %}{{ total }}[{{ local }}]") == "2[]")
}

@Test func teraFiltersTakeNamedArguments() throws {
    let variables: [String: TemplateValue] = ["text": "  Hello World  ", "list": ["b", "a", "c"], "date": "2024-03-05T10:00:00Z",
                                              "posts": [["title": "Z", "weight": 2], ["title": "Y", "weight": 1]]]
    #expect(try tera("{{ text | trim | lower }}|{{ text | trim | upper }}|{{ text | trim | replace(from='World', to='Zola') }}", variables)
        == "hello world|HELLO WORLD|Hello Zola")
    #expect(try tera("{{ 'a/b/c.png' | split(pat='/') | last }}|{{ list | first }}|{{ list | length }}|{{ list | join(sep=', ') }}", variables)
        == "c.png|b|3|b, a, c")
    #expect(try tera("{{ list | sort | join(sep='') }}|{{ posts | sort(attribute='weight') | map(attribute='title') | join(sep='') }}", variables)
        == "abc|YZ")
    #expect(try tera("{{ 'The quick brown fox' | truncate(length=9) }}|{{ 'hello there' | title }}|{{ 'hELLO' | capitalize }}")
        == "The quick…|Hello There|Hello")
    #expect(try tera("{{ date | date(format='%B %-d, %Y') }}|{{ date | date }}", variables) == "March 5, 2024|2024-03-05")
    #expect(try tera("{{ 'Héllo Wörld!' | slugify }}|{{ 'a b&c' | urlencode | safe }}|{{ '<b>bold</b> text' | striptags }}")
        == "hello-world|a%20b%26c|bold text")
    #expect(try tera("{{ missing | default(value='fallback') }}|{{ 'x' | default(value='y') }}") == "fallback|x")
    #expect(try tera("{{ '<i>x</i>' | escape | safe }}") == "&lt;i&gt;x&lt;&#x2F;i&gt;")
}

@Test func teraMarkdownFilterRendersBodyInlineOrAsBlocks() throws {
    #expect(try tera("{{ body | markdown | safe }}", ["body": "*hi*"]) == "<p>*hi*</p>\n")
    #expect(try tera("{{ body | markdown(inline=true) | safe }}", ["body": "*hi*"]) == "*hi*")
}

@Test func teraCommentsRawAndWhitespaceControl() throws {
    #expect(try tera("a {#- a note -#} b{# another #}") == "ab")
    #expect(try tera("{% raw %}{{ kept }}{% endraw %}") == "{{ kept }}")
    #expect(try tera("<p>\n  {%- if true -%}\n  x\n  {%- endif -%}\n</p>") == "<p>x</p>")
}

@Test func teraFunctionsGoToTheClosureOrFailAsUnsupported() throws {
    let output = try tera("<img src=\"{{ get_url(path=path) }}\">", ["path": "a.png"]) { name, arguments in
        name == "get_url" ? .text("https://e.org/" + (arguments["path"].map { $0.teraText(ValueWalkBudget(100)) } ?? "")) : nil
    }
    #expect(output == "<img src=\"https:&#x2F;&#x2F;e.org&#x2F;a.png\">")
    let error = teraError("one\n{{ resize_image(path='a.png', width=10) }}")
    #expect(error?.kind == .unsupported(construct: "function resize_image"))
    #expect(error?.line == 2)
}

@Test func teraUnsupportedTagsAndFiltersAreReportedWhenParsed() {
    #expect(teraError("{% import \"macros.html\" as macros %}")?.kind == .unsupported(construct: "tag import"))
    #expect(teraError("x\n{% include \"a.html\" %}")?.line == 2)
    #expect(teraError("{{ x | frobnicate }}")?.kind == .unsupported(construct: "filter frobnicate"))
    #expect(teraError("{% if x is prime %}{% endif %}")?.kind == .unsupported(construct: "test prime"))
}

@Test func teraMalformedAndHostileShortcodesAreErrors() {
    #expect(teraError("{% if x %}open")?.kind == .syntax)
    #expect(teraError("{{ x ")?.kind == .syntax)
    #expect(teraError("{# open")?.kind == .syntax)
    #expect(teraError("{{ x | replace(from='a') }}")?.message == "The filter `replace` needs the argument `to`.")
    let deep = String(repeating: "{% if true %}", count: 10_000) + String(repeating: "{% endif %}", count: 10_000)
    #expect(teraError(deep)?.kind == .limit)
    #expect(teraError("{{ " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " }}")?.kind == .limit)
    #expect(teraError("{{ " + String(repeating: "not ", count: 10_000) + "x }}")?.kind == .limit)
    #expect(teraError("{% for a in range(end=1000) %}{% for b in range(end=1000) %}{% for c in range(end=1000) %}{% endfor %}{% endfor %}{% endfor %}")?.kind
        == .limit)
}

// Trimmed from the tabi theme (github.com/welpo/tabi, MIT), templates/shortcodes/admonition.html.
private let admonition = """
    {%- set type = type | default(value="info") -%}
    {%- set title = title | default(value=type | upper) -%}
    {%- set text = text | default(value=body) -%}

    <div class="admonition {{ type }}">
        <strong class="admonition-title">{{ title | safe }}</strong>
        {{ text | markdown | safe }}
    </div>
    """

@Test func tabiAdmonitionDefaultsItsTypeAndTitle() throws {
    #expect(try tera(admonition, ["body": "Be *careful*."]) == """
        <div class="admonition info">
            <strong class="admonition-title">INFO</strong>
            <p>Be *careful*.</p>

        </div>
        """)
    #expect(try tera(admonition, ["type": "warning", "title": "Heads up", "body": "x"]).contains("admonition warning"))
}

// From the Terminimal theme (github.com/pawroman/zola-theme-terminimal, MIT),
// templates/shortcodes/image.html.
private let terminimalImage = """
    {% if src %}
      {# If the image's URL is internal to the site... #}
      {% if src is not starting_with("http") %}
        {% set src = config.base_url ~ src %}
      {% endif %}
      <img src="{{ src | safe }}"{% if alt %} alt="{{ alt }}"{% endif %} class="{% if position %}{{ position }}{% else -%} center {%- endif %}" {%- if style %} style="{{ style | safe }}" {%- endif %} decoding="async" loading="lazy"/>
    {% endif %}
    """

@Test func terminimalImagePrefixesLocalSourcesWithTheBaseURL() throws {
    let config: TemplateValue = ["base_url": "https://example.org"]
    let local = try tera(terminimalImage, ["src": "/img/cat.png", "alt": "A cat", "config": config])
    #expect(squeezedTera(local) == "<img src=\"https://example.org/img/cat.png\" alt=\"A cat\" class=\"center\" decoding=\"async\" loading=\"lazy\"/>")
    let remote = try tera(terminimalImage, ["src": "https://cdn.org/x.png", "style": "width: 50%", "position": "left", "config": config])
    #expect(squeezedTera(remote) == "<img src=\"https://cdn.org/x.png\" class=\"left\" style=\"width: 50%\" decoding=\"async\" loading=\"lazy\"/>")
}

private func squeezedTera(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

@Test func teraExtremeNumbersAndHugeRangesAreErrorsNotCrashes() throws {
    #expect(teraError("{% for i in range(start=-9223372036854775807, end=9223372036854775807) %}{% endfor %}")?.kind == .limit)
    #expect(try tera("{{ 9223372036854775807 + 1 }}|{{ -9223372036854775807 - 2 }}") == "9.223372036854776e+18|-9.223372036854776e+18")
    #expect(teraError("{{ 1 / 0 }}")?.message == "`/` by 0.")
    #expect(teraError("{% for i in range(end=100000) %}{% set_global a = [a] %}{% endfor %}")?.kind == .limit)
}
