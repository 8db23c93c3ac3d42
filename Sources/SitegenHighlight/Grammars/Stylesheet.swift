/// The grammar of CSS, and of SCSS, which adds `//` comments, `$variables`, `#{…}`
/// interpolation, `&`, mixins and control directives to it.
///
/// A block holds declarations and, nested (SCSS, and CSS inside `@media`), rules: a statement
/// that reaches a `{` before a `;` or `}` is a selector, one with a colon before that a
/// declaration. The classes are Pygments' and Chroma's: tags `nt`, classes `nc`, ids `nn`,
/// pseudo-classes `nd`, known properties `k` in CSS, value keywords `kc` in CSS and `no` in
/// SCSS, units `kt`, colours `mh`.
struct Stylesheet {
    var scss = false

    static let nameStart = ByteSet("a-zA-Z_-").union(.nonASCII)
    static let nameRest = ByteSet("a-zA-Z0-9_-").union(.nonASCII)
    static let name = Pattern.word(start: nameStart, rest: nameRest)
    /// `[\w-]+` as in selectors, where `h1` and `2n` are names too.
    static let selectorName = Pattern.word(start: nameRest, rest: nameRest)

    var grammar: Grammar {
        let name = Stylesheet.name
        let comment = Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false),
                           .commentMultiline)
        var common: [Rule] = [Rule(.run(.whitespace), .plain), comment]
        if scss {
            common.append(Rule(.sequence([.text("//"), .restOfLine]), .commentSingle))
        }
        let interpolation = Rule(.text("#{"), .stringInterpolation, .push("interpolation"))
        let variable = Rule(.sequence([.text("$"), Stylesheet.name]), .nameVariable)

        var selector = common
        if scss {
            selector += [
                interpolation,
                Rule(.sequence([.run(ByteSet(":"), maximum: 2), .optional(Stylesheet.selectorName)]), .nameDecorator),
                Rule(.sequence([.text("."), .optional(Stylesheet.selectorName)]), .nameClass),
                Rule(.sequence([.text("#"), .optional(Stylesheet.selectorName)]), .nameNamespace),
                Rule(.sequence([.text("%"), Stylesheet.selectorName]), .nameClass),
                Rule(.text("&"), .keyword),
            ]
        } else {
            selector += [
                Rule(.sequence([.run(ByteSet(":"), maximum: 2), Stylesheet.selectorName]), .parts([.punctuation, .nameDecorator])),
                Rule(.sequence([.text("."), Stylesheet.selectorName]), .parts([.punctuation, .nameClass])),
                Rule(.sequence([.text("#"), Stylesheet.selectorName]), .parts([.punctuation, .nameNamespace])),
            ]
        }
        selector += [
            Rule(Stylesheet.selectorName, .nameTag),
            Rule(.text("\""), .stringDouble, .push("double")),
            Rule(.text("'"), .stringSingle, .push("single")),
            Rule(.run(ByteSet("~^*!%&$[]()<>|+=@:,./?-"), maximum: 1), .operator),
        ]

        // Statements: at-rules, declarations, and otherwise the first token of a selector.
        var statements = common + [Rule(.text("}"), .punctuation), Rule(.text(";"), .punctuation)]
        if scss {
            statements += [
                Rule(.sequence([.text("$"), name, .optional(.run(.spaces)), .text(":")]),
                     .parts([.nameVariable, .nameVariable, .plain, .operator]), .push("value")),
                Rule(.sequence([.either([.text("@mixin"), .text("@function")]), .run(.spaces), name]),
                     .parts([.keyword, .plain, .nameFunction]), .push("value")),
                Rule(.sequence([.text("@include"), .run(.spaces), name]), .parts([.keyword, .plain, .nameDecorator]), .push("value")),
                Rule(.sequence([.text("@extend"), .ahead(.run(.whitespace))]), .keyword, .push("selector")),
                Rule(.sequence([.text("@"), name]), .keyword, .push("value")),
            ]
        } else {
            statements.append(Rule(.sequence([.text("@"), name]), .parts([.punctuation, .keyword]), .push("value")))
        }
        statements += [
            Rule(.custom(first: ByteSet("-"), match: Stylesheet.vendorProperty), .keywordPseudo),
            Rule(.custom(first: ByteSet("-"), match: Stylesheet.customProperty), .nameVariable, .push("value")),
            scss ? Rule(.custom(first: Stylesheet.nameStart, match: Stylesheet.property), .nameProperty, .push("value"))
                : Rule(.custom(first: Stylesheet.nameStart, match: Stylesheet.property),
                       .words(WordTable.List(words: [(.keyword, Stylesheet.properties)], caseInsensitive: true), otherwise: .name),
                       .push("value")),
            Rule(.text("{"), .punctuation, .push("block")),
        ]
        statements += selector.dropFirst(common.count).map { rule in
            var rule = rule
            if case .stay = rule.transition { rule.transition = .push("selector") }
            return rule
        }
        selector += [
            Rule(.text("{"), .punctuation, .replace("block")),
            Rule(.text(";"), .punctuation, .pop),
            Rule(.ahead(.text("}")), .plain, .pop),
        ]

        // Pygments' SCSS lexer makes value keywords names; its CSS lexer, keywords.
        var valueWords: [(TokenKind, String)] = [
            (scss ? .nameConstant : .keywordConstant, Stylesheet.valueKeywords),
            (scss ? .nameConstant : .keywordConstant, Stylesheet.colours),
            (scss ? .nameConstant : .keyword, Stylesheet.properties),
        ]
        if scss {
            valueWords += [(.keywordConstant, "true false null"), (.operatorWord, "and or not")]
        }
        var value = common
        if scss {
            value += [interpolation, variable]
        } else {
            value.append(Rule(.text(":"), .punctuation))
        }
        value += [
            Rule(.sequence([.text("url"), .ahead(.sequence([.text("("), .run(ByteSet("\"'"))]))]), .nameBuiltin, .push("url-quoted")),
            Rule(.sequence([.text("url"), .text("("), .optional(.run(ByteSet(")\n").inverted)), .optional(.text(")"))]),
                 .parts([.nameBuiltin, .punctuation, .stringOther, .punctuation])),
            Rule(.oneOf(["-webkit-", "-moz-", "-ms-", "-o-"]), .nameBuiltinPseudo),
            Rule(.sequence([.custom(first: Stylesheet.nameStart, match: Stylesheet.function), .text("(")]),
                 .parts([.nameFunction, .punctuation]), .push("arguments")),
            .words(WordTable.List(words: valueWords, caseInsensitive: false), otherwise: nil, pattern: name),
            // `!important` (`!default` in SCSS), with Pygments' classes.
            Rule(.sequence([.text("!"), .optional(.run(.spaces)), .word(start: ByteSet("a-zA-Z"), rest: ByteSet("a-zA-Z"))]),
                 scss ? .nameException : .commentPreprocessor),
            Rule(.sequence([.text("#"), .run(ByteSet("a-zA-Z0-9"), maximum: 8)]), .numberHex),
            Rule(.sequence([.optional(.run(ByteSet("+-"), maximum: 1)), .optional(.run("0-9")), .text("."), .run("0-9")]),
                 .numberFloat, .push("unit")),
            Rule(.sequence([.optional(.run(ByteSet("+-"), maximum: 1)), .run("0-9")]), .numberInteger, .push("unit")),
            Rule(.sequence([.text("--"), .run(Stylesheet.nameRest)]), .nameVariable),
            Rule(.sequence([.optional(.run("-")), .word(start: .identifierStart, rest: Stylesheet.nameRest)]), .name),
            Rule(.text("("), .punctuation, .push("arguments")),
            Rule(.text(";"), .punctuation, .pop),
            Rule(.text("{"), .punctuation, .replace("block")),
            Rule(.ahead(.text("}")), .plain, .pop),
            Rule(.text("\""), .stringDouble, .push("double")),
            Rule(.text("'"), .stringSingle, .push("single")),
            Rule(.run(ByteSet("~^*!&%<>|+=@:./?-")), .operator),
            Rule(.run(ByteSet("[](),"), maximum: 1), .punctuation),
        ]

        func quoted(_ quote: String, _ kind: TokenKind) -> [Rule] {
            var rules = [
                Rule(.text(quote), kind, .pop),
                Rule(.sequence([.text("\\"), .character]), .stringEscape),
                Rule(.ahead(.lineEnd), kind, .pop),
            ]
            if scss { rules.append(interpolation) }
            rules.append(Rule(.run(ByteSet(quote + "\\\n" + (scss ? "#" : "")).inverted), kind))
            if scss { rules.append(Rule(.text("#"), kind)) }
            return rules
        }

        return Grammar([
            ("statements", statements),
            ("block", [Rule(.text("}"), .punctuation, .pop), .include("statements")]),
            ("selector", selector),
            // A declaration's value, and the rest of an at-rule (a media query, an import, a
            // mixin's arguments), up to `;` or the `{` of its block.
            ("value", value),
            ("arguments", [Rule(.text(")"), .punctuation, .pop), Rule(.text("("), .punctuation, .push("arguments")),
                           Rule(.text(";"), .punctuation, .pop), .include("value")]),
            ("unit", [
                .words(WordTable.List(words: [(.keywordType, Stylesheet.units)], caseInsensitive: false), otherwise: nil,
                       pattern: .word(start: ByteSet("a-zA-Z"), rest: ByteSet("a-zA-Z")), .pop),
                Rule(.text("%"), .keywordType, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("url-quoted", [
                Rule(.text("("), .punctuation),
                Rule(.delimited(open: [34], close: [34], escape: UInt8(ascii: "\\"), nests: false, singleLine: true), .stringDouble),
                Rule(.delimited(open: [39], close: [39], escape: UInt8(ascii: "\\"), nests: false, singleLine: true), .stringSingle),
                Rule(.text(")"), .punctuation, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("interpolation", [Rule(.text("}"), .stringInterpolation, .pop), .include("value")]),
            ("double", quoted("\"", .stringDouble)),
            ("single", quoted("'", .stringSingle)),
        ])
    }
}

extension Stylesheet {
    /// Where the name at `at` ends when a colon follows it and the statement ends before any
    /// `{`: a declaration's property, not a selector such as `a:hover {`.
    @Sendable static func property(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        var end = at
        while end < bytes.count, nameRest.contains(bytes[end]) { end += 1 }
        guard end > at, declarationFollows(bytes, end) else { return nil }
        return end
    }

    /// A custom property (`--main-color`), whose value may hold anything but `;` and `}`.
    @Sendable static func customProperty(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at + 2 < bytes.count, bytes[at + 1] == UInt8(ascii: "-"), nameStart.contains(bytes[at + 2]) else { return nil }
        return property(bytes, at)
    }

    /// The prefix of a vendor property (`-webkit-` of `-webkit-user-select: none`).
    @Sendable static func vendorProperty(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        for prefix in vendorPrefixes where at + prefix.count < bytes.count {
            if zip(prefix, bytes[at...]).allSatisfy({ $0 == $1 }), property(bytes, at) != nil { return at + prefix.count }
        }
        return nil
    }

    static let vendorPrefixes = ["-webkit-", "-moz-", "-ms-", "-o-"].map { Array($0.utf8) }

    /// After a name, spaces and a colon, the statement runs to a `;` or `}` (or the end)
    /// before any `{`. Strings and `#{…}` are skipped.
    static func declarationFollows(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
        let count = bytes.count
        var index = at
        while index < count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: ";"), UInt8(ascii: "}"): return true
            case UInt8(ascii: "{"): return false
            case UInt8(ascii: "#") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "{"):
                while index < count, bytes[index] != UInt8(ascii: "}") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = bytes[index]
                index += 1
                while index < count, bytes[index] != quote, bytes[index] != 10 { index += 1 }
            default: break
            }
            index += 1
        }
        return true
    }

    /// A function's name, when `(` follows it (`rgba(`, `map-get(`).
    @Sendable static func function(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        var end = at
        while end < bytes.count, nameRest.contains(bytes[end]) { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: "(") && end > at + 1 ? end : nil
    }
}

