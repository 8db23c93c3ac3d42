extension Grammars {
    /// Python 3: strings of every prefix (raw, bytes, f- and t-strings with their `{…}`
    /// expressions), `%` and `{}` formats inside plain strings, docstrings (a triple-quoted
    /// string that starts a line), decorators, the names `def`, `class`, `import` and `from`
    /// declare, the soft keywords `match`, `case` and `_`, and numbers with `_` and `j`.
    static let python: Grammar = {
        let words = WordTable.List(words: [
            (.keyword, """
            assert async await break continue del elif else except finally for global if lambda pass raise \
            nonlocal return try while yield as with
            """),
            (.keywordDeclaration, "def class"),
            (.keywordNamespace, "import from"),
            (.keywordConstant, "True False None"),
            (.operatorWord, "in is and or not"),
            (.nameBuiltin, """
            __import__ abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod \
            compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr \
            globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max \
            memoryview min next object oct open ord pow print property range repr reversed round set setattr \
            slice sorted staticmethod str sum super tuple type vars zip
            """),
            (.nameBuiltinPseudo, "self cls Ellipsis NotImplemented"),
            (.nameException, """
            ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError \
            BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError \
            ConnectionRefusedError ConnectionResetError DeprecationWarning EncodingWarning EnvironmentError \
            EOFError Exception ExceptionGroup FileExistsError FileNotFoundError FloatingPointError FutureWarning \
            GeneratorExit ImportError ImportWarning IndentationError IndexError InterruptedError IOError \
            IsADirectoryError KeyboardInterrupt KeyError LookupError MemoryError ModuleNotFoundError NameError \
            NotADirectoryError NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError \
            ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning \
            StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError \
            TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError \
            UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError
            """),
            // The special methods and attributes, which Pygments marks as magic functions and variables.
            (.nameFunction, """
            __init__ __new__ __del__ __repr__ __str__ __bytes__ __format__ __hash__ __bool__ __call__ __len__ \
            __length_hint__ __iter__ __next__ __reversed__ __contains__ __getitem__ __setitem__ __delitem__ \
            __missing__ __getattr__ __getattribute__ __setattr__ __delattr__ __dir__ __get__ __set__ __delete__ \
            __set_name__ __init_subclass__ __class_getitem__ __instancecheck__ __subclasscheck__ __prepare__ \
            __enter__ __exit__ __aenter__ __aexit__ __aiter__ __anext__ __await__ __eq__ __ne__ __lt__ __le__ \
            __gt__ __ge__ __add__ __sub__ __mul__ __matmul__ __truediv__ __floordiv__ __mod__ __divmod__ __pow__ \
            __lshift__ __rshift__ __and__ __xor__ __or__ __radd__ __rsub__ __rmul__ __rmatmul__ __rtruediv__ \
            __rfloordiv__ __rmod__ __rdivmod__ __rpow__ __rlshift__ __rrshift__ __rand__ __rxor__ __ror__ \
            __iadd__ __isub__ __imul__ __imatmul__ __itruediv__ __ifloordiv__ __imod__ __ipow__ __ilshift__ \
            __irshift__ __iand__ __ixor__ __ior__ __neg__ __pos__ __abs__ __invert__ __complex__ __int__ \
            __float__ __index__ __round__ __trunc__ __floor__ __ceil__
            """),
            (.nameVariable, """
            __name__ __qualname__ __module__ __doc__ __file__ __dict__ __class__ __bases__ __mro__ __slots__ \
            __annotations__ __all__ __builtins__ __spec__ __loader__ __package__ __path__ __self__ __func__ \
            __code__ __closure__ __defaults__ __kwdefaults__ __globals__ __weakref__ __objclass__ __debug__
            """),
        ], caseInsensitive: false)
        let lowercaseKeywords = """
        and as assert async await break class continue def del elif else except finally for from global if \
        import in is lambda nonlocal not or pass raise return try while with yield
        """.split(separator: " ").map(String.init)
        let quote = Pattern.either([.text("\""), .text("'")])
        let notWord = Pattern.notAhead(.run(.identifierRest))

        // Numbers: `1_000`, `0x_ff`, `0o17`, `0b1010`, `1.5`, `.5e-3`, `2j`.
        let digits = Pattern.word(start: .digits, rest: ByteSet("0-9_"))
        let exponent = Pattern.sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), digits])
        let imaginary = Pattern.optional(.run(ByteSet("jJ"), maximum: 1))
        func prefixed(_ letters: String, _ set: String) -> Pattern {
            .sequence([.text("0"), .run(ByteSet(letters), maximum: 1), .run(ByteSet(set))])
        }
        let numbers: [Rule] = [
            Rule(prefixed("xX", "0-9a-fA-F_"), .numberHex),
            Rule(prefixed("oO", "0-7_"), .numberOctal),
            Rule(prefixed("bB", "01_"), .numberBinary),
            Rule(.sequence([digits, .text("."), .optional(digits), .optional(exponent), imaginary]), .numberFloat),
            Rule(.sequence([.text("."), digits, .optional(exponent), imaginary]), .numberFloat),
            Rule(.sequence([digits, exponent, imaginary]), .numberFloat),
            Rule(.sequence([digits, .run(ByteSet("jJ"), maximum: 1)]), .numberFloat),
            Rule(digits, .numberInteger),
        ]

        // Strings: each prefix family and quote has a state, for its escapes and formats.
        struct Family {
            var name: String
            var prefix: Pattern
            var escapes: Pattern?
            var formats = false
            var expressions = false
            var raw = false
        }
        /// The spellings in every mix of cases (`rb`, `rB`, `Rb`, `RB`).
        func cases(_ spellings: [String]) -> Pattern {
            .either(spellings.flatMap { spelling in
                spelling.reduce([""]) { partial, letter in
                    partial.flatMap { [$0 + letter.lowercased(), $0 + letter.uppercased()] }
                }.map { Pattern.text($0) }
            })
        }
        let hex = ByteSet("0-9a-fA-F")
        let byteEscape: [Pattern] = [
            .run(ByteSet("\\abfnrtv\"'\n"), maximum: 1),
            .sequence([.text("x"), .run(hex, maximum: 2)]),
            .run(ByteSet("0-7"), maximum: 3),
        ]
        let unicodeEscape: [Pattern] = [
            .sequence([.text("N{"), .run(ByteSet("}\n").inverted), .text("}")]),
            .sequence([.text("u"), .run(hex, maximum: 4)]),
            .sequence([.text("U"), .run(hex, maximum: 8)]),
        ]
        let families = [
            Family(name: "plain", prefix: .optional(.run(ByteSet("uU"), maximum: 1)),
                   escapes: .sequence([.text("\\"), .either(byteEscape + unicodeEscape)]), formats: true),
            Family(name: "raw", prefix: .either([cases(["rb", "br"]), .run(ByteSet("rR"), maximum: 1)]), formats: true, raw: true),
            Family(name: "bytes", prefix: .run(ByteSet("bB"), maximum: 1), escapes: .sequence([.text("\\"), .either(byteEscape)]), formats: true),
            Family(name: "rawf", prefix: cases(["rf", "fr", "rt", "tr"]), expressions: true, raw: true),
            Family(name: "f", prefix: .run(ByteSet("fFtT"), maximum: 1),
                   escapes: .sequence([.text("\\"), .either(byteEscape + unicodeEscape)]), expressions: true),
        ]
        // `%s`, `%(name)-10.3f`; `{}`, `{0}`, `{name.attr[0]!r:>10}`.
        let percentFormat = Pattern.sequence([
            .text("%"), .optional(.sequence([.text("("), .run(.identifierRest), .text(")")])), .optional(.run(ByteSet("-#0 +"))),
            .optional(.either([.run(.digits), .text("*")])), .optional(.sequence([.text("."), .either([.run(.digits), .text("*")])])),
            .optional(.run(ByteSet("hlL"), maximum: 1)), .run(ByteSet("EFGXcdegiorsaux%"), maximum: 1),
        ])
        let braceFormat = Pattern.sequence([
            .text("{"), .optional(.run(ByteSet("a-zA-Z0-9_.[]").union(.nonASCII))),
            .optional(.sequence([.text("!"), .run(ByteSet("sra"), maximum: 1)])),
            .optional(.sequence([.text(":"), .optional(.run(ByteSet("a-zA-Z0-9<>=^+\\- #,.%")))])),
            .text("}"),
        ])
        var prefixRules: [Rule] = []
        var stringStates: [(String, [Rule])] = []
        for family in families {
            for (close, kind) in [("\"\"\"", TokenKind.stringDouble), ("'''", .stringSingle), ("\"", .stringDouble), ("'", .stringSingle)] {
                let name = "\(family.name)\(close)"
                let triple = close.count == 3
                prefixRules.append(Rule(.sequence([family.prefix, .text(close)]), .parts([.stringAffix, kind]), .push(name)))
                var rules = [Rule(.text(close), kind, .pop)]
                if family.raw, !triple {
                    rules.append(Rule(.sequence([.text("\\"), .run(ByteSet("\\\n" + close), maximum: 1)]), .stringEscape))
                }
                if let escapes = family.escapes { rules.append(Rule(escapes, .stringEscape)) }
                if family.expressions {
                    rules += [
                        Rule(.either([.text("{{"), .text("}}")]), .stringEscape),
                        Rule(.text("{"), .stringInterpolation, .push("expression")),
                        Rule(.text("}"), .stringInterpolation),
                    ]
                }
                if family.formats { rules += [Rule(percentFormat, .stringInterpolation), Rule(braceFormat, .stringInterpolation)] }
                rules.append(Rule(.run(ByteSet(triple ? "\\\"'%{}" : "\\\"'%{}\n").inverted), kind))
                rules.append(Rule(.run(ByteSet("\\\"'%{}"), maximum: 1), kind))
                if !triple { rules.append(Rule(.ahead(.lineEnd), kind, .pop)) }
                stringStates.append((name, rules))
            }
        }

        let code: [Rule] = [
            // Line by line, so that the rules for a line's start see it.
            Rule(.run(ByteSet(" \t\r\u{0C}")), .plain),
            Rule(.lineEnd, .plain),
            Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
            Rule(.sequence([.text("\\"), .optional(.lineEnd)]), .plain),
            Rule(.sequence([.text("def"), .run(.spaces), .identifier]), .parts([.keywordDeclaration, .plain, .nameFunction])),
            Rule(.sequence([.text("class"), .run(.spaces), .identifier]), .parts([.keywordDeclaration, .plain, .nameClass])),
            Rule(.sequence([.text("yield"), .run(.spaces), .text("from"), notWord]), .keyword),
            Rule(.sequence([.text("from"), .run(.spaces)]), .parts([.keywordNamespace, .plain]), .push("from")),
            Rule(.sequence([.text("import"), .run(.spaces)]), .parts([.keywordNamespace, .plain]), .push("import")),
            // A name not followed by a quote is no string prefix: it is looked up at once.
            Rule(.sequence([.identifier, .notAhead(quote)]), .words(words, otherwise: .name)),
        ] + prefixRules + numbers + [
            .words(words, otherwise: .name),
            Rule(.sequence([.text("."), .identifier]), .parts([.operator, .name])),
            Rule(.sequence([.text("@"), .identifier]), .nameDecorator),
            Rule(.either([.text(":="), .text("!=")]), .operator),
            Rule(.run(ByteSet("-~+/*%=<>&^|.@")), .operator),
            Rule(.run(ByteSet("[]{}:(),;"), maximum: 1), .punctuation),
        ]

        // `match` and `case` start a statement when what follows is not an operator or a keyword.
        let softKeyword = Pattern.sequence([
            .optional(.run(.spaces)), .either([.text("match"), .text("case")]), notWord,
            .notAhead(.sequence([.optional(.run(.spaces)),
                                 .either([.run(ByteSet(":,;=^&|@~)]}."), maximum: 1), .sequence([.oneOf(lowercaseKeywords), notWord])])])),
        ])
        let root: [Rule] = [
            Rule(.hashbang, .commentHashbang),
            Rule(.sequence([.optional(.run(.spaces)), .optional(.run(ByteSet("rRuUbB"), maximum: 2)),
                            .either([.delimited(open: Array("\"\"\"".utf8), close: Array("\"\"\"".utf8), escape: nil, nests: false, singleLine: false),
                                     .delimited(open: Array("'''".utf8), close: Array("'''".utf8), escape: nil, nests: false, singleLine: false)])]),
                 .parts([.plain, .stringAffix, .stringDoc]), lineStart: true),
            Rule(softKeyword, .parts([.plain, .keyword, .plain, .plain]), .push("pattern"), lineStart: true),
        ] + code

        return Grammar([
            ("root", root),
            ("code", code),
            // After `case`: `_` is the wildcard.
            ("pattern", [
                Rule(.ahead(.lineEnd), .plain, .pop),
                Rule(.run(.spaces), .plain),
                Rule(.sequence([.text("_"), notWord]), .keyword),
                .include("code"),
            ]),
            ("from", [
                Rule(.sequence([.run(.whitespace), .text("import"), notWord]), .parts([.plain, .keywordNamespace, .plain]), .pop),
                Rule(.sequence([.text("None"), notWord]), .keywordConstant, .pop),
                Rule(.run(ByteSet(".")), .nameNamespace),
                Rule(.identifier, .nameNamespace),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("import", [
                Rule(.sequence([.run(.spaces), .text("as"), .run(.spaces)]), .parts([.plain, .keyword, .plain])),
                Rule(.run(ByteSet(".")), .nameNamespace),
                Rule(.identifier, .nameNamespace),
                Rule(.sequence([.optional(.run(.spaces)), .text(","), .optional(.run(.spaces))]), .parts([.plain, .operator, .plain])),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            // Inside an f-string's `{…}`: code up to the `}` (or the `:` of a format spec, or `=`, `!r`).
            ("expression", [
                Rule(.run(ByteSet("{(["), maximum: 1), .punctuation, .push("brackets")),
                Rule(.sequence([.optional(.sequence([.text("="), .optional(.run(.whitespace))])),
                                .optional(.sequence([.text("!"), .run(ByteSet("sraf"), maximum: 1)])), .run(ByteSet("}:"), maximum: 1)]),
                     .stringInterpolation, .pop),
                .include("code"),
            ]),
            ("brackets", [
                Rule(.run(ByteSet("{(["), maximum: 1), .punctuation, .push("brackets")),
                Rule(.run(ByteSet("}])"), maximum: 1), .punctuation, .pop),
                .include("code"),
            ]),
        ] + stringStates)
    }()
}
