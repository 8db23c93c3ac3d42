/// Shell code as Pygments' bash lexer reads it, which is what stylesheets and readers expect:
/// command words and their flags stay plain text, while keywords, builtins, variables,
/// strings, expansions, comments and here documents get kinds. Bash uses these states as a
/// whole; console (each command after a prompt) and dockerfile (each `RUN` line) use them for
/// one command at a time.
struct Shell {
    /// The states' names start with it, so that they sit beside a grammar's own.
    var prefix = "shell"
    /// Whether a line feed that is not escaped ends the command whatever is open (a string,
    /// an expansion), as in a session or a Dockerfile: the command's state is then left.
    var endsAtLineEnd = false
    /// What a line continued by a backslash may start with and is not code (`> ` in a session).
    var continuationPrompt: String?

    /// The state a command starts in.
    var root: String { prefix }

    static let keywords = "if then else elif fi case esac for select while until do done in function return break continue"
    static let builtins = """
    alias bg bind builtin caller cd command compgen complete declare dirs disown echo enable eval exec exit export \
    false fc fg getopts hash help history jobs kill let local logout popd printf pushd pwd read readonly set shift \
    shopt source suspend test time times trap true type typeset ulimit umask unalias unset wait
    """

    /// Bytes that end a plain word: Pygments reads a command word up to one of them.
    private static let wordEnd = ByteSet("=[]{}()$\"'`\\<&|; \t\n\r\u{0B}\u{0C}")
    private static let word = ByteSet("a-zA-Z0-9_").union(.nonASCII)

    /// Whether the byte can be part of a word (`\w`, with every non-ASCII byte taken as a letter).
    static func isWordByte(_ byte: UInt8) -> Bool { word.contains(byte) }

