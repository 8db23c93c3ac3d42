import Testing
import SitegenTemplates
@testable import SitegenTemplateDialects

@Test func logicFunctionsReturnTheDecidingValue() throws {
    #expect(try renderShortcode(#"{{ and 1 "x" 0 }}|{{ and 1 "x" }}|{{ or 0 "" "y" }}|{{ or 0 "" }}|{{ not 0 }}"#) == "0|x|y||true")
}

@Test func andAndOrStopEvaluatingOnceDecided() throws {
    // The division by zero after the deciding argument never runs.
    #expect(try renderShortcode("{{ or 1 (div 1 0) }}{{ and 0 (div 1 0) }}") == "10")
}

@Test func comparisonsFollowHugo() throws {
    #expect(try renderShortcode(#"{{ eq 1 1.0 }} {{ eq "a" "b" "a" }} {{ ne 1 2 }} {{ lt 1 2.5 }} {{ le 2 2 }} {{ gt "b" "a" }} {{ ge 1 2 }}"#)
        == "true true true true true true false")
    #expect(try renderShortcode(#"{{ eq (slice 1 2) (slice 1 2) }} {{ eq "1" 1 }} {{ eq nil nil }}"#) == "true false true")
}

@Test func defaultKeepsASetValueAndCondChooses() throws {
    #expect(try renderShortcode(#"{{ default "d" "" }}|{{ default "d" "v" }}|{{ default "d" 0 }}|{{ default "d" false }}|{{ "v" | default "d" }}"#)
        == "d|v|d|false|v")
    #expect(try renderShortcode(#"{{ cond true "a" "b" }}{{ cond false "a" "b" }}"#) == "ab")
}

@Test func lenCountsBytesItemsAndEntries() throws {
    #expect(try renderShortcode(#"{{ len "héllo" }} {{ len (slice 1 2 3) }} {{ len (dict "a" 1) }} {{ len nil }}"#) == "6 3 1 0")
}

@Test func indexReadsListsMapsAndNestedKeys() throws {
    #expect(try renderShortcode(#"{{ index (slice "a" "b") 1 }}|{{ index (dict "k" (slice 5 6)) "k" 0 }}|{{ index (slice 1) 9 }}|{{ index nil "x" }}"#)
        == "b|5||")
}

@Test func printFunctionsFormatAsGoDoes() throws {
    #expect(try renderShortcode(#"{{ print "a" 1 2 "b" }}|{{ println "a" 1 }}|{{ printf "%s-%d-%v-%q-%.2f-%5s|%-4d|%x|%t|%%" "s" 42 (slice 1 "a") "q" 3.14159 "r" 7 255 true }}"#)
        == "a1 2b|a 1\n|s-42-[1 a]-&#34;q&#34;-3.14-    r|7   |ff|true|%")
    #expect(try renderShortcode(#"{{ printf "%d %s" 1 }}"#) == "1 %!s(MISSING)")
    #expect(try renderShortcode(#"{{ printf "%v %v %v %v" 1000000.0 0.000012 2.0 (dict "a" nil) }}"#) == "1e&#43;06 1.2e-05 2 map[a:&lt;nil&gt;]")
}

@Test func conversionsTurnTextsAndNumbersIntoEachOther() throws {
    #expect(try renderShortcode(#"{{ string 12 }}{{ add (int "3") 1 }} {{ float "1.5" }} {{ int 3.9 }}"#) == "124 1.5 3")
}

@Test func arithmeticKeepsIntegersAndMixesWithFloats() throws {
    #expect(try renderShortcode("{{ add 1 2 }} {{ sub 5 7 }} {{ mul 3 4 }} {{ div 7 2 }} {{ div 7.0 2 }} {{ mod 7 3 }} {{ add 1 0.5 }} {{ add 1 2 3 }}")
        == "3 -2 12 3 3.5 1 1.5 6")
    #expect(try renderShortcode(#"{{ add "a" "b" }}"#) == "ab")
    #expect(renderError("{{ add 9223372036854775807 1 }}")?.kind == .limit)
}

