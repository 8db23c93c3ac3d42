/// What the commands that are not plain symbols do.
enum MathCommand: Sendable {
    enum Fraction: Sendable { case plain, display, text, binomial, displayBinomial, textBinomial, atop }
    enum TextStyle: Sendable { case plain, bold, italic, sansSerif, monospace }
    enum MathClass: Sendable { case ord, op, bin, rel, open, close, punct, inner }
    enum Lap: Sendable { case width, heightDepth, phantom, horizontalPhantom, verticalPhantom }
    enum Cancel: Sendable { case up, down, cross }
    enum Mod: Sendable { case bmod, pmod, mod, pod }

    case fraction(Fraction)
    case infix(Fraction)
    case sqrt
    case font(MathFont)
    case fontSwitch(MathFont)
    case text(TextStyle)
    case operatorName
    case function(String, limits: Bool)
    case limits(Bool)
    case left, middle, right
    case big(size: String, fence: Bool)
    case accent(String, stretchy: Bool)
    case underAccent(String, stretchy: Bool)
    case brace(String, over: Bool)
    case overset, underset, stackrel
    case color, textColor, colorBox
    case style(display: Bool, scriptLevel: Int)
    case size(String)
    case generalFraction
    case rule
    case choice
    case declareOperator
    case space(String)
    case textSpace
    case dimensionSpace(braced: Bool)
    case lap(Lap)
    case tag
    case ignore(arguments: Int)
    case define, newCommand, letCommand
    case begin, end
    case mod(Mod)
    case boxed
    case cancel(Cancel)
    case arrow(String)
    case not
    case mathClass(MathClass)
    case substack
    case newline
    case hline
    case operatorNameWithLimits(String)

