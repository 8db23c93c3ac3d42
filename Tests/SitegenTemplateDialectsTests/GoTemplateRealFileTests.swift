// Shortcode templates of real themes, run as they are.
//
// Copied (some trimmed of their documentation comments), with their licences:
// - Docsy, https://github.com/google/docsy, layouts/_shortcodes/alert.html — Apache License 2.0,
//   Copyright Google LLC.
// - Hugo, https://github.com/gohugoio/hugo, tpl/tplimpl/embedded/templates/_shortcodes/details.html
//   — Apache License 2.0, Copyright The Hugo Authors.
// - PaperMod, https://github.com/adityatelange/hugo-PaperMod, layouts/_shortcodes/figure.html —
//   MIT License, Copyright (c) 2020 nanxiaobei and adityatelange.
// - hugo-book, https://github.com/alex-shpak/hugo-book, layouts/_shortcodes/html.html, tab.html
//   (first lines), columns.html (first lines) — MIT License, Copyright (c) 2018 Alex Shpak.
// - hugo-theme-stack (https://github.com/CaiJimmy/hugo-theme-stack) is GPL-3.0: its shortcodes
//   are not copied; the tests marked "Stack-like" exercise the same constructs in our own words.
import Testing
import SitegenTemplates
@testable import SitegenTemplateDialects

private let docsyAlert = """
{{/*

@param {string} [title=""] HTML rendered as a Bootstrap alert heading.
@param {string} [color="primary"] Suffix used for the Bootstrap alert class
                `alert-{color}`.

*/ -}}

{{ $color := .Get "color" | default "primary" -}}

<div class="alert alert-{{ $color }}" role="alert">
{{- with .Get "title" -}}
  <div class="h4 alert-heading" role="heading">
    {{- . | safeHTML -}}
  </div>
{{- end }}

{{/* Do NOT remove the blank line above. */ -}}

{{ .Inner }}

{{- /* Do NOT remove this space trimming comment. */ -}}

</div>

"""