@Test func caseFunctionsChangeLetters() throws {
    #expect(try renderShortcode(#"{{ lower "AbC" }} {{ upper "AbC" }} {{ title "the lord of the rings" }} {{ strings.FirstUpper "abc" }}"#)
        == "abc ABC The Lord of the Rings Abc")
    #expect(try renderShortcode(#"{{ humanize "my-first_post" }}|{{ humanize "myCamelPost" }}|{{ humanize 3 }}|{{ humanize "11" }}"#)
        == "My first post|My camel post|3rd|11th")
}

@Test func trimmingFunctionsTakeCharactersOffTheEnds() throws {
    #expect(try renderShortcode(#"[{{ trim "--a-b--" "-" }}][{{ strings.TrimPrefix "av" "av123" }}][{{ strings.TrimSuffix ".md" "a.md" }}][{{ chomp "x\n\n" }}][{{ strings.TrimSpace "  y  " }}][{{ strings.TrimLeft "ab" "abcab" }}][{{ strings.TrimRight "ab" "abcab" }}]"#)
        == "[a-b][123][a][x][y][cab][abc]")
}

@Test func textTestsAnswerYesOrNo() throws {
    #expect(try renderShortcode(#"{{ strings.HasPrefix "hello" "he" }} {{ hasPrefix "hello" "lo" }} {{ strings.HasSuffix "hello" "lo" }} {{ strings.Contains "hello" "ell" }} {{ strings.ContainsAny "abc" "xyzc" }}"#)
        == "true false true true true")
}

@Test func replaceFunctionsChangeTextAndRegularExpressionsUseGroups() throws {
    #expect(try renderShortcode(#"{{ replace "a-b-c" "-" "+" }}|{{ strings.Replace "a-b-c" "-" "" 1 }}"#) == "a&#43;b&#43;c|ab-c")
    #expect(try renderShortcode(#"{{ replaceRE "(\\w+)@(\\w+)" "$2 at ${1}" "me@home x@y" }}|{{ replaceRE "a" "b" "aaa" 2 }}"#)
        == "home at me y at x|bba")
    #expect(try renderShortcode(#"{{ findRE "[0-9]+" "a1 b22 c333" }}|{{ findRE "[0-9]+" "a1 b22 c333" 1 }}"#) == "[1 22 333]|[1]")
    #expect(renderError(#"{{ replaceRE "(" "" "x" }}"#)?.kind == .syntax)
}

@Test func splitDelimitAndJoinMoveBetweenTextAndLists() throws {
    #expect(try renderShortcode(#"{{ split "a:b::c" ":" }}|{{ len (split "" ":") }}|{{ delimit (slice 1 2 3) ", " }}|{{ delimit (slice 1 2 3) ", " " and " }}|{{ join (slice "x" "y") "-" }}"#)
        == "[a b  c]|1|1, 2, 3|1, 2 and 3|x-y")
}

@Test func collectionFunctionsPickAndCombine() throws {
    #expect(try renderShortcode(#"{{ in (slice 1 2) 2 }} {{ in "team" "ea" }} {{ first 2 (slice 1 2 3) }} {{ last 1 (slice 1 2 3) }} {{ after 1 (slice 1 2 3) }}"#)
        == "true true [1 2] [3] [2 3]")
    #expect(try renderShortcode(#"{{ merge (dict "a" 1 "b" 2) (dict "b" 3) }} {{ append 3 (slice 1 2) }} {{ append (slice 3 4) (slice 1 2) }} {{ slice 1 "a" }}"#)
        == "map[a:1 b:3] [1 2 3] [1 2 3 4] [1 a]")
    #expect(try renderShortcode("{{ seq 3 }} {{ seq 2 4 }} {{ seq 1 2 6 }} {{ seq -2 }}") == "[1 2 3] [2 3 4] [1 3 5] [-1 -2]")
    #expect(try renderShortcode(#"{{ uniq (slice 1 2 1) }} {{ sort (slice 3 1 2) }} {{ sort (slice "b" "a") "value" "desc" }} {{ reverse (slice 1 2) }}"#)
        == "[1 2] [1 2 3] [b a] [2 1]")
    #expect(try renderShortcode(#"{{ isset (dict "a" 1) "a" }} {{ isset (dict "a" 1) "b" }} {{ isset (slice 1) 0 }}"#) == "true false true")
}