    static let table: [String: MathCommand] = {
        var table: [String: MathCommand] = [
            "\\frac": .fraction(.plain), "\\dfrac": .fraction(.display), "\\tfrac": .fraction(.text),
            "\\cfrac": .fraction(.display), "\\binom": .fraction(.binomial), "\\dbinom": .fraction(.displayBinomial),
            "\\tbinom": .fraction(.textBinomial), "\\over": .infix(.plain), "\\choose": .infix(.binomial),
            "\\atop": .infix(.atop), "\\genfrac": .generalFraction, "\\rule": .rule, "\\mathchoice": .choice,
            "\\DeclareMathOperator": .declareOperator,
            "\\tiny": .size("0.5em"), "\\scriptsize": .size("0.7em"), "\\footnotesize": .size("0.8em"),
            "\\small": .size("0.9em"), "\\normalsize": .size("1em"), "\\large": .size("1.2em"),
            "\\Large": .size("1.44em"), "\\LARGE": .size("1.728em"), "\\huge": .size("2.074em"),
            "\\Huge": .size("2.488em"),
            "\\sqrt": .sqrt,
            "\\mathbb": .font(.doubleStruck), "\\Bbb": .font(.doubleStruck), "\\mathbf": .font(.bold),
            "\\mathcal": .font(.script), "\\mathscr": .font(.script), "\\mathfrak": .font(.fraktur),
            "\\frak": .font(.fraktur), "\\mathit": .font(.italic), "\\mathrm": .font(.roman), "\\mathup": .font(.roman),
            "\\mathsf": .font(.sansSerif), "\\mathtt": .font(.monospace), "\\boldsymbol": .font(.boldItalic),
            "\\bm": .font(.boldItalic), "\\mathnormal": .font(.none), "\\mathbfit": .font(.boldItalic),
            "\\pmb": .font(.boldItalic), "\\bold": .font(.bold),
            "\\rm": .fontSwitch(.roman), "\\bf": .fontSwitch(.bold), "\\it": .fontSwitch(.italic),
            "\\cal": .fontSwitch(.script), "\\sf": .fontSwitch(.sansSerif), "\\tt": .fontSwitch(.monospace),
            "\\text": .text(.plain), "\\textrm": .text(.plain), "\\textnormal": .text(.plain), "\\textup": .text(.plain),
            "\\textmd": .text(.plain), "\\mbox": .text(.plain), "\\hbox": .text(.plain), "\\textbf": .text(.bold),
            "\\textit": .text(.italic), "\\emph": .text(.italic), "\\textsf": .text(.sansSerif),
            "\\texttt": .text(.monospace),
            "\\operatorname": .operatorName,
            "\\limits": .limits(true), "\\nolimits": .limits(false),
            "\\left": .left, "\\middle": .middle, "\\right": .right,
            "\\overbrace": .brace("\u{23DE}", over: true), "\\underbrace": .brace("\u{23DF}", over: false),
            "\\overset": .overset, "\\underset": .underset, "\\stackrel": .stackrel,
            "\\color": .color, "\\textcolor": .textColor, "\\colorbox": .colorBox,
            "\\displaystyle": .style(display: true, scriptLevel: 0), "\\textstyle": .style(display: false, scriptLevel: 0),
            "\\scriptstyle": .style(display: false, scriptLevel: 1),
            "\\scriptscriptstyle": .style(display: false, scriptLevel: 2),
            "\\,": .space("0.1667em"), "\\thinspace": .space("0.1667em"), "\\:": .space("0.2222em"),
            "\\>": .space("0.2222em"), "\\medspace": .space("0.2222em"), "\\;": .space("0.2778em"),
            "\\thickspace": .space("0.2778em"), "\\!": .space("-0.1667em"), "\\negthinspace": .space("-0.1667em"),
            "\\negmedspace": .space("-0.2222em"), "\\negthickspace": .space("-0.2778em"), "\\quad": .space("1em"),
            "\\qquad": .space("2em"), "\\enspace": .space("0.5em"), "\\enskip": .space("0.5em"),
            "\\ ": .textSpace, "~": .textSpace, "\\nobreakspace": .textSpace, "\\space": .textSpace,
            "\\hspace": .dimensionSpace(braced: true), "\\kern": .dimensionSpace(braced: false),
            "\\mkern": .dimensionSpace(braced: false), "\\mskip": .dimensionSpace(braced: false),
            "\\hskip": .dimensionSpace(braced: false),
            "\\phantom": .lap(.phantom), "\\hphantom": .lap(.horizontalPhantom), "\\vphantom": .lap(.verticalPhantom),
            "\\smash": .lap(.heightDepth), "\\mathrlap": .lap(.width), "\\mathllap": .lap(.width),
            "\\mathclap": .lap(.width), "\\rlap": .lap(.width), "\\llap": .lap(.width), "\\clap": .lap(.width),
            "\\tag": .tag, "\\label": .ignore(arguments: 1), "\\nonumber": .ignore(arguments: 0),
            "\\notag": .ignore(arguments: 0), "\\relax": .ignore(arguments: 0), "\\DOTSB": .ignore(arguments: 0),
            "\\DOTSI": .ignore(arguments: 0), "\\DOTSX": .ignore(arguments: 0), "\\allowbreak": .ignore(arguments: 0),
            "\\nobreak": .ignore(arguments: 0), "\\strut": .ignore(arguments: 0),
            "\\def": .define, "\\gdef": .define, "\\edef": .define, "\\xdef": .define,
            "\\newcommand": .newCommand, "\\renewcommand": .newCommand, "\\providecommand": .newCommand,
            "\\let": .letCommand,
            "\\begin": .begin, "\\end": .end,
            "\\bmod": .mod(.bmod), "\\pmod": .mod(.pmod), "\\mod": .mod(.mod), "\\pod": .mod(.pod),
            "\\boxed": .boxed, "\\fbox": .boxed,
            "\\cancel": .cancel(.up), "\\bcancel": .cancel(.down), "\\xcancel": .cancel(.cross), "\\sout": .cancel(.cross),
            "\\not": .not,
            "\\mathord": .mathClass(.ord), "\\mathop": .mathClass(.op), "\\mathbin": .mathClass(.bin),
            "\\mathrel": .mathClass(.rel), "\\mathopen": .mathClass(.open), "\\mathclose": .mathClass(.close),
            "\\mathpunct": .mathClass(.punct), "\\mathinner": .mathClass(.inner),
            "\\substack": .substack,
            "\\\\": .newline, "\\cr": .newline, "\\newline": .newline,
            "\\hline": .hline, "\\hdashline": .hline,
            "\\argmax": .operatorNameWithLimits("arg\u{2009}max"), "\\argmin": .operatorNameWithLimits("arg\u{2009}min"),
        ]
        for (name, character) in [
            ("\\big", "1.2em"), ("\\Big", "1.8em"), ("\\bigg", "2.4em"), ("\\Bigg", "3em"),
        ] {
            table[name] = .big(size: character, fence: false)
            table[name + "m"] = .big(size: character, fence: false)
            table[name + "l"] = .big(size: character, fence: true)
            table[name + "r"] = .big(size: character, fence: true)
        }
        for name in ["arcsin", "arccos", "arctan", "arctg", "arcctg", "arg", "ch", "cos", "cosec", "cosh", "cot", "cotg",
                     "coth", "csc", "ctg", "cth", "deg", "dim", "exp", "hom", "ker", "lg", "ln", "log", "sec", "sin",
                     "sinh", "sh", "tan", "tanh", "tg", "th"] {
            table["\\" + name] = .function(name, limits: false)
        }
        for name in ["det", "gcd", "inf", "lim", "max", "min", "Pr", "sup"] {
            table["\\" + name] = .function(name, limits: true)
        }
        table["\\liminf"] = .function("lim\u{2009}inf", limits: true)
        table["\\limsup"] = .function("lim\u{2009}sup", limits: true)
        table["\\injlim"] = .function("inj\u{2009}lim", limits: true)
        table["\\projlim"] = .function("proj\u{2009}lim", limits: true)
        table["\\plim"] = .function("plim", limits: true)
        for (name, character, stretchy) in [
            ("\\hat", "^", false), ("\\widehat", "^", true), ("\\check", "\u{02C7}", false), ("\\widecheck", "\u{02C7}", true),
            ("\\tilde", "~", false), ("\\widetilde", "~", true), ("\\bar", "\u{02C9}", false), ("\\overline", "\u{203E}", true),
            ("\\vec", "\u{20D7}", false), ("\\dot", "\u{02D9}", false), ("\\ddot", "\u{00A8}", false),
            ("\\dddot", "\u{20DB}", false), ("\\ddddot", "\u{20DC}", false), ("\\breve", "\u{02D8}", false),
            ("\\acute", "\u{02CA}", false), ("\\grave", "\u{02CB}", false), ("\\mathring", "\u{02DA}", false),
            ("\\overrightarrow", "\u{2192}", true), ("\\overleftarrow", "\u{2190}", true),
            ("\\overleftrightarrow", "\u{2194}", true), ("\\Overrightarrow", "\u{21D2}", true),
            ("\\overrightharpoon", "\u{21C0}", true), ("\\overleftharpoon", "\u{21BC}", true),
            ("\\overgroup", "\u{23E0}", true), ("\\overlinesegment", "\u{203E}", true),
        ] {
            table[name] = .accent(character, stretchy: stretchy)
        }
        for (name, character) in [
            ("\\underline", "\u{203E}"), ("\\underrightarrow", "\u{2192}"), ("\\underleftarrow", "\u{2190}"),
            ("\\underleftrightarrow", "\u{2194}"), ("\\undergroup", "\u{23E1}"), ("\\utilde", "~"),
            ("\\underlinesegment", "\u{203E}"), ("\\underbar", "\u{203E}"),
        ] {
            table[name] = .underAccent(character, stretchy: true)
        }
        for (name, character) in [
            ("\\xrightarrow", "\u{2192}"), ("\\xleftarrow", "\u{2190}"), ("\\xRightarrow", "\u{21D2}"),
            ("\\xLeftarrow", "\u{21D0}"), ("\\xleftrightarrow", "\u{2194}"), ("\\xLeftrightarrow", "\u{21D4}"),
            ("\\xmapsto", "\u{21A6}"), ("\\xhookrightarrow", "\u{21AA}"), ("\\xhookleftarrow", "\u{21A9}"),
            ("\\xrightharpoonup", "\u{21C0}"), ("\\xrightharpoondown", "\u{21C1}"), ("\\xleftharpoonup", "\u{21BC}"),
            ("\\xleftharpoondown", "\u{21BD}"), ("\\xrightleftharpoons", "\u{21CC}"), ("\\xleftrightharpoons", "\u{21CB}"),
            ("\\xlongequal", "="), ("\\xtwoheadrightarrow", "\u{21A0}"), ("\\xtwoheadleftarrow", "\u{219E}"),
            ("\\xtofrom", "\u{21C4}"),
        ] {
            table[name] = .arrow(character)
        }
        return table
    }()

