import SitegenTemplates
import Testing
@testable import SitegenTemplateDialects

@Test func textFiltersChangeTextAsLiquidDoes() throws {
    #expect(try liquid("{{ 'hello' | append: '!' | prepend: '> ' | upcase }}") == "> HELLO!")
    #expect(try liquid("{{ 'hELLO world' | capitalize }}|{{ 'ABC' | downcase }}") == "Hello world|abc")
    #expect(try liquid("[{{ '  x  ' | strip }}][{{ '  x  ' | lstrip }}][{{ '  x  ' | rstrip }}]") == "[x][x  ][  x]")
    #expect(try liquid("{{ 'a-b-a' | replace: 'a', 'c' }} {{ 'a-b-a' | replace_first: 'a', 'c' }} {{ 'a-b-a' | remove: '-' }} {{ 'a-b-a' | remove_first: 'a' }}")
        == "c-b-c c-b-a aba -b-a")
    #expect(try liquid("{{ 'Ground control to Major Tom.' | truncate: 20 }}|{{ 'one two three four' | truncatewords: 2 }}|{{ 'abc' | truncate: 10 }}")
        == "Ground control to...|one two...|abc")
    #expect(try liquid("{{ 'a,b,,c' | split: ',' | join: '+' }}|{{ ' a  b ' | split: ' ' | size }}") == "a+b++c|2")
    #expect(try liquid("{{ '<p>Hi <b>there</b></p><script>x</script><!-- c -->' | strip_html }}") == "Hi there")
    #expect(try liquid("{{ 'a\nb' | newline_to_br }}|{{ 'a\nb\r\nc' | strip_newlines }}") == "a<br />\nb|abc")
    #expect(try liquid("{{ 'Hello' | slice: 1, 3 }}{{ 'Hello' | slice: -1 }}") == "ello")
    #expect(try liquid("{{ '  many   spaces\n here ' | normalize_whitespace }}|{{ 'one two  three' | number_of_words }}")
        == "many spaces here|3")
}

@Test("strip_html and striptags remove what Liquid's and Tera's patterns do, by bytes, and keep a < that ends no tag")
func strippingTagsAsLiquidAndTeraDo() throws {
    let variables: [String: TemplateValue] = ["marked": "<b>bold</b>\u{301} and <i\u{301}>x</i>", "script": "<script>x</script>y"]
    // A combining mark after > or < does not hide it (Swift's Character `>́` is not `>`).
    #expect(try liquid("{{ marked | strip_html }}", variables) == "bold\u{301} and x")
    #expect(try tera("{{ marked | striptags | safe }}", variables) == "bold\u{301} and x")
    // A < that no > follows is text.
    #expect(try liquid("{{ 'a < b' | strip_html }}|{{ 'x<script>y' | strip_html }}") == "a < b|xy")
    #expect(try tera("{{ 'a < b' | striptags | safe }}") == "a < b")
    // Liquid removes a script's text, in lower case only; Tera keeps it, and removes a comment only within its line.
    #expect(try liquid("{{ script | strip_html }}|{{ '<SCRIPT>x</SCRIPT>y' | strip_html }}", variables) == "y|xy")
    #expect(try tera("{{ script | striptags }}|{{ '<!-- a -->b<!-- c\n > -->d' | striptags | safe }}", variables) == "xy|b -->d")
    // Many < with no ending: each ending is looked for once.
    let many = String(repeating: "<script<!--<style<", count: 20_000)
    #expect(try liquid("{{ many | strip_html }}", ["many": .text(many)]) == many)
}

@Test func escapingFiltersEscapeForHTMLXMLAndURLs() throws {
    #expect(try liquid(#"{{ "<a href='x'>Tom & Jerry's</a>" | escape }}"#) == "&lt;a href=&#39;x&#39;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(try liquid("{{ '&lt; & <' | escape_once }}") == "&lt; &amp; &lt;")
    #expect(try liquid("{{ 'a & b < \"c\"' | xml_escape }}") == "a &amp; b &lt; &quot;c&quot;")
    #expect(try liquid("{{ 'a b&c/é' | url_encode }}|{{ 'a b&c/é' | cgi_escape }}|{{ 'a b/c?d=é' | uri_escape }}")
        == "a+b%26c%2F%C3%A9|a+b%26c%2F%C3%A9|a%20b/c?d=%C3%A9")
    #expect(try liquid("{{ 'a+b%26c%C3%A9' | url_decode }}") == "a b&cé")
}

@Test func numberFiltersComputeAsRuby() throws {
    #expect(try liquid("{{ 4 | plus: 2 }} {{ 4 | minus: 6 }} {{ 3 | times: 1.5 }} {{ 7 | divided_by: 2 }} {{ 7.0 | divided_by: 2 }} {{ -7 | modulo: 3 }}")
        == "6 -2 4.5 3 3.5 2")
    #expect(try liquid("{{ '3' | plus: '4' }} {{ 1.4 | round }} {{ 2.5 | round }} {{ 3.14159 | round: 2 }} {{ 1.2 | ceil }} {{ 1.8 | floor }} {{ -3 | abs }}")
        == "7 1 3 3.14 2 1 3")
    #expect(try liquid("{{ 5 | at_least: 7 }} {{ 5 | at_most: 3 }}") == "7 3")
    #expect(liquidError("{{ 1 | divided_by: 0 }}")?.message == "`divided_by` by 0.")
}

