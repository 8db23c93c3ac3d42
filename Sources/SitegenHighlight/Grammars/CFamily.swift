/// The shape most languages share: `//` and `/* */` comments, quoted strings with escapes and
/// interpolation, numbers, keywords among identifiers, operators and punctuation. A grammar
/// fills in its words and quirks and gets a table of states.
struct CFamily {
    /// A kind of string literal.
    struct Quote {
        var open: String
        var close: String
        var kind: TokenKind = .stringDouble
        var escapes = true
        var multiline = false
        /// Opening and closing text of an interpolation inside the string (`\(`…`)`, `${`…`}`).
        var interpolation: (open: String, close: String)?
        /// A `$name` interpolation (Kotlin, shells).
        var dollarNames = false
        /// The string starts with one of these prefixes directly before `open` (`r`, `b`, `f`).
        var prefixes: [String] = []
    }

    var keywords = ""
    var declarations = ""
    var namespaces = ""
    var types = ""
    var constants = ""
    var builtins = ""
    var pseudo = ""
    var operatorWords = ""
    /// Keywords after which the next name is a function being declared.
    var functionKeywords = ""
    /// Keywords after which the next name is a type being declared.
    var classKeywords = ""
    var lineComments = ["//"]
    var blockComment: (open: String, close: String, nests: Bool)? = ("/*", "*/", false)
    var quotes = [Quote(open: "\"", close: "\""), Quote(open: "'", close: "'", kind: .stringChar)]
    var number = NumberSyntax()
    /// Numbers get the class of their base or shape (`mh`, `mb`, `mo`, `mf`, `mi`) instead of `m`.
    var numberKinds = false
    /// With `numberKinds`, a `0` followed by octal digits is octal (`0755` in C, Go, Java).
    var leadingZeroOctal = false
    var identifier = Pattern.identifier
    /// What names not among the words are.
    var nameKind = TokenKind.name
    /// `@name` is a decorator or attribute.
    var decorators = false
    var operators = ByteSet("+\\-*/%=&|^!<>~?:")
    var punctuation = ByteSet("()[]{},;.")
    /// Operator bytes that are a token each, so that a run of operators never takes the start of
    /// a comment (`=/*`): give `/` here and leave it out of `operators`.
    var loneOperators = ByteSet()
    /// A byte inside a string that no rule takes (a lone quote in a triple-quoted string) is the
    /// string's, not plain text. Off by default only to keep the output of the grammars written before it.
    var stringFallbacks = false
    /// Rules tried before all others in the main state.
    var before: [Rule] = []
    /// More states the rules in `before` may push.
    var states: [(String, [Rule])] = []
    var caseInsensitive = false