    /// Commands defined as TeX, expanded like a formula's own macros: name, parameters, body.
    static let macros: [String: (Int, String)] = [
        "\\bra": (1, "\\mathinner{\\langle{#1}|}"), "\\ket": (1, "\\mathinner{|{#1}\\rangle}"),
        "\\braket": (1, "\\mathinner{\\langle{#1}\\rangle}"), "\\Bra": (1, "\\left\\langle#1\\right|"),
        "\\Ket": (1, "\\left|#1\\right\\rangle"), "\\operatornamewithlimits": (0, "\\operatorname*"),
        "\\mathstrut": (0, "\\vphantom{(}"), "\\TeX": (0, "\\text{TeX}"), "\\LaTeX": (0, "\\text{LaTeX}"),
        "\\KaTeX": (0, "\\text{KaTeX}"), "\\varlimsup": (0, "\\operatorname*{\\overline{lim}}"),
        "\\varliminf": (0, "\\operatorname*{\\underline{lim}}"), "\\varinjlim": (0, "\\operatorname*{\\underrightarrow{lim}}"),
        "\\varprojlim": (0, "\\operatorname*{\\underleftarrow{lim}}"), "\\dotsi": (0, "\\!\\cdots"),
        "\\dotsx": (0, "\\ldots\\,"),
        "\\Set": (1, "\\left\\{\\:#1\\:\\right\\}"), "\\set": (1, "\\{#1\\}"),
        "\\implies": (0, "\\;\\Longrightarrow\\;"), "\\impliedby": (0, "\\;\\Longleftarrow\\;"),
        "\\iff": (0, "\\;\\Longleftrightarrow\\;"),
    ]

