/// The symbols of math and text mode: a character or a command without arguments, what it
/// stands for and how it is set (KaTeX's groups, which decide the MathML element).
enum MathSymbols {
    enum Group: UInt8, Sendable {
        /// A variable: `<mi>`, italic when one letter.
        case mathord
        /// An ordinary symbol: `<mn>` for a digit, else `<mi mathvariant="normal">`.
        case textord
        case bin, rel, open, close, punct, inner
        /// A big operator (`\sum`, `\int`).
        case op
        case accent, spacing
    }

    struct Symbol: Sendable {
        let group: Group
        let text: String
    }

    /// Math-mode symbols by name (`\alpha`, `+`).
    static let math: [String: Symbol] = load(mode: "m")
    /// Text-mode symbols by name (`\#`, `--`).
    static let text: [String: Symbol] = load(mode: "t")

    /// Math symbols by their character, for characters typed as they are (`≠`, `∉`) that the
    /// table only has under a command name.
    static let byCharacter: [String: Symbol] = {
        var symbols: [String: Symbol] = [:]
        for name in math.keys.sorted() {
            guard let symbol = math[name], symbol.text.unicodeScalars.count == 1, symbols[symbol.text] == nil,
                  symbol.group != .spacing, symbol.group != .accent else { continue }
            symbols[symbol.text] = symbol
        }
        return symbols
    }()