extension Stylesheet {
    static let properties = """
    accent-color align-content align-items align-self all animation animation-composition animation-delay \
    animation-direction animation-duration animation-fill-mode animation-iteration-count animation-name \
    animation-play-state animation-timing-function appearance aspect-ratio backdrop-filter backface-visibility \
    background background-attachment background-blend-mode background-clip background-color background-image \
    background-origin background-position background-position-x background-position-y background-repeat \
    background-size block-size border border-block border-block-color border-block-end border-block-start \
    border-block-style border-block-width border-bottom border-bottom-color border-bottom-left-radius \
    border-bottom-right-radius border-bottom-style border-bottom-width border-collapse border-color \
    border-end-end-radius border-end-start-radius border-image border-image-outset border-image-repeat \
    border-image-slice border-image-source border-image-width border-inline border-inline-color \
    border-inline-end border-inline-start border-inline-style border-inline-width border-left border-left-color \
    border-left-style border-left-width border-radius border-right border-right-color border-right-style \
    border-right-width border-spacing border-start-end-radius border-start-start-radius border-style border-top \
    border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width \
    border-width bottom box-decoration-break box-shadow box-sizing break-after break-before break-inside \
    caption-side caret-color clear clip clip-path color color-scheme column-count column-fill column-gap \
    column-rule column-rule-color column-rule-style column-rule-width column-span column-width columns contain \
    container container-name container-type content content-visibility counter-increment counter-reset \
    counter-set cursor direction display empty-cells fill filter flex flex-basis flex-direction flex-flow \
    flex-grow flex-shrink flex-wrap float font font-display font-family font-feature-settings font-kerning \
    font-optical-sizing font-size font-size-adjust font-stretch font-style font-synthesis font-variant \
    font-variant-caps font-variant-east-asian font-variant-ligatures font-variant-numeric \
    font-variation-settings font-weight gap grid grid-area grid-auto-columns grid-auto-flow grid-auto-rows \
    grid-column grid-column-end grid-column-gap grid-column-start grid-gap grid-row grid-row-end grid-row-gap \
    grid-row-start grid-template grid-template-areas grid-template-columns grid-template-rows \
    hanging-punctuation height hyphens image-rendering inline-size inset inset-block inset-block-end \
    inset-block-start inset-inline inset-inline-end inset-inline-start isolation justify-content justify-items \
    justify-self left letter-spacing line-break line-clamp line-height list-style list-style-image \
    list-style-position list-style-type margin margin-block margin-block-end margin-block-start margin-bottom \
    margin-inline margin-inline-end margin-inline-start margin-left margin-right margin-top mask mask-image \
    mask-mode mask-position mask-repeat mask-size max-block-size max-height max-inline-size max-width \
    min-block-size min-height min-inline-size min-width mix-blend-mode object-fit object-position offset \
    opacity order orphans outline outline-color outline-offset outline-style outline-width overflow \
    overflow-anchor overflow-wrap overflow-x overflow-y overscroll-behavior overscroll-behavior-x \
    overscroll-behavior-y padding padding-block padding-block-end padding-block-start padding-bottom \
    padding-inline padding-inline-end padding-inline-start padding-left padding-right padding-top \
    page-break-after page-break-before page-break-inside perspective perspective-origin place-content \
    place-items place-self pointer-events position print-color-adjust quotes resize right rotate row-gap scale \
    scroll-behavior scroll-margin scroll-margin-block scroll-margin-bottom scroll-margin-inline \
    scroll-margin-left scroll-margin-right scroll-margin-top scroll-padding scroll-padding-block \
    scroll-padding-bottom scroll-padding-inline scroll-padding-left scroll-padding-right scroll-padding-top \
    scroll-snap-align scroll-snap-stop scroll-snap-type scrollbar-color scrollbar-gutter scrollbar-width \
    shape-outside src stroke stroke-width tab-size table-layout text-align text-align-last \
    text-combine-upright text-decoration text-decoration-color text-decoration-line \
    text-decoration-skip-ink text-decoration-style text-decoration-thickness text-emphasis text-indent \
    text-justify text-orientation text-overflow text-rendering text-shadow text-size-adjust text-transform \
    text-underline-offset text-underline-position text-wrap top touch-action transform transform-box \
    transform-origin transform-style transition transition-behavior transition-delay transition-duration \
    transition-property transition-timing-function translate unicode-bidi unicode-range user-select \
    vertical-align visibility white-space widows width will-change word-break word-spacing word-wrap \
    writing-mode z-index zoom
    """