@Test func querifyUrlizeAndAnchorizeMakeURLParts() throws {
    #expect(try renderShortcode(#"{{ querify "page" 1 "as wide" "a&b" | safeURL }}"#) == "as&#43;wide=a%26b&amp;page=1")
    #expect(try renderShortcode(#"{{ urlize "My Blog Post!" }} {{ anchorize "Hello, World: Part 2" }}"#) == "my-blog-post hello-world-part-2")
}

@Test func htmlFunctionsEscapeUnescapeAndStrip() throws {
    #expect(try renderShortcode(#"{{ htmlEscape "<b>&" | safeHTML }}|{{ htmlUnescape "&lt;i&gt; &amp;amp; &#39;&#x41;" }}|{{ plainify "<p>Hi <b>there</b></p>" }}"#)
        == "&lt;b&gt;&amp;|&lt;i&gt; &amp;amp; &#39;A|Hi there")
}

@Test func jsonifyWritesJSONWithSortedKeysAndOptionalIndent() throws {
    #expect(try renderShortcode(#"{{ jsonify (dict "b" (slice 1 2.5 "<x>") "a" true "n" nil) }}"#)
        == #"{"a":true,"b":[1,2.5,"\u003cx\u003e"],"n":null}"#)
    #expect(try renderShortcode(#"{{ jsonify (dict "indent" "  ") (dict "a" (slice 1)) }}"#) == "{\n  \"a\": [\n    1\n  ]\n}")
}

@Test func urlFunctionsJoinWithTheSitesBaseURL() throws {
    let call = HugoShortcodeCall(name: "t", site: ["BaseURL": "https://example.org/docs/"])
    let source = #"{{ relURL "style.css" }} {{ relURL "/style.css" }} {{ absURL "a/b" }} {{ absURL "/a" }} {{ relURL "https://x.org/y" }} {{ relURL "" }} {{ relURL "https://example.org/docs/p/" }}"#
    #expect(try renderShortcode(source, call)
        == "/docs/style.css /style.css https://example.org/docs/a/b https://example.org/a https://x.org/y /docs/ /docs/p")
    #expect(try renderShortcode(#"{{ with urls.Parse "https://h.org/p?q=1#f" }}{{ .Scheme }} {{ .Host }} {{ .Path }} {{ .RawQuery }} {{ .Fragment }} {{ .IsAbs }}{{ end }}"#)
        == "https h.org /p q=1 f true")
    #expect(try renderShortcode(#"{{ urls.JoinPath "https://h.org/" "/a/" "b" }}"#) == "https://h.org/a/b")
}

@Test func refAndRelrefResolveThroughTheCaller() throws {
    let call = HugoShortcodeCall(name: "t", site: ["BaseURL": "https://example.org/"], resolveRef: { $0 == "about.md" ? "/about/" : nil })
    #expect(try renderShortcode(#"{{ relref . "about.md" }} {{ ref . "about.md" }} {{ relref . (dict "path" "about.md") }}"#, call)
        == "/about/ https://example.org/about/ /about/")
    #expect(try renderShortcode(#"{{ relref . .Params }}"#, HugoShortcodeCall(name: "relref", positional: ["about.md"], resolveRef: call.resolveRef))
        == "/about/")
    #expect(renderError(#"{{ relref . "missing.md" }}"#, call)?.kind == .unsupported(construct: "relref"))
}

@Test func markdownifyAndHighlightRunThroughTheCallerAndAreNotEscaped() throws {
    let call = HugoShortcodeCall(
        name: "t", inner: "let x = 1",
        markdownify: { "<strong>\($0)</strong>" },
        highlight: { code, language, options in "<pre data-lang=\"\(language)\" data-options=\"\(options)\">\(code)</pre>" })
    #expect(try renderShortcode(#"{{ markdownify "md" }}|{{ highlight .Inner "swift" "linenos=table" }}"#, call)
        == #"<strong>md</strong>|<pre data-lang="swift" data-options="linenos=table">let x = 1</pre>"#)
}