    private static func load(mode: Substring) -> [String: Symbol] {
        var symbols: [String: Symbol] = [:]
        symbols.reserveCapacity(1_000)
        for line in table.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0] == mode else { continue }
            let group: Group
            switch fields[2] {
            case "mathord": group = .mathord
            case "textord": group = .textord
            case "bin": group = .bin
            case "rel": group = .rel
            case "open": group = .open
            case "close": group = .close
            case "punct": group = .punct
            case "inner": group = .inner
            case "op", "op-token": group = .op
            case "accent", "accent-token": group = .accent
            case "spacing": group = .spacing
            default: continue
            }
            symbols[String(fields[1])] = Symbol(group: group, text: fields.count > 3 ? String(fields[3]) : "")
        }
        if mode == "m" {
            // Characters KaTeX defines in a loop rather than one by one.
            for scalar in "0123456789/@.\"".unicodeScalars {
                symbols[String(scalar)] = Symbol(group: .textord, text: String(scalar))
            }
            for scalar in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars {
                symbols[String(scalar)] = Symbol(group: .mathord, text: String(scalar))
            }
            // Symbols KaTeX makes with macros.
            let extra: [(String, Group, String)] = [
                ("\\neq", .rel, "\u{2260}"), ("\\ne", .rel, "\u{2260}"), ("\\notin", .rel, "\u{2209}"),
                ("\\notni", .rel, "\u{220C}"), ("\\dots", .inner, "\u{2026}"), ("\\dotso", .inner, "\u{2026}"),
                ("\\dotsc", .inner, "\u{2026}"), ("\\dotsb", .inner, "\u{22EF}"), ("\\dotsm", .inner, "\u{22EF}"),
                ("\\dotsi", .inner, "\u{22EF}"), ("\\vdots", .textord, "\u{22EE}"), ("\\colon", .punct, ":"),
                ("\\lang", .open, "\u{27E8}"), ("\\rang", .close, "\u{27E9}"), ("\\empty", .textord, "\u{2205}"),
                ("\\infin", .textord, "\u{221E}"), ("\\isin", .rel, "\u{2208}"), ("\\exist", .textord, "\u{2203}"),
                ("\\larr", .rel, "\u{2190}"), ("\\rarr", .rel, "\u{2192}"), ("\\lArr", .rel, "\u{21D0}"),
                ("\\rArr", .rel, "\u{21D2}"), ("\\Larr", .rel, "\u{21D0}"), ("\\Rarr", .rel, "\u{21D2}"),
                ("\\harr", .rel, "\u{2194}"), ("\\hArr", .rel, "\u{21D4}"), ("\\Harr", .rel, "\u{21D4}"),
                ("\\lrarr", .rel, "\u{2194}"), ("\\lrArr", .rel, "\u{21D4}"), ("\\Lrarr", .rel, "\u{21D4}"),
                ("\\uarr", .rel, "\u{2191}"), ("\\darr", .rel, "\u{2193}"), ("\\sub", .rel, "\u{2282}"),
                ("\\sube", .rel, "\u{2286}"), ("\\supe", .rel, "\u{2287}"), ("\\sdot", .bin, "\u{22C5}"),
                ("\\plusmn", .bin, "\u{00B1}"), ("\\bull", .bin, "\u{2219}"), ("\\alefsym", .textord, "\u{2135}"),
                ("\\alef", .textord, "\u{2135}"), ("\\weierp", .textord, "\u{2118}"), ("\\image", .textord, "\u{2111}"),
                ("\\real", .textord, "\u{211C}"), ("\\thetasym", .mathord, "\u{03D1}"), ("\\Dagger", .bin, "\u{2021}"),
                ("\\clubs", .textord, "\u{2663}"), ("\\hearts", .textord, "\u{2661}"), ("\\spades", .textord, "\u{2660}"),
                ("\\diamonds", .textord, "\u{2662}"), ("\\varvdots", .textord, "\u{22EE}"), ("\\perp", .rel, "\u{22A5}"),
                ("\\dblcolon", .rel, "\u{2237}"), ("\\coloneqq", .rel, "\u{2254}"), ("\\Coloneqq", .rel, "\u{2237}="),
                ("\\eqqcolon", .rel, "\u{2255}"), ("\\coloneq", .rel, ":\u{2212}"), ("\\vcentcolon", .rel, ":"),
                ("\\ratio", .rel, ":"), ("\\llbracket", .open, "\u{27E6}"), ("\\rrbracket", .close, "\u{27E7}"),
                ("\\lBrace", .open, "\u{2983}"), ("\\rBrace", .close, "\u{2984}"), ("\\ulcorner", .open, "\u{231C}"),
                ("\\urcorner", .close, "\u{231D}"), ("\\llcorner", .open, "\u{231E}"), ("\\lrcorner", .close, "\u{231F}"),
                ("\\minuso", .bin, "\u{29B5}"), ("\\copyright", .textord, "\u{00A9}"), ("\\textregistered", .textord, "\u{00AE}"),
                ("\\jmath", .mathord, "\u{0237}"), ("\\imath", .mathord, "\u{0131}"),
                ("\\varGamma", .mathord, "\u{0393}"), ("\\varDelta", .mathord, "\u{0394}"), ("\\varTheta", .mathord, "\u{0398}"),
                ("\\varLambda", .mathord, "\u{039B}"), ("\\varXi", .mathord, "\u{039E}"), ("\\varPi", .mathord, "\u{03A0}"),
                ("\\varSigma", .mathord, "\u{03A3}"), ("\\varUpsilon", .mathord, "\u{03A5}"), ("\\varPhi", .mathord, "\u{03A6}"),
                ("\\varPsi", .mathord, "\u{03A8}"), ("\\varOmega", .mathord, "\u{03A9}"),
                ("\\Alpha", .textord, "A"), ("\\Beta", .textord, "B"), ("\\Epsilon", .textord, "E"), ("\\Zeta", .textord, "Z"),
                ("\\Eta", .textord, "H"), ("\\Iota", .textord, "I"), ("\\Kappa", .textord, "K"), ("\\Mu", .textord, "M"),
                ("\\Nu", .textord, "N"), ("\\Omicron", .textord, "O"), ("\\Rho", .textord, "P"), ("\\Tau", .textord, "T"),
                ("\\Chi", .textord, "X"), ("\\omicron", .mathord, "\u{03BF}"),
                ("\\N", .textord, "\u{2115}"), ("\\R", .textord, "\u{211D}"), ("\\Z", .textord, "\u{2124}"),
                ("\\Q", .textord, "\u{211A}"), ("\\C", .textord, "\u{2102}"),
                ("\\reals", .textord, "\u{211D}"), ("\\Reals", .textord, "\u{211D}"), ("\\natnums", .textord, "\u{2115}"),
                ("\\cnums", .textord, "\u{2102}"), ("\\Complex", .textord, "\u{2102}"), ("\\Bbbk", .textord, "\u{1D55C}"),
                ("\\iff", .rel, "\u{27FA}"), ("\\implies", .rel, "\u{27F9}"), ("\\impliedby", .rel, "\u{27F8}"),
                ("\\mid", .rel, "\u{2223}"), ("\\cdots", .inner, "\u{22EF}"), ("\\owns", .rel, "\u{220B}"),
            ]
            for (name, group, text) in extra where symbols[name] == nil { symbols[name] = Symbol(group: group, text: text) }
        } else {
            for scalar in "0123456789!@*()-=+\";:?/.,ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars {
                symbols[String(scalar)] = Symbol(group: .textord, text: String(scalar))
            }
        }
        return symbols
    }
}
