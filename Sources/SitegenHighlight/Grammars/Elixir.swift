extension Grammars {
    /// Elixir: atoms (`:ok`, `:"…"`, `key:` in keyword lists), module names, `@attributes`,
    /// strings and charlists with `#{…}` interpolation, heredocs (`"""`), sigils (`~r/…/i`,
    /// `~w(…)a`, `~S"""…"""`), characters (`?a`), and the words the language reserves, as
    /// Pygments classes them (`def` a declaration, `when` an operator word, `_` and
    /// `__MODULE__` pseudo-names). Unlike Pygments, `=>` is one operator.
    static let elixir: Grammar = {
        let words = WordTable.List(words: [
            (.keywordDeclaration, """
            def defp defmodule defprotocol defmacro defmacrop defdelegate defexception defstruct defimpl defcallback \
            defguard defguardp defoverridable
            """),
            (.keyword, """
            fn do end after else rescue catch case cond for if unless try receive raise quote unquote unquote_splicing \
            throw super with
            """),
            (.keywordNamespace, "import require use alias"),
            (.operatorWord, "not and or when in"),
            (.nameConstant, "nil true false"),
            (.nameBuiltinPseudo, "_ __MODULE__ __DIR__ __ENV__ __CALLER__ __STACKTRACE__"),
        ], caseInsensitive: false)
        let name = Pattern.sequence([.identifier, .optional(.run(ByteSet("?!"), maximum: 1))])
        let escape = Rule(.sequence([.text("\\"), .either([
            .sequence([.text("x"), .text("{"), .run(ByteSet("0-9a-fA-F")), .text("}")]),
            .sequence([.text("x"), .run(ByteSet("0-9a-fA-F"), maximum: 2)]),
            .sequence([.text("u"), .text("{"), .run(ByteSet("0-9a-fA-F")), .text("}")]),
            .sequence([.text("u"), .run(ByteSet("0-9a-fA-F"), maximum: 4)]),
            .character,
        ])]), .stringEscape)

        // A string of `kind` closed by `close`, with interpolation and escapes.
        func quoted(_ close: String, _ kind: TokenKind) -> [Rule] {
            [
                Rule(.text(close), kind, .pop),
                Rule(.text("#{"), .stringInterpolation, .push("interpolation")),
                escape,
                Rule(.run(ByteSet("\\#" + String(close.prefix(1))).inverted), kind),
                Rule(.run(ByteSet("\\#" + String(close.prefix(1))), maximum: 1), kind),
            ]
        }
        let digits = Pattern.word(start: .digits, rest: ByteSet("0-9_"))

        let root: [Rule] = [
            Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
            Rule(.run(.whitespace), .plain),
            Rule(.custom(first: ByteSet("~"), match: elixirSigil), .stringOther),
            Rule(.text("\"\"\""), .stringHeredoc, .push("heredoc")),
            Rule(.text("'''"), .stringHeredoc, .push("charlist-heredoc")),
            Rule(.text("\""), .stringDouble, .push("double")),
            Rule(.text("'"), .stringSingle, .push("single")),
            // Atoms: `:"quoted"`, `:name?`, `:Module`, `:+`; not `::`.
            Rule(.text(":\""), .stringSymbol, .push("atom")),
            Rule(.sequence([.text(":"), name]), .stringSymbol),
            Rule(.sequence([.text(":"), .oneOf(["<<>>", "%{}", "{}", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<>", "++", "--",
                                               "|>", "=~", "->", "<-", "\\\\", "..", "+", "-", "*", "/", "<", ">", "!", "@", "&", "^", "|", "="]),
                            .notAhead(.run(ByteSet(":=<>|&+-*/!.^~\\"), maximum: 1))]), .stringSymbol),
            // `key: value` in a keyword list or map (`do:` too); `"key": value`.
            Rule(.sequence([name, .text(":"), .ahead(.run(.whitespace, maximum: 1))]), .parts([.stringSymbol, .punctuation, .plain])),
            Rule(.sequence([.text("@"), name]), .nameAttribute),
            // `?a`, `?\n`: a character's code.
            Rule(.sequence([.text("?"), .either([.sequence([.text("\\"), .character]), .sequence([.notAhead(.run(.whitespace)), .character])])]),
                 .stringChar),
            Rule(.sequence([.text("0x"), .run(ByteSet("0-9a-fA-F_"))]), .numberHex),
            Rule(.sequence([.text("0b"), .run(ByteSet("01_"))]), .numberBinary),
            Rule(.sequence([.text("0o"), .run(ByteSet("0-7_"))]), .numberOctal),
            Rule(.sequence([digits, .text("."), digits,
                            .optional(.sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), digits]))]),
                 .numberFloat),
            Rule(digits, .numberInteger),
            // Module names (`Enum`, `IO` in `IO.puts`, `String.Chars`).
            Rule(.word(start: ByteSet("A-Z"), rest: .identifierRest), .nameClass),
            .words(words, otherwise: .name, pattern: name),
            Rule(.text("%{"), .punctuation),
            Rule(.run(ByteSet("=<>!&|+-*/^~.\\"), maximum: 0), .operator),
            Rule(.run(ByteSet("()[]{},;%:"), maximum: 1), .punctuation),
        ]

        return Grammar([
            ("root", root),
            hashInterpolation,
            ("double", quoted("\"", .stringDouble)),
            ("single", quoted("'", .stringSingle)),
            ("atom", quoted("\"", .stringSymbol)),
            ("heredoc", quoted("\"\"\"", .stringHeredoc)),
            ("charlist-heredoc", quoted("'''", .stringHeredoc)),
        ])
    }()

    /// The end of a sigil at `at`: `~` and a letter (or an upper-case name), a delimited text
    /// (`/…/`, `|…|`, `"…"`, `'…'`, `(…)`, `[…]`, `{…}`, `<…>`, or a heredoc `"""…"""`), and
    /// its modifier letters; a backslash escapes the closing delimiter. One never closed runs
    /// to its line's end (`/` and `|`) or the code's: the text after it is never looked
    /// through again for each `~` in it.
    private static func elixirSigil(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var index = at + 1
        guard index < count, ByteSet.letters.contains(bytes[index]), bytes[index] != UInt8(ascii: "_") else { return nil }
        let upper = ByteSet("A-Z")
        if upper.contains(bytes[index]) {
            while index < count, upper.contains(bytes[index]) || ByteSet.digits.contains(bytes[index]) { index += 1 }
        } else {
            index += 1
        }
        guard index < count else { return nil }
        let pairs: [UInt8: UInt8] = [40: 41, 91: 93, 123: 125, 60: 62]
        let open = bytes[index]
        var close: [UInt8]
        if index + 2 < count, open == 34 || open == 39, bytes[index + 1] == open, bytes[index + 2] == open {
            close = [open, open, open]
            index += 3
        } else if let pair = pairs[open] {
            close = [pair]
            index += 1
        } else if [47, 124, 34, 39].contains(open) {
            close = [open]
            index += 1
        } else {
            return nil
        }
        while index < count {
            if bytes[index] == 92 {
                index += 2
                continue
            }
            // A one-line delimiter ends at the line's end at the latest (never the rest of the block).
            if close.count == 1, bytes[index] == 10 && open != 34 && open != 39 && pairs[open] == nil { return index }
            if index + close.count <= count, (0..<close.count).allSatisfy({ bytes[index + $0] == close[$0] }) {
                index += close.count
                while index < count, ByteSet.letters.contains(bytes[index]) { index += 1 }
                return index
            }
            index += 1
        }
        return count
    }
}
