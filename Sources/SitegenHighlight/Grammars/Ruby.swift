extension Grammars {
    /// Ruby: strings with `#{…}` interpolation and escapes, symbols (`:name`, `name:` keys,
    /// `:"…"`), `%w[]`-style literals with nested delimiters, regular expressions where a value
    /// is expected, heredocs (`<<~EOS`) whose body follows the line, `=begin`/`=end` comments,
    /// and the names `def`, `class` and `module` declare.
    static let ruby: Grammar = {
        let words = WordTable.List(words: [
            (.keyword, """
            BEGIN END alias begin break case defined? do else elsif end ensure for if in next redo rescue raise \
            retry return super then undef unless until when while yield def class module
            """),
            (.keywordConstant, "true false nil"),
            (.keywordPseudo, """
            initialize new loop include extend attr_reader attr_writer attr_accessor attr catch throw private \
            module_function public protected
            """),
            (.operatorWord, "not and or"),
            (.nameBuiltin, """
            autoload? block_given? const_defined? eql? equal? frozen? include? instance_of? is_a? iterator? kind_of? \
            method_defined? nil? private_method_defined? protected_method_defined? public_method_defined? respond_to? \
            tainted? chomp! chop! exit! gsub! sub!
            Array Float Integer String Hash Rational Complex __id__ __send__ abort ancestors at_exit autoload binding \
            callcc caller chomp chop class_eval class_variables clone const_get const_missing const_set constants \
            display dup eval exec exit fail fork format freeze getc gets global_variables gsub hash id included_modules \
            inspect instance_eval instance_method instance_methods instance_variable_get instance_variable_set \
            instance_variables lambda load local_variables method method_missing methods module_eval name object_id open \
            p pp print printf private_class_method private_instance_methods private_methods proc \
            protected_instance_methods protected_methods public_class_method public_instance_methods public_methods putc \
            puts rand readline readlines require require_relative scan select self send set_trace_func singleton_methods \
            sleep split sprintf srand sub syscall system taint test to_a to_s trace_var trap untaint untrace_var warn
            """),
            (.nameBuiltinPseudo, "__FILE__ __LINE__ __dir__ __method__ __ENCODING__"),
        ], caseInsensitive: false)
        let name = Pattern.sequence([.identifier, .optional(.run(ByteSet("!?"), maximum: 1))])
        let notWord = Pattern.notAhead(.run(.identifierRest))
        let operatorMethod = Pattern.oneOf(["[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "**", "+@", "-@", "<<", ">>", "<=", ">=",
                                            "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "`"])
        let escape = Rule(.sequence([.text("\\"), .either([
            .run(ByteSet("\\abefnrstv#\"'\n"), maximum: 1),
            .sequence([.text("x"), .run(ByteSet("0-9a-fA-F"), maximum: 2)]),
            .sequence([.text("u{"), .run(ByteSet("0-9a-fA-F ")), .text("}")]),
            .sequence([.text("u"), .run(ByteSet("0-9a-fA-F"), maximum: 4)]),
            .run(ByteSet("0-7"), maximum: 3),
        ])]), .stringEscape)
        let interpolation: [Rule] = [
            Rule(.text("#{"), .stringInterpolation, .push("interpolation")),
            Rule(.sequence([.text("#"), .either([.text("@@"), .text("@"), .text("$")]), .identifier]), .stringInterpolation),
        ]

        // A quoted string, symbol or command: interpolation and escapes unless `plain`.
        func quoted(_ close: String, _ kind: TokenKind, plain: Bool = false) -> [Rule] {
            var rules = [Rule(.text(close), kind, .pop)]
            if plain {
                rules.append(Rule(.sequence([.text("\\"), .run(ByteSet("\\" + close), maximum: 1)]), .stringEscape))
            } else {
                rules += interpolation + [escape]
            }
            rules.append(Rule(.run(ByteSet("\\#" + close).inverted), kind))
            rules.append(Rule(.run(ByteSet("\\#"), maximum: 1), kind))
            return rules
        }

        // `%w[…]`, `%Q{…}`, `%r(…)`, `%i<…>`: the brackets nest.
        var percentRules: [Rule] = []
        var percentStates: [(String, [Rule])] = []
        for (open, close) in [("{", "}"), ("[", "]"), ("(", ")"), ("<", ">")] {
            for (letters, kind, interpolates) in [("QWIx", TokenKind.stringOther, true), ("qwis", .stringOther, false), ("r", .stringRegex, true)] {
                let state = "percent\(letters)\(open)"
                let start: Pattern = letters == "QWIx"
                    ? .sequence([.text("%"), .optional(.run(ByteSet(letters), maximum: 1)), .text(open)])
                    : .sequence([.text("%"), .run(ByteSet(letters), maximum: 1), .text(open)])
                percentRules.append(Rule(start, kind, .push(state)))
                var rules = [
                    Rule(.sequence([.text("\\"), .run(ByteSet("\\" + open + close), maximum: 1)]), kind),
                    Rule(.text(open), kind, .push(state)),
                    Rule(kind == .stringRegex ? .sequence([.text(close), .optional(.run(ByteSet("mixounse")))]) : .text(close), kind, .pop),
                ]
                if interpolates { rules += interpolation }
                if interpolates, kind != .stringRegex { rules.append(escape) }
                rules.append(Rule(.run(ByteSet("\\#" + open + close).inverted), kind))
                rules.append(Rule(.run(ByteSet("\\#"), maximum: 1), kind))
                percentStates.append((state, rules))
            }
        }
        percentRules.append(Rule(.custom(first: ByteSet("%"), match: rubyPercentLiteral), .stringOther))

        let heredocQuote = Pattern.optional(.run(ByteSet("\"'`"), maximum: 1))
        let heredoc = Pattern.sequence([
            .ahead(.custom(first: ByteSet("<"), match: { bytes, at in rubyHeredocOpening(bytes, at)?.end })),
            .either([.text("<<~"), .text("<<-"), .text("<<")]), heredocQuote, .identifier, heredocQuote,
        ])
        let digits = Pattern.word(start: .digits, rest: ByteSet("0-9_"))
        // Pygments takes a `/` or `?` after a number as an operator, never a regular expression or character.
        let afterNumber: [Pattern] = [.optional(.run(.spaces)), .optional(.run(ByteSet("/?"), maximum: 1))]

        let root: [Rule] = [
            Rule(.hashbang, .commentHashbang),
            Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
            Rule(.sequence([.delimited(open: Array("=begin".utf8), close: Array("\n=end".utf8), escape: nil, nests: false, singleLine: false),
                            .restOfLine]), .commentMultiline, lineStart: true),
            Rule(.sequence([.text("__END__"), .either([.ahead(.lineEnd), .notAhead(.character)]), .optional(.run(.all))]),
                 .commentPreprocessor, lineStart: true),
            Rule(.run(.whitespace), .plain),
            Rule(.sequence([.text("module"), .run(.whitespace), .word(start: .letters, rest: ByteSet("a-zA-Z0-9_:"))]),
                 .parts([.keyword, .plain, .nameNamespace])),
            Rule(.sequence([.text("def"), .either([.run(.whitespace), .ahead(.run(ByteSet("*%&^`~+-/[<>=!"), maximum: 1))])]),
                 .parts([.keyword, .plain]), .push("method")),
            Rule(.sequence([.text("class"), .run(.whitespace)]), .parts([.keyword, .plain]), .push("class")),
            // Most names: lowercase, with no `?`, `!` or `:` after them.
            Rule(.sequence([.word(start: ByteSet("a-z_").union(.nonASCII), rest: .identifierRest), .notAhead(.run(ByteSet("!?:"), maximum: 1))]),
                 .words(words, otherwise: .name)),
            // `key: value`, where the name is a symbol (even a builtin's, unlike Pygments).
            Rule(.sequence([.identifier, .text(":"), .notAhead(.text(":"))]), .parts([.stringSymbol, .punctuation, .plain])),
            Rule(.sequence([.identifier, .run(ByteSet("!?"), maximum: 1)]), .words(words, otherwise: nil)),
            .words(words, otherwise: nil),
            Rule(.sequence([.run(ByteSet("A-Z"), maximum: 1), .run(.identifierRest)]), .nameConstant),
            Rule(name, .name),
            Rule(.sequence([.text("."), name]), .parts([.operator, .name])),
            Rule(heredoc, .parts([.plain, .operator, .stringHeredoc, .stringDelimiter, .stringHeredoc]), .push("heredoc")),
            Rule(.custom(first: ByteSet("/"), match: rubyRegexStart), .stringRegex, .push("regex")),
            Rule(.sequence([rubyPrefixedNumber("xX", "0-9a-fA-F_")] + afterNumber), .parts([.numberHex, .plain, .operator])),
            Rule(.sequence([rubyPrefixedNumber("bB", "01_")] + afterNumber), .parts([.numberBinary, .plain, .operator])),
            Rule(.sequence([.either([rubyPrefixedNumber("oO", "0-7_"), .sequence([.text("0"), .optional(.text("_")), .run(ByteSet("0-7_"))])])] + afterNumber),
                 .parts([.numberOctal, .plain, .operator])),
            Rule(.sequence([.sequence([digits, .either([
                .sequence([.text("."), digits, .optional(rubyExponent(digits))]), rubyExponent(digits),
            ])])] + afterNumber), .parts([.numberFloat, .plain, .operator])),
            Rule(.sequence([digits] + afterNumber), .parts([.numberInteger, .plain, .operator])),
            Rule(.sequence([.either([.text("@@"), .text("@")]), .identifier]), .nameVariable),
            Rule(.sequence([.text("$"), .either([.run(.identifierRest), .sequence([.text("-"), .run(ByteSet("0adFiIlpvw"), maximum: 1)]),
                                                 .run(ByteSet("!@&`'+~=/\\,;.<>_*$?:\"^-"), maximum: 1)])]), .nameVariable),
            Rule(.text("::"), .operator),
            // Symbols.
            Rule(.sequence([.text(":"), .optional(.either([.text("@@"), .text("@")])), name]), .stringSymbol),
            Rule(.sequence([.text(":"), operatorMethod]), .stringSymbol),
            Rule(.delimited(open: Array(":'".utf8), close: [39], escape: 92, nests: false, singleLine: false), .stringSymbol),
            Rule(.text(":\""), .stringSymbol, .push("symbol")),
            Rule(.text("\""), .stringDouble, .push("double")),
            Rule(.text("'"), .stringSingle, .push("single")),
            Rule(.text("`"), .stringBacktick, .push("backtick")),
        ] + percentRules + [
            // `?a`, `?\n`: a character.
            Rule(.sequence([.text("?"), .either([.sequence([.text("\\"), .character]), .sequence([.notAhead(.run(.whitespace)), .character])]),
                            notWord]), .stringChar),
            // Not `/` and `%`, which may start a literal after an operator.
            Rule(.run(ByteSet("[]*<>=~!&|.+-^")), .operator),
            Rule(.run(ByteSet("/%"), maximum: 1), .operator),
            Rule(.run(ByteSet("(){};,?:\\"), maximum: 1), .punctuation),
        ]

        return Grammar([
            ("root", root),
            hashInterpolation,
            ("double", quoted("\"", .stringDouble)),
            ("single", quoted("'", .stringSingle, plain: true)),
            ("backtick", quoted("`", .stringBacktick)),
            ("symbol", quoted("\"", .stringSymbol)),
            ("regex", [
                Rule(.sequence([.text("/"), .optional(.run(ByteSet("mixounse")))]), .stringRegex, .pop),
                Rule(.sequence([.text("\\"), .character]), .stringRegex),
            ] + interpolation + [
                Rule(.run(ByteSet("\\/#").inverted), .stringRegex),
                Rule(.text("#"), .stringRegex),
            ]),
            // After `def`: the method's name, perhaps after `self.`.
            ("method", [
                Rule(.sequence([.identifier, .text(".")]), .parts([.nameClass, .operator])),
                Rule(.sequence([.identifier, .optional(.run(ByteSet("!?="), maximum: 1))]), .nameFunction, .pop),
                Rule(operatorMethod, .nameFunction, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("class", [
                Rule(.text("<<"), .operator, .pop),
                Rule(.word(start: ByteSet("A-Z_"), rest: .identifierRest), .nameClass, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            // The rest of the line that opens a heredoc; its body follows.
            ("heredoc", [
                Rule(.custom(first: ByteSet("\n"), match: { bytes, at in
                    HereDocument.body(bytes, at, withTerminator: false, opening: rubyHeredocOpening)
                }), .stringHeredoc, .replace("heredoc-end")),
                Rule(.ahead(.lineEnd), .plain, .pop),
                Rule(.run(ByteSet(" \t\r")), .plain),
                .include("root"),
            ]),
            ("heredoc-end", [Rule(.restOfLine, .stringDelimiter, .pop)]),
        ] + percentStates)
    }()

    private static func rubyPrefixedNumber(_ letters: String, _ digits: String) -> Pattern {
        .sequence([.text("0"), .run(ByteSet(letters), maximum: 1), .run(ByteSet(digits))])
    }

    private static func rubyExponent(_ digits: Pattern) -> Pattern {
        .sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), digits])
    }

    /// A heredoc's opening at `at`: `<<NAME`, `<<-NAME`, `<<~NAME`, the name perhaps quoted;
    /// not right after a word (`x<<y` shifts).
    private static func rubyHeredocOpening(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> HereDocument.Opening? {
        let count = bytes.count
        guard at + 2 < count, bytes[at] == UInt8(ascii: "<"), bytes[at + 1] == UInt8(ascii: "<"),
              at == 0 || !ByteSet.identifierRest.contains(bytes[at - 1]) else { return nil }
        var index = at + 2
        let indented = bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "~")
        if indented { index += 1 }
        var quote: UInt8?
        if index < count, bytes[index] == 34 || bytes[index] == 39 || bytes[index] == 96 {
            quote = bytes[index]
            index += 1
        }
        let start = index
        guard index < count, ByteSet.letters.contains(bytes[index]) else { return nil }
        while index < count, ByteSet.identifierRest.contains(bytes[index]) { index += 1 }
        let word = start..<index
        if let quote {
            guard index < count, bytes[index] == quote else { return nil }
            index += 1
        }
        return HereDocument.Opening(end: index, word: word, indentation: indented ? .spaces : ByteSet())
    }

    /// Whether the `/` at `at` starts a regular expression rather than dividing: at a line's
    /// start, after an operator or an opening bracket, or after a space when no space follows
    /// (`puts /x/`, but `a / b`). Matches the `/` alone.
    @Sendable private static func rubyRegexStart(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at > 0 else { return at + 1 }
        let before = bytes[at - 1]
        if before == 10 || before == UInt8(ascii: "(") || before == UInt8(ascii: ",") || before == UInt8(ascii: "[") { return at + 1 }
        var index = at - 1
        while index >= 0, ByteSet.whitespace.contains(bytes[index]) { index -= 1 }
        if index < 0 || ByteSet("=<>~!:").contains(bytes[index]) { return at + 1 }
        var lineStart = at - 1
        while lineStart >= 0, bytes[lineStart] == 32 || bytes[lineStart] == 9 { lineStart -= 1 }
        if lineStart < 0 || bytes[lineStart] == 10 { return at + 1 }
        if ByteSet.whitespace.contains(before), at + 1 < bytes.count,
           !ByteSet.whitespace.contains(bytes[at + 1]), bytes[at + 1] != UInt8(ascii: "=") { return at + 1 }
        return nil
    }

    /// `%q|…|`, `%r!…!i`, `%(…` with another delimiter than a bracket: up to the same
    /// delimiter again. `%=` is an operator.
    @Sendable private static func rubyPercentLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var index = at + 1
        var regex = false
        if index < count, ByteSet("qwsQWxiIr").contains(bytes[index]) {
            regex = bytes[index] == UInt8(ascii: "r")
            index += 1
        }
        guard index < count else { return nil }
        let delimiter = bytes[index]
        guard delimiter < 0x80, !ByteSet("a-zA-Z0-9 \t\r\n=").contains(delimiter) else { return nil }
        index += 1
        while index < count, bytes[index] != delimiter {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(index + 1, count)
        if regex { while index < count, ByteSet("mixounse").contains(bytes[index]) { index += 1 } }
        return index
    }
}
