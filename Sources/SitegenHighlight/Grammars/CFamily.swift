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
    /// The escape in a string, when it is more than a backslash and one character (`\x41`).
    var escape: Pattern?
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
                rules.append(Rule(escape ?? .sequence([.text("\\"), .character]), .stringEscape))
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
        // A byte inside a string that no rule takes (a lone quote in a triple-quoted string) is the string's.
        var fallbacks: [String: TokenKind] = [:]
        for (index, quote) in quotes.enumerated() { fallbacks["string\(index)"] = quote.kind }
        return Grammar(all, fallbacks: fallbacks)
    }

    /// Rules that give a number its kind, cheapest first: small whole numbers (most of them),
    /// then the prefixed ones (which start with `0`), then a matcher that tells a float by its
    /// `.` or exponent and takes it with the language's number pattern.
    static func numberRules(_ syntax: NumberSyntax, leadingZeroOctal: Bool) -> [Rule] {
        let numberish = ByteSet("0-9a-zA-Z_.").union(syntax.separators)
        let suffix: [Pattern] = syntax.suffixes.isEmpty ? [] : [.optional(.run(syntax.suffixes))]
        func prefixed(_ letters: String, _ digits: String, _ kind: TokenKind) -> Rule {
            Rule(.sequence([.text("0"), .run(ByteSet(letters), maximum: 1), .run(ByteSet(digits).union(syntax.separators))] + suffix), kind)
        }
        var rules = [
            Rule(.sequence([.run(ByteSet("1-9"), maximum: 1), .optional(.run(.digits)), .notAhead(.run(numberish, maximum: 1))]), .numberInteger),
            Rule(.sequence([.text("0"), .notAhead(.run(numberish, maximum: 1))]), .numberInteger),
            prefixed("xX", "0-9a-fA-F", .numberHex),
            prefixed("bB", "01", .numberBinary),
        ]
        if syntax.octalPrefix { rules.append(prefixed("oO", "0-7", .numberOctal)) }
        let first = syntax.leadingDot ? ByteSet("0-9.") : ByteSet.digits
        rules.append(Rule(.custom(first: first, match: { bytes, at in isFloat(bytes, at, syntax) ? syntax.match(bytes, at) : nil }), .numberFloat))
        if leadingZeroOctal {
            rules.append(Rule(.sequence([.text("0"), .run(ByteSet("0-7").union(syntax.separators)), .notAhead(.run(ByteSet("89"), maximum: 1))] + suffix),
                              .numberOctal))
        }
        rules.append(Rule(.number(syntax), .numberInteger))
        return rules
    }

    /// Whether the number at `at` has a fraction (`1.5`, `.5`) or an exponent (`1e9`).
    private static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ syntax: NumberSyntax) -> Bool {
        let count = bytes.count
        var index = at
        while index < count, ByteSet.digits.contains(bytes[index]) || (index > at && syntax.separators.contains(bytes[index])) { index += 1 }
        guard index + 1 < count else { return false }
        let byte = bytes[index]
        if byte == UInt8(ascii: ".") { return ByteSet.digits.contains(bytes[index + 1]) && (index > at || syntax.leadingDot) }
        guard index > at, byte | 0x20 == UInt8(ascii: "e") else { return false }
        var exponent = index + 1
        if bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
        return exponent < count && ByteSet.digits.contains(bytes[exponent])
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