@Test func translationsWithoutWordsAndWarningsPrintNothing() throws {
    #expect(try renderShortcode(#"{{ T "readMore" }}|{{ i18n "next" }}|{{ warnf "careful %s" "x" }}|{{ emojify ":smile:" }}"#) == "|||:smile:")
    let call = HugoShortcodeCall(name: "t", translate: { key, count in
        key == "item" && count == 1 ? "one item"
            : ["readMore": "Read more", "count": "{{ .Count }} items", "spaced": "{{.Count }}/{{- .Count -}}/{{ .Other }}", "item": "{{ .Count }} items"][key]
    })
    // The count chooses the plural form.
    #expect(try renderShortcode(#"{{ T "item" 1 }}|{{ T "item" 2 }}"#, call) == "one item|2 items")
    #expect(try renderShortcode(#"{{ T "readMore" }}|{{ T "count" 3 }}|{{ T "count" (dict "Count" 2) }}|{{ T "none" }}"#, call) == "Read more|3 items|2 items|")
    // A count is a number: text (however long) gives none; other actions stay as written.
    #expect(try renderShortcode(#"{{ T "count" "many" }}|{{ T "spaced" 4 }}"#, call) == " items|4/4/{{ .Other }}")
}

@Test func datesAreFormattedWithGoLayouts() throws {
    #expect(try renderShortcode(#"{{ dateFormat "Jan 2, 2006" "2024-03-05" }}|{{ time.Format "Monday, January 02 2006 15:04 -07:00" "2024-03-05T14:07:09+01:00" }}|{{ dateFormat ":date_long" "2023-12-25T08:00:00Z" }}"#)
        == "Mar 5, 2024|Tuesday, March 05 2024 14:07 &#43;01:00|December 25, 2023")
    #expect(renderError(#"{{ dateFormat "2006" "yesterday" }}"#)?.kind == .syntax)
}

@Test func textHelpersCutAndCount() throws {
    #expect(try renderShortcode(#"{{ substr "abcdef" 1 3 }}|{{ substr "abcdef" -2 }}|{{ truncate 5 "Hello world" }}|{{ countwords "one two <b>three</b>" }}|{{ strings.Repeat 3 "ab" }}|{{ strings.Count "a" "banana" }}"#)
        == "bcd|ef|Hello …|3|ababab|3")
}

@Test func reflectionTellsMapsFromLists() throws {
    #expect(try renderShortcode(#"{{ reflect.IsMap (dict) }} {{ reflect.IsSlice (slice) }} {{ reflect.IsMap "x" }}"#) == "true true false")
}

@Test func everyListedFunctionIsKnownToTheRenderer() throws {
    // A name the parser accepts must be one the renderer runs: called without arguments, none
    // may answer that it is unknown (only wrong-argument errors are allowed).
    let renderer = GoTemplateRenderer(call: HugoShortcodeCall(name: "t"))
    for name in GoFunctions.supported {
        do {
            _ = try renderer.callFunction(name, [], line: 1)
        } catch {
            if case .unsupported(let construct) = error.kind, construct == name {
                #expect(["where", "errorf", "erroridf", "ref", "relref"].contains(name), "\(name) is parsed but not run")
            }
        }
    }
}

@Test func aPagesDateReadsAsAGoTime() throws {
    let call = HugoShortcodeCall(name: "t", page: ["Date": "2024-03-05T14:07:00Z"])
    #expect(try renderShortcode(#"{{ .Page.Date.Year }} {{ .Page.Date.Month }} {{ .Page.Date.Day }} {{ .Page.Date.Format "2006-01-02" }} {{ .Page.Date.Weekday }}"#, call)
        == "2024 March 5 2024-03-05 Tuesday")
}

@Test func sortOrdersByAKeyOfEachItem() throws {
    let source = #"{{ range sort (slice (dict "n" "b" "w" 2) (dict "n" "a" "w" 1) (dict "n" "c" "w" 3)) "w" "desc" }}{{ .n }}{{ end }}"#
    #expect(try renderShortcode(source) == "cba")
}

@Test func hugoReportsAProductionBuild() throws {
    #expect(try renderShortcode("{{ hugo.IsServer }} {{ hugo.IsProduction }} {{ hugo.Environment }}") == "false true production")
}