    /// Big operators whose limits stay at the side in display style.
    static let sideLimits: Set<String> = ["\u{222B}", "\u{222C}", "\u{222D}", "\u{222E}", "\u{222F}", "\u{2230}", "\u{2A0C}"]

    /// What `\not` makes of a relation.
    static let negations: [String: String] = [
        "=": "\u{2260}", "\u{2208}": "\u{2209}", "<": "\u{226E}", ">": "\u{226F}", "\u{2264}": "\u{2270}",
        "\u{2265}": "\u{2271}", "\u{2261}": "\u{2262}", "\u{223C}": "\u{2241}", "\u{2248}": "\u{2249}",
        "\u{2282}": "\u{2284}", "\u{2283}": "\u{2285}", "\u{2286}": "\u{2288}", "\u{2287}": "\u{2289}",
        "\u{220B}": "\u{220C}", "\u{2223}": "\u{2224}", "\u{2225}": "\u{2226}", "\u{2203}": "\u{2204}",
        "\u{2245}": "\u{2247}", "\u{2243}": "\u{2244}", "\u{2192}": "\u{219B}", "\u{2190}": "\u{219A}",
        "\u{21D2}": "\u{21CF}", "\u{21D0}": "\u{21CD}", "\u{21D4}": "\u{21CE}", "\u{2194}": "\u{21AE}",
        "\u{227A}": "\u{2280}", "\u{227B}": "\u{2281}", "\u{22A2}": "\u{22AC}", "\u{22A8}": "\u{22AD}",
    ]
}