@Test func docsysAlertRendersWithTitleAndColor() throws {
    let output = try renderShortcode(docsyAlert, named(["title": "Note <em>well</em>", "color": "warning"], inner: "Some **text**."))
    #expect(output == """
    <div class="alert alert-warning" role="alert"><div class="h4 alert-heading" role="heading">Note <em>well</em></div>

    Some **text**.</div>

    """)
}

@Test func docsysAlertFallsBackToThePrimaryColor() throws {
    let output = try renderShortcode(docsyAlert, named([:], inner: "Body"))
    #expect(output == "<div class=\"alert alert-primary\" role=\"alert\">\n\nBody</div>\n")
}

private let hugoDetails = """
{{- /* Get arguments. */}}
{{- $class := or (.Get "class") "" }}
{{- $name := or (.Get "name") "" }}
{{- $summary := or (.Get "summary") "Details" }}
{{- $title := or (.Get "title") "" }}
{{- $open := false }}
{{- if in (slice "false" false 0) (.Get "open") }}
\t{{- $open = false }}
{{- else if in (slice "true" true 1) (.Get "open") }}
\t{{- $open = true }}
{{- end }}

{{- /* Render. */}}
<details
\t{{- with $class }} class="{{ . }}" {{- end }}
\t{{- with $name }} name="{{ . }}" {{- end }}
\t{{- with $open }} open {{- end }}
\t{{- with $title }} title="{{ . }}" {{- end -}}
>
\t<summary>{{ $summary | .Page.RenderString }}</summary>
\t{{ .Inner | .Page.RenderString (dict "display" "block") -}}
</details>
"""

@Test func hugosDetailsRendersItsSummaryAndInnerThroughRenderString() throws {
    let call = HugoShortcodeCall(
        name: "details", named: ["summary": "See *more*", "open": "true", "class": "a\"b"], inner: "Hidden **text**",
        page: ["Title": "Page"], markdownify: { "<md>\($0)</md>" })
    #expect(try renderShortcode(hugoDetails, call) == """

    <details class="a&#34;b" open>
    \t<summary><md>See *more*</md></summary>
    \t<md>Hidden **text**</md></details>
    """)
}

private let paperModFigure = """
<figure{{ if or (.Get "class") (eq (.Get "align") "center") }} class="
           {{- if eq (.Get "align") "center" }}align-center {{ end }}
           {{- with .Get "class" }}{{ . }}{{- end }}"
{{- end -}}>
    {{- if .Get "link" -}}
        <a href="{{ .Get "link" }}"{{ with .Get "target" }} target="{{ . }}"{{ end }}{{ with .Get "rel" }} rel="{{ . }}"{{ end }}>
    {{- end }}
    <img loading="lazy" src="{{ .Get "src" }}{{- if eq (.Get "align") "center" }}#center{{- end }}"
         {{- if or (.Get "alt") (.Get "caption") }}
         alt="{{ with .Get "alt" }}{{ . }}{{ else }}{{ .Get "caption" | markdownify| plainify }}{{ end }}"
         {{- end -}}
         {{- with .Get "width" }} width="{{ . }}"{{ end -}}
         {{- with .Get "height" }} height="{{ . }}"{{ end -}}
    /> <!-- Closing img tag -->
    {{- if .Get "link" }}</a>{{ end -}}
    {{- if or (or (.Get "title") (.Get "caption")) (.Get "attr") -}}
        <figcaption>
            {{ with (.Get "title") -}}
                {{ . }}
            {{- end -}}
            {{- if or (.Get "caption") (.Get "attr") -}}<p>
                {{- .Get "caption" | markdownify -}}
                {{- with .Get "attrlink" }}
                    <a href="{{ . }}">
                {{- end -}}
                {{- .Get "attr" | markdownify -}}
                {{- if .Get "attrlink" }}</a>{{ end }}</p>
            {{- end }}
        </figcaption>
    {{- end }}
</figure>
"""

@Test func paperModsFigureRendersImageLinkAndCaption() throws {
    let call = HugoShortcodeCall(
        name: "figure",
        named: ["src": "/img/cat.png", "align": "center", "link": "https://example.org/?a=1&b=2", "caption": "A *cat*",
                "width": "300"],
        markdownify: { $0.replacing("*cat*", with: "<em>cat</em>") })
    let output = try renderShortcode(paperModFigure, call)
    // The HTML comment is left out and the trim markers join the tags, as Hugo writes it.
    #expect(output == """
    <figure class="align-center "><a href="https://example.org/?a=1&amp;b=2">
        <img loading="lazy" src="/img/cat.png#center"
             alt="A cat" width="300"/> </a><figcaption>
                <p>A <em>cat</em></p>
            </figcaption>
    </figure>
    """)
}

@Test func hugoBooksHTMLShortcodeWritesItsInnerAsItIs() throws {
    let output = try renderShortcode("{{- .Inner | safeHTML -}}", positional(inner: "\n<div>raw & html</div>\n"))
    // Trim markers trim the template's text, not the values it prints.
    #expect(output == "\n<div>raw & html</div>\n")
}

@Test func hugoBooksTabNamesThePartialItCannotRun() throws {
    let source = """
    {{- if not .Ordinal -}}{{- /* first tab sets group ID */ -}}
      {{- .Parent.Store.Set "id" (partial "docs/text/shortcode-id" .Parent) -}}
    {{- end -}}
    """
    let error = try #require(parseError(source))
    #expect(error.kind == .unsupported(construct: "partial"))
    #expect(error.line == 2)
}

@Test func hugoBooksColumnsNamesThePartialItCannotRun() throws {
    let source = """
    {{- $ratio := (split (.Get "ratio") ":") -}}
    {{- $id := partial "docs/text/shortcode-id" . -}}
    """
    #expect(parseError(source)?.line == 2)
}

// MARK: Stack-like shortcodes, in our own words

@Test func aVideoIDIsCheckedByItsPrefixAndTurnedIntoAQuery() throws {
    let source = """
    {{ $id := .Get 0 }}{{ $part := default 1 (.Get 1) }}
    {{- $base := querify "p" $part "hd" 1 -}}
    {{- $query := "" -}}
    {{- if strings.HasPrefix (lower $id) "av" -}}
      {{- $query = querify "aid" (strings.TrimPrefix "av" (lower $id)) -}}
    {{- else if strings.HasPrefix (lower $id) "bv" -}}
      {{- $query = querify "bvid" $id -}}
    {{- else -}}
      <p>Unknown video {{ $id }}</p>
    {{- end -}}
    <iframe src="https://player.example/?{{ $base | safeURL }}&{{ $query | safeURL }}"></iframe>
    """
    // The template's own `&` stays as written; the printed queries are escaped.
    let av = try renderShortcode(source, positional("AV170001", "2"))
    #expect(av
        == #"<iframe src="https://player.example/?hd=1&amp;p=2&aid=170001"></iframe>"#)
    let bv = try renderShortcode(source, positional("BV1xx"))
    #expect(bv
        == #"<iframe src="https://player.example/?hd=1&amp;p=1&bvid=BV1xx"></iframe>"#)
    let unknown = try renderShortcode(source, positional("<x>"))
    #expect(unknown
        == #"<p>Unknown video &lt;x&gt;</p><iframe src="https://player.example/?hd=1&amp;p=1&"></iframe>"#)
}

@Test func aSnippetIDFromTheParamsGoesIntoAScriptSource() throws {
    let source = #"<script type="application/javascript" src="https://snippets.example/{{ index .Params 0 }}.js"></script>"#
    #expect(try renderShortcode(source, positional("12 34")) == #"<script type="application/javascript" src="https://snippets.example/12%2034.js"></script>"#)
}

@Test func aQuoteShowsMarkdownInnerAndAnOptionalLinkedSource() throws {
    let source = """
    <blockquote><p>{{ .Inner | markdownify }}</p>
    {{- if or (.Get "by") (.Get "from") -}}
    <span>{{ with .Get "by" }}{{ . }}{{ if $.Get "from" }}, {{ end }}{{ end -}}
    {{- with .Get "link" }}<a href="{{ . }}">{{ end }}<cite>{{ .Get "from" }}</cite>{{ if .Get "link" }}</a>{{ end }}</span>
    {{- end -}}
    </blockquote>
    """
    let call = HugoShortcodeCall(name: "quote", named: ["by": "Ann", "from": "Essays", "link": "https://example.org/e"],
                                 inner: "To *be*", markdownify: { $0.replacing("*be*", with: "<em>be</em>") })
    #expect(try renderShortcode(source, call)
        == #"<blockquote><p>To <em>be</em></p><span>Ann, <a href="https://example.org/e"><cite>Essays</cite></a></span></blockquote>"#)
    #expect(try renderShortcode(source, named([:], inner: "Plain")) == "<blockquote><p>Plain</p></blockquote>")
}

@Test func aPrivacySettingMissingFromTheSiteLeavesTheDefaultHost() throws {
    let source = """
    {{- $privacy := .Page.Site.Config.Privacy.YouTube -}}
    {{- if not $privacy.Disable -}}
    {{- $host := cond $privacy.PrivacyEnhanced "www.youtube-nocookie.com" "www.youtube.com" -}}
    {{- $id := .Get "id" | default (.Get 0) -}}
    <iframe src="https://{{ $host }}/embed/{{ $id }}{{ with .Get "autoplay" }}{{ if eq . "true" }}?autoplay=1{{ end }}{{ end }}"></iframe>
    {{- end -}}
    """
    let site: TemplateValue = ["Title": "Site"]
    #expect(try renderShortcode(source, HugoShortcodeCall(name: "youtube", positional: ["abc"], site: site))
        == #"<iframe src="https://www.youtube.com/embed/abc"></iframe>"#)
    let privateSite: TemplateValue = ["Config": ["Privacy": ["YouTube": ["PrivacyEnhanced": true]]]]
    let enhanced = try renderShortcode(source, HugoShortcodeCall(name: "youtube", named: ["id": "x y", "autoplay": "true"], page: ["Title": "P"], site: privateSite))
    #expect(enhanced
        == #"<iframe src="https://www.youtube-nocookie.com/embed/x%20y?autoplay=1"></iframe>"#)
}

@Test func aVideoTagTakesItsSourceByNameOrPosition() throws {
    let source = """
    {{- $src := .Get "src" | default (.Get 0) -}}
    <video controls src="{{- $src -}}" {{ with .Get "poster" }}poster="{{- . -}}"{{ end }} {{ if eq (.Get "muted") "true" }}muted{{ end }}></video>
    """
    #expect(try renderShortcode(source, positional("/v.mp4")) == #"<video controls src="/v.mp4"  ></video>"#)
    #expect(try renderShortcode(source, named(["src": "/a.mp4", "poster": "/p.jpg", "muted": "true"]))
        == #"<video controls src="/a.mp4" poster="/p.jpg" muted></video>"#)
}