@Test func listFiltersSortMapAndSelect() throws {
    let posts: TemplateValue = [
        ["title": "B", "year": 2020, "tags": ["x"]],
        ["title": "a", "year": 2019, "tags": ["y", "x"]],
        ["title": "C", "year": 2020, "tags": []],
    ]
    let variables: [String: TemplateValue] = ["posts": posts, "numbers": [3, 1, 2, 1], "words": ["b", "A", "c"]]
    #expect(try liquid("{{ numbers | sort | join: ',' }} {{ numbers | uniq | join: ',' }} {{ numbers | reverse | join: ',' }} {{ numbers | sum }}",
                       variables) == "1,1,2,3 3,1,2 1,2,1,3 7")
    #expect(try liquid("{{ words | sort | join }} {{ words | sort_natural | join }}", variables) == "A b c A b c")
    #expect(try liquid("{{ posts | map: 'title' | join: ',' }}|{{ posts | sort: 'title' | map: 'title' | join: ',' }}", variables)
        == "B,a,C|B,C,a")
    #expect(try liquid("{{ posts | where: 'year', 2020 | map: 'title' | join }}|{{ posts | where: 'tags', 'x' | size }}", variables)
        == "B C|2")
    #expect(try liquid("{{ posts | where_exp: 'post', 'post.year < 2020' | map: 'title' | first }}", variables) == "a")
    #expect(try liquid("{% for group in posts | group_by: 'year' %}{{ group.name }}:{{ group.size }} {% endfor %}", variables)
        == "2020:2 2019:1 ")
    #expect(try liquid("{{ numbers | first }}{{ numbers | last }} {{ numbers | slice: 1, 2 | join: '' }} {{ numbers | concat: words | size }}",
                       variables) == "31 12 7")
    #expect(try liquid("{{ words | array_to_sentence_string }}|{{ words | array_to_sentence_string: 'or' }}", variables)
        == "b, A, and c|b, A, or c")
    #expect(try liquid("{{ posts | map: 'missing' | compact | size }}", variables) == "0")
}

@Test func defaultReplacesNilFalseAndEmpty() throws {
    #expect(try liquid("{{ nothing | default: 'x' }}{{ '' | default: 'y' }}{{ false | default: 'z' }}{{ 0 | default: 'no' }}") == "xyz0")
    #expect(try liquid("{{ false | default: 'z', allow_false: true }}") == "false")
}

@Test func dateFiltersFormatWithStrftime() throws {
    let variables: [String: TemplateValue] = ["d": "2024-03-05T09:07:00Z", "day": "2024-12-01", "offset": "2024-03-05 22:15:00 +0100"]
    #expect(try liquid("{{ d | date: '%B %d, %Y' }}|{{ d | date: '%b %-d %y' }}|{{ d | date: '%A %H:%M %p' }}", variables)
        == "March 05, 2024|Mar 5 24|Tuesday 09:07 AM")
    #expect(try liquid("{{ day | date: '%Y-%m-%d %a %j' }}|{{ offset | date: '%I:%M %P %z' }}", variables)
        == "2024-12-01 Sun 336|10:15 pm +0100")
    #expect(try liquid("{{ d | date_to_xmlschema }}|{{ offset | date_to_xmlschema }}|{{ d | date_to_rfc822 }}", variables)
        == "2024-03-05T09:07:00Z|2024-03-05T22:15:00+01:00|Tue, 05 Mar 2024 09:07:00 -0000")
    #expect(try liquid("{{ d | date_to_string }}|{{ d | date_to_long_string }}|{{ d | date_to_string: 'ordinal', 'US' }}|{{ day | date_to_long_string: 'ordinal' }}",
                       variables) == "05 Mar 2024|05 March 2024|Mar 5th, 2024|1st December 2024")
    #expect(try liquid("{{ 0 | date: '%Y-%m-%d %H:%M:%S' }}|{{ 'not a date' | date: '%Y' }}") == "1970-01-01 00:00:00|not a date")
    #expect(try liquid("{{ 'now' | date: '%Y' }}").count == 4)
}

@Test func jekyllFiltersBuildURLsSlugsAndJSON() throws {
    let site: TemplateValue = ["url": "https://example.com/", "baseurl": "/blog"]
    #expect(try liquid("{{ '/about/' | relative_url }}|{{ 'feed.xml' | absolute_url }}|{{ 'https://x.org/a' | relative_url }}", ["site": site])
        == "/blog/about/|https://example.com/blog/feed.xml|https://x.org/a")
    #expect(try liquid("{{ '/about/' | relative_url }}", ["site": ["url": "https://e.org"]]) == "/about/")
    #expect(try liquid("{{ 'The _config.yml file!' | slugify }}|{{ 'The _config.yml file!' | slugify: 'pretty' }}|{{ 'Café Ünïcode' | slugify: 'ascii' }}")
        == "the-config-yml-file|the-_config.yml-file!|caf-n-code")
    #expect(try liquid("{{ data | jsonify }}", ["data": ["b": [1, .double(2.5), nil], "a": "x\"y"]]) == "{\"a\":\"x\\\"y\",\"b\":[1,2.5,null]}")
    #expect(try liquid("{{ data | inspect }}", ["data": ["a": [1, "s"]]]) == "{&quot;a&quot; =&gt; [1, &quot;s&quot;]}")
    let markdown = LiquidEnvironment(markdownify: { "<p>\($0)</p>" })
    #expect(try liquid("{{ '*x*' | markdownify }}", environment: markdown) == "<p>*x*</p>")
}