/// The environments of `\begin{…}`.
struct MathEnvironment: Sendable {
    enum Columns: Sendable {
        /// Every column centred.
        case centered
        /// Right, left, right, left… (`aligned`).
        case alternating
        /// Every column left (`cases`).
        case left
        /// From the argument (`array`).
        case specification
        /// From an optional `[r]` (`pmatrix*`).
        case optional
    }

    var columns: Columns
    var open: String?
    var close: String?
    /// Cells in display style (`aligned`) or text style (`matrix`).
    var displayCells: Bool
    var rowSpacing: String
    var columnSpacing: String
    var small = false
    /// Takes a number argument (`alignat{2}`).
    var numberArgument = false

    static let table: [String: MathEnvironment] = {
        var table: [String: MathEnvironment] = [:]
        let matrices: [(String, String?, String?)] = [
            ("matrix", nil, nil), ("pmatrix", "(", ")"), ("bmatrix", "[", "]"), ("Bmatrix", "{", "}"),
            ("vmatrix", "|", "|"), ("Vmatrix", "\u{2016}", "\u{2016}"),
        ]
        for (name, open, close) in matrices {
            table[name] = MathEnvironment(columns: .centered, open: open, close: close, displayCells: false,
                                          rowSpacing: "0.16em", columnSpacing: "1em")
            table[name + "*"] = MathEnvironment(columns: .optional, open: open, close: close, displayCells: false,
                                                rowSpacing: "0.16em", columnSpacing: "1em")
        }
        table["smallmatrix"] = MathEnvironment(columns: .centered, displayCells: false, rowSpacing: "0.1em",
                                               columnSpacing: "0.2778em", small: true)
        table["array"] = MathEnvironment(columns: .specification, displayCells: false, rowSpacing: "0.16em", columnSpacing: "1em")
        table["darray"] = MathEnvironment(columns: .specification, displayCells: true, rowSpacing: "0.16em", columnSpacing: "1em")
        table["subarray"] = MathEnvironment(columns: .specification, displayCells: false, rowSpacing: "0.1em",
                                            columnSpacing: "0.2778em", small: true)
        table["cases"] = MathEnvironment(columns: .left, open: "{", displayCells: false, rowSpacing: "0.36em", columnSpacing: "1em")
        table["dcases"] = MathEnvironment(columns: .left, open: "{", displayCells: true, rowSpacing: "0.36em", columnSpacing: "1em")
        table["rcases"] = MathEnvironment(columns: .left, close: "}", displayCells: false, rowSpacing: "0.36em", columnSpacing: "1em")
        table["drcases"] = MathEnvironment(columns: .left, close: "}", displayCells: true, rowSpacing: "0.36em", columnSpacing: "1em")
        for name in ["aligned", "split", "align", "align*", "flalign", "flalign*", "eqnarray", "eqnarray*"] {
            table[name] = MathEnvironment(columns: .alternating, displayCells: true, rowSpacing: "0.25em", columnSpacing: "0em")
        }
        for name in ["alignat", "alignat*", "alignedat"] {
            table[name] = MathEnvironment(columns: .alternating, displayCells: true, rowSpacing: "0.25em", columnSpacing: "0em",
                                          numberArgument: true)
        }
        for name in ["gathered", "gather", "gather*", "equation", "equation*", "multline", "multline*"] {
            table[name] = MathEnvironment(columns: .centered, displayCells: true, rowSpacing: "0.25em", columnSpacing: "0em")
        }
        return table
    }()
}