    var grammar: Grammar {
        let table = WordTable.List(words: [(.keyword, keywords), (.keywordDeclaration, declarations), (.keywordNamespace, namespaces),
                                           (.keywordType, types), (.keywordConstant, constants), (.nameBuiltin, builtins),
                                           (.nameBuiltinPseudo, pseudo), (.operatorWord, operatorWords)],
                                   caseInsensitive: caseInsensitive)
        var root = before
        root.append(Rule(.run(.whitespace), .plain))
        for comment in lineComments {
            root.append(Rule(.sequence([.text(comment), .restOfLine]), .commentSingle))
        }
        if let block = blockComment {
            root.append(Rule(.delimited(open: Array(block.open.utf8), close: Array(block.close.utf8), escape: nil,
                                        nests: block.nests, singleLine: false), .commentMultiline))
        }
        var stringStates: [(String, [Rule])] = []
        for (index, quote) in quotes.enumerated() {
            let name = "string\(index)"
            let open: Pattern = quote.prefixes.isEmpty ? .text(quote.open)
                : .sequence([.optional(.oneOf(quote.prefixes)), .text(quote.open)])
            root.append(Rule(open, quote.kind, .push(name)))
            var rules: [Rule] = []
            if let interpolation = quote.interpolation {
                rules.append(Rule(.text(interpolation.open), .stringInterpolation, .push(name + "-interpolation")))
                stringStates.append((name + "-interpolation", CFamily.interpolation(close: interpolation.close)))
            }
            if quote.escapes {
                rules.append(Rule(.sequence([.text("\\"), .character]), .stringEscape))
            }
            if quote.dollarNames {
                rules.append(Rule(.sequence([.text("$"), .identifier]), .stringInterpolation))
            }
            rules.append(Rule(.text(quote.close), quote.kind, .pop))
            if !quote.multiline { rules.append(Rule(.ahead(.lineEnd), quote.kind, .pop)) }
            var special = ByteSet()
            special.insert(Array(quote.close.utf8)[0])
            special.insert(10)
            if quote.escapes { special.insert(UInt8(ascii: "\\")) }
            if let interpolation = quote.interpolation { special.insert(Array(interpolation.open.utf8)[0]) }
            if quote.dollarNames { special.insert(UInt8(ascii: "$")) }
            rules.append(Rule(.run(special.inverted), quote.kind))
            stringStates.append((name, rules))
        }
        if numberKinds {
            root += CFamily.numberRules(number, leadingZeroOctal: leadingZeroOctal)
        } else {
            root.append(Rule(.number(number), .number))
        }
        if decorators {
            root.append(Rule(.sequence([.text("@"), .identifier]), .nameDecorator))
        }
        for keyword in functionKeywords.split(separator: " ") {
            root.append(Rule(.sequence([.text(String(keyword)), .run(.whitespace), identifier]), .parts([table.kindOf(String(keyword)), .plain, .nameFunction])))
        }
        for keyword in classKeywords.split(separator: " ") {
            root.append(Rule(.sequence([.text(String(keyword)), .run(.whitespace), identifier]), .parts([table.kindOf(String(keyword)), .plain, .nameClass])))
        }
        root.append(.words(table, otherwise: nameKind, pattern: identifier))
        root.append(Rule(.run(operators), .operator))
        if !loneOperators.isEmpty { root.append(Rule(.run(loneOperators, maximum: 1), .operator)) }
        root.append(Rule(.run(punctuation, maximum: 1), .punctuation))
        var all: [(String, [Rule])] = [("root", root)]
        all += stringStates
        all += states
        all.append(("braces", [Rule(.text("{"), .punctuation, .push("braces")), Rule(.text("}"), .punctuation, .pop), .include("root")]))
        all.append(("parentheses", [Rule(.text("("), .punctuation, .push("parentheses")), Rule(.text(")"), .punctuation, .pop), .include("root")]))
        var fallbacks: [String: TokenKind] = [:]
        if stringFallbacks {
            for (index, quote) in quotes.enumerated() { fallbacks["string\(index)"] = quote.kind }
        }
        return Grammar(all, fallbacks: fallbacks)
    }

    /// Rules that give a number its kind: each looks ahead at the shape, and the language's
    /// number pattern takes the whole literal, suffix included.
    static func numberRules(_ syntax: NumberSyntax, leadingZeroOctal: Bool) -> [Rule] {
        let number = Pattern.number(syntax)
        func shaped(_ shape: Pattern, _ kind: TokenKind) -> Rule { Rule(.sequence([.ahead(shape), number]), kind) }
        func prefixed(_ letters: String) -> Pattern { .sequence([.text("0"), .run(ByteSet(letters), maximum: 1)]) }
        let digits = Pattern.sequence([.run(.digits), .optional(.run(ByteSet.digits.union(syntax.separators)))])
        let fraction = Pattern.sequence([.text("."), .run(.digits)])
        let exponent = Pattern.sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), .run(.digits)])
        var rules = [shaped(prefixed("xX"), .numberHex), shaped(prefixed("bB"), .numberBinary)]
        if syntax.octalPrefix { rules.append(shaped(prefixed("oO"), .numberOctal)) }
        rules.append(shaped(.sequence([digits, .either([fraction, exponent])]), .numberFloat))
        if syntax.leadingDot { rules.append(shaped(.text("."), .numberFloat)) }
        if leadingZeroOctal {
            rules.append(shaped(.sequence([.text("0"), .run(ByteSet("0-7")), .notAhead(.run(ByteSet("89"), maximum: 1))]), .numberOctal))
        }
        rules.append(Rule(number, .numberInteger))
        return rules
    }

    /// Inside an interpolation: the language itself, with brackets counted so that the close
    /// that ends it is found.
    static func interpolation(close: String) -> [Rule] {
        let nested = close == ")" ? "parentheses" : "braces"
        return [Rule(.text(close), .stringInterpolation, .pop),
                Rule(.text(close == ")" ? "(" : "{"), .punctuation, .push(nested)),
                .include("root")]
    }
}

extension WordTable.List {
    /// The kind the list gives a word (a keyword when it is in none of it).
    func kindOf(_ word: String) -> TokenKind {
        words.first { $0.1.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains(Substring(word)) }?.0 ?? .keyword
    }
}
