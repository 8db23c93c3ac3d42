import Testing
import SitegenTemplates
@testable import SitegenTemplateDialects

@Test func textIsHTMLEscapedInElementContent() throws {
    #expect(try renderShortcode("<p>{{ .Get 0 }}</p>", positional("<script>alert('x') & \"y\"</script>"))
        == "<p>&lt;script&gt;alert(&#39;x&#39;) &amp; &#34;y&#34;&lt;/script&gt;</p>")
}

@Test func userParametersAreNeverWrittenUnescaped() throws {
    let hostile = "\"><img src=x onerror=alert(1)>"
    let output = try renderShortcode(#"<div title="{{ .Get 0 }}">{{ .Get 0 }}</div><a href="{{ .Get 0 }}">x</a>"#, positional(hostile))
    #expect(!output.contains("<img"))
    #expect(!output.contains("\"><"))
}

@Test func safeValuesAreWrittenAsTheyAre() throws {
    #expect(try renderShortcode(#"{{ "<b>x</b>" | safeHTML }}|{{ .Inner }}"#, positional(inner: "<i>in</i>")) == "<b>x</b>|<i>in</i>")
}

@Test func innerIsWrittenAsItIs() throws {
    #expect(try renderShortcode("<div>{{ .Inner }}</div>", positional(inner: "<em>a & b</em>")) == "<div><em>a & b</em></div>")
}

@Test func attributeValuesAreEscapedForAttributes() throws {
    #expect(try renderShortcode(#"<div class="{{ .Get 0 }}">"#, positional("a\"b<c")) == #"<div class="a&#34;b&lt;c">"#)
    #expect(try renderShortcode(#"<div class='{{ "<b>bold</b>" | safeHTML }}'>"#) == "<div class='bold'>")
}

@Test func unquotedAttributeValuesEscapeSpaces() throws {
    #expect(try renderShortcode("<div class={{ .Get 0 }}>", positional("a b")) == "<div class=a&#32;b>")
}

@Test func urlAttributesRefuseDangerousSchemes() throws {
    #expect(try renderShortcode(#"<a href="{{ .Get 0 }}">"#, positional("javascript:alert(1)")) == ##"<a href="#ZgotmplZ">"##)
    #expect(try renderShortcode(#"<a href="{{ .Get 0 }}">"#, positional("https://example.org/a b?x=1&y=2"))
        == #"<a href="https://example.org/a%20b?x=1&amp;y=2">"#)
    #expect(try renderShortcode(#"<img src="{{ .Get 0 }}">"#, positional("/img/a.png")) == #"<img src="/img/a.png">"#)
}

@Test func safeURLPassesASchemeTheFilterWouldRefuse() throws {
    #expect(try renderShortcode(#"<a href="{{ "tel:+123" | safeURL }}">"#) == #"<a href="tel:&#43;123">"#)
}

@Test func valuesInAURLsQueryAreEncodedAsOneComponent() throws {
    #expect(try renderShortcode(#"<iframe src="https://v.example/?vid={{ .Get 0 }}&auto=0">"#, positional("a&b c"))
        == #"<iframe src="https://v.example/?vid=a%26b%20c&auto=0">"#)
}

@Test func valuesInScriptsBecomeJavaScriptValues() throws {
    let source = #"<script>var a = {{ .Get 0 }}; var n = {{ 3 }}; var l = {{ slice 1 "x" }}; var s = "{{ .Get 0 }}";</script>"#
    #expect(try renderShortcode(source, positional("</script>\"'"))
        == #"<script>var a = "\u003c/script\u003e\"'"; var n =  3 ; var l = [1,"x"]; var s = "\u003c\/script\u003e\u0022\u0027";</script>"#)
    #expect(try renderShortcode(#"<script>{{ "f()" | safeJS }}</script>"#) == "<script>f()</script>")
}

@Test func eventHandlerAttributesAreJavaScript() throws {
    #expect(try renderShortcode(#"<button onclick="go({{ .Get 0 }})">"#, positional("x\"y")) == #"<button onclick="go(&#34;x\&#34;y&#34;)">"#)
}

@Test func styleValuesPassOnlyWhenHarmless() throws {
    #expect(try renderShortcode(#"<div style="width: {{ .Get 0 }}">"#, positional("50%")) == #"<div style="width: 50%">"#)
    #expect(try renderShortcode(#"<div style="width: {{ .Get 0 }}">"#, positional("1px; background: url(x)")) == #"<div style="width: ZgotmplZ">"#)
    #expect(try renderShortcode(#"<style>p { flex-grow: {{ 2 }}; }</style>"#) == "<style>p { flex-grow: 2; }</style>")
}

@Test func attributeNamesAndWholeAttributesNeedSafeHTMLAttr() throws {
    #expect(try renderShortcode(#"<div {{ .Get 0 }}>"#, positional("onclick=alert(1)")) == "<div ZgotmplZ>")
    #expect(try renderShortcode(#"<div {{ "data-x=\"1\"" | safeHTMLAttr }}>"#) == #"<div data-x="1">"#)
    #expect(try renderShortcode(#"<video {{ "autoplay" }}>"#) == "<video autoplay>")
}

@Test func htmlCommentsInTheTemplateAreLeftOutAsHTMLTemplateDoes() throws {
    #expect(try renderShortcode("<p>a<!-- {{ .Get 0 }} note -->b</p>", positional("x")) == "<p>ab</p>")
}

@Test func textareaAndTitleContentIsEscaped() throws {
    #expect(try renderShortcode("<textarea>{{ .Get 0 }}</textarea>", positional("</textarea><b>")) == "<textarea>&lt;/textarea&gt;&lt;b&gt;</textarea>")
}