    func states() -> [(String, [Rule])] {
        let keywords = WordTable.List(words: [(.keyword, Shell.keywords)], caseInsensitive: false)
        let builtins = WordTable.List(words: [(.nameBuiltin, Shell.builtins)], caseInsensitive: false)
        let blanks: ByteSet = endsAtLineEnd ? ByteSet(" \t\r\u{0B}\u{0C}") : ByteSet(" \t\r\n\u{0B}\u{0C}")
        let name = { (state: String) in prefix + "-" + state }

        // In a line-by-line command, a line feed closes whatever is open, one state at a time,
        // down to the root, which takes it and returns to the state that started the command.
        var lineEnd: [Rule] = []
        var rootLineEnd: [Rule] = []
        if endsAtLineEnd {
            let continued: Rule.Transition = continuationPrompt == nil ? .stay : .push(name("continued"))
            lineEnd = [Rule(.text("\\\n"), .stringEscape, continued), Rule(.ahead(.lineEnd), .plain, .pop)]
            rootLineEnd = [Rule(.text("\\\n"), .stringEscape, continued), Rule(.lineEnd, .plain, .pop)]
        }

        let expansions: [Rule] = [
            Rule(.text("$(("), .keyword, .push(name("arithmetic"))),
            Rule(.text("$("), .keyword, .push(name("command"))),
            Rule(.either([.text("${#"), .text("${")]), .stringInterpolation, .push(name("parameter"))),
            Rule(.sequence([.text("$"), .word(start: .letters, rest: Shell.word)]), .nameVariable),
            Rule(.sequence([.text("$"), .either([.run(.digits), .run(ByteSet("#$?!_*@-"), maximum: 1)])]), .nameVariable),
        ]

        var root = rootLineEnd
        if !endsAtLineEnd {
            root.append(Rule(.hashbang, .commentHashbang))
        }
        root += [
            Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
            Rule(.text("`"), .stringBacktick, .push(name("backticks"))),
            .words(keywords, otherwise: nil),
            Rule(.sequence([.identifier, .ahead(.run(ByteSet(" \t\n\r\u{0B}\u{0C})`")))]), .words(builtins, otherwise: nil)),
            Rule(.sequence([.text("\\"), .character]), .stringEscape),
            // `NAME=value` and `NAME+=value`, wherever they are (Pygments does not look for the command's start).
            Rule(.sequence([.word(start: Shell.word, rest: Shell.word), .optional(.run(.spaces)), .either([.text("+="), .text("=")])]),
                 .parts([.nameVariable, .plain, .operator])),
            Rule(.run(ByteSet("[]{}()="), maximum: 1), .operator),
            Rule(.text("<<<"), .operator),
        ]
        if endsAtLineEnd {
            // The body's lines are not part of the command (in a session they are output).
            root.append(Rule(.custom(first: ByteSet("<"), match: Shell.hereDocumentStart), .stringHeredoc))
        } else {
            root.append(Rule(.custom(first: ByteSet("<"), match: Shell.hereDocumentStart), .stringHeredoc, .push(name("heredoc"))))
        }
        root += [
            Rule(.either([.text("&&"), .text("||")]), .operator),
            Rule(.either([.text("\""), .text("$\"")]), .stringDouble, .push(name("double"))),
            Rule(.text("$'"), .stringSingle, .push(name("ansi"))),
            endsAtLineEnd ? Rule(.text("'"), .stringSingle, .push(name("single")))
                : Rule(.delimited(open: [39], close: [39], escape: nil, nests: false, singleLine: false), .stringSingle),
            Rule(.run(ByteSet(";&|"), maximum: 1), .punctuation),
            Rule(.run(blanks), .plain),
            Rule(.sequence([.run(.digits), .notAhead(.run(Shell.word))]), .numberInteger),
            Rule(.run(Shell.wordEnd.inverted), .plain),
            Rule(.text("<"), .plain),
        ]
        root += expansions
        // A `$` that starts no expansion is text (in strings, it is the string's).
        root.append(Rule(.text("$"), .plain))

        var double = lineEnd
        double += [
            Rule(.text("\""), .stringDouble, .pop),
            Rule(.sequence([.text("\\"), .run(ByteSet("\"\\$`\n"), maximum: 1)]), .stringEscape),
            Rule(.sequence([.text("\\"), .character]), .stringDouble),
        ]
        double += expansions
        double.append(Rule(.run(ByteSet(endsAtLineEnd ? "\"\\$\n" : "\"\\$").inverted), .stringDouble))
        double.append(Rule(.text("$"), .stringDouble))

        var ansi = lineEnd
        ansi += [
            Rule(.text("'"), .stringSingle, .pop),
            Rule(.sequence([.text("\\"), .character]), .stringEscape),
            Rule(.run(ByteSet(endsAtLineEnd ? "'\\\n" : "'\\").inverted), .stringSingle),
        ]

        var parameter = lineEnd
        parameter += [
            Rule(.text("}"), .stringInterpolation, .pop),
            Rule(.text(":-"), .keyword),
            Rule(.run(Shell.word), .nameVariable),
            Rule(.run(ByteSet(endsAtLineEnd ? "}:\"'`$\\\n" : "}:\"'`$\\").inverted), .punctuation),
            Rule(.text(":"), .punctuation),
            .include(prefix),
        ]

        var arithmetic = lineEnd
        arithmetic += [
            Rule(.text("))"), .keyword, .pop),
            Rule(.either([.text("**"), .text("||"), .text("<<"), .text(">>"), .run(ByteSet("-+*/%^|&<>"), maximum: 1)]), .operator),
            Rule(.sequence([.run(.digits), .text("#"), .optional(.run(ByteSet("0-9a-zA-Z")))]), .number),
            Rule(.sequence([.text("0"), .run(ByteSet("xX"), maximum: 1), .run(ByteSet("0-9a-fA-F"))]), .numberHex),
            Rule(.run(.digits), .numberInteger),
            Rule(.word(start: .letters, rest: Shell.word), .nameVariable),
            .include(prefix),
        ]

        var states: [(String, [Rule])] = [
            (prefix, root),
            (name("double"), double),
            (name("ansi"), ansi),
            (name("parameter"), parameter),
            (name("command"), lineEnd + [Rule(.text(")"), .keyword, .pop), .include(prefix)]),
            (name("arithmetic"), arithmetic),
            (name("backticks"), lineEnd + [Rule(.text("`"), .stringBacktick, .pop), .include(prefix)]),
        ]
        if endsAtLineEnd {
            // Single quotes are a state here, so that a line feed can end them.
            states.append((name("single"), lineEnd + [
                Rule(.text("'"), .stringSingle, .pop),
                Rule(.run(ByteSet("'\\\n").inverted), .stringSingle),
                Rule(.text("\\"), .stringSingle),
            ]))
            if let prompt = continuationPrompt {
                states.append((name("continued"), [Rule(.optional(.text(prompt)), .prompt, .pop)]))
            }
        } else {
            // The rest of the line that starts a here document is code; the body follows it.
            states.append((name("heredoc"), [
                Rule(.custom(first: ByteSet("\n"), match: Shell.hereDocumentBody), .stringHeredoc, .pop),
                Rule(.ahead(.lineEnd), .plain, .pop),
                Rule(.run(ByteSet(" \t\r")), .plain),
                .include(prefix),
            ]))
        }
        return states
    }

    /// The opening of a here document at `at` (`<<EOF`, `<<-'EOF'`, `<< "EOF"`).
    static func hereDocumentOpening(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> HereDocument.Opening? {
        let count = bytes.count
        guard at + 2 < count, bytes[at] == UInt8(ascii: "<"), bytes[at + 1] == UInt8(ascii: "<"),
              bytes[at + 2] != UInt8(ascii: "<"), at == 0 || bytes[at - 1] != UInt8(ascii: "<") else { return nil }
        var index = at + 2
        let tabs = bytes[index] == UInt8(ascii: "-")
        if tabs { index += 1 }
        while index < count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        var quote: UInt8?
        if index < count, bytes[index] == 39 || bytes[index] == 34 {
            quote = bytes[index]
            index += 1
        } else if index < count, bytes[index] == UInt8(ascii: "\\") {
            index += 1
        }
        let start = index
        while index < count, word.contains(bytes[index]) || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard index > start else { return nil }
        let wordRange = start..<index
        if let quote {
            guard index < count, bytes[index] == quote else { return nil }
            index += 1
        }
        return HereDocument.Opening(end: index, word: wordRange, indentation: tabs ? ByteSet("\t") : ByteSet())
    }

    @Sendable static func hereDocumentStart(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        hereDocumentOpening(bytes, at)?.end
    }

    /// At the line feed that ends a here document's first line: the body, with the line that ends it.
    @Sendable static func hereDocumentBody(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        HereDocument.body(bytes, at, withTerminator: true, opening: hereDocumentOpening)
    }
}