    static let valueKeywords = """
    absolute alternate auto backwards baseline block bold bolder border-box both bottom break-all break-word \
    capitalize center clip collapse column column-reverse contain content-box contents cover crosshair \
    currentcolor currentColor cursive dashed default dotted double ease ease-in ease-in-out ease-out ellipsis \
    end fantasy fill fixed flex flex-end flex-start forwards grab grid groove help hidden infinite inherit \
    initial inline inline-block inline-flex inline-grid inset italic justify keep-all large larger left \
    lighter line-through linear list-item lowercase medium middle monospace move no-repeat none normal \
    not-allowed nowrap oblique outset overline padding-box paused pointer pre pre-line pre-wrap progress \
    relative repeat repeat-x repeat-y revert ridge right round row row-reverse running sans-serif scroll \
    serif small smaller solid space space-around space-between space-evenly start static sticky stretch \
    system-ui table table-cell table-row text thick thin top transparent underline unset uppercase visible \
    wait wrap wrap-reverse x-large x-small xx-large xx-small
    """

    /// The named colours of CSS.
    static let colours = """
    aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown \
    burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan \
    darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid \
    darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet \
    deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro \
    ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki \
    lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow \
    lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray \
    lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue \
    mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise \
    mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange \
    orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum \
    powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell \
    sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato \
    turquoise violet wheat white whitesmoke yellow yellowgreen
    """

    static let units = """
    px em rem ex ch lh rlh vw vh vmin vmax vi vb svw svh lvw lvh dvw dvh cqw cqh cqi cqb cm mm in pt pc Q q \
    deg grad rad turn s ms Hz kHz dpi dpcm dppx x fr
    """
}
