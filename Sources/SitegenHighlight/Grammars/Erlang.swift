extension Grammars {
    /// Erlang: `%` comments, variables (capitalized or `_`), atoms (`ok`, `'quoted'`),
    /// attributes (`-module(…)` at a line's start), function names before `(` (and after
    /// `module:`), strings with `~p` directives, characters (`$a`), `16#FF` numbers, and the
    /// words the language reserves, as Pygments classes them. Unlike Pygments, `->`, `=>` and
    /// `<<` are one operator each, and `2.5e3` one float.
    static let erlang: Grammar = {
        let words = WordTable.List(words: [
            (.keyword, "after begin case catch cond end fun if let maybe of query receive try when else"),
            (.operatorWord, "and andalso band bnot bor bsl bsr bxor div not or orelse rem xor"),
        ], caseInsensitive: false)
        let builtins = WordTable.List(words: [(.nameBuiltin, """
            abs append_element apply atom_to_list binary_to_list binary_to_term bit_size byte_size element erase exit float \
            float_to_list get group_leader halt hd integer_to_list is_alive is_atom is_binary is_bitstring is_boolean \
            is_float is_function is_integer is_list is_map is_number is_pid is_port is_record is_reference is_tuple length \
            link list_to_atom list_to_binary list_to_float list_to_integer list_to_pid list_to_tuple make_ref map_size \
            monitor node now open_port pid_to_list process_flag process_info put register round self setelement size \
            spawn spawn_link spawn_monitor split_binary statistics term_to_binary throw time tl trunc tuple_size \
            tuple_to_list unlink unregister whereis error
            """)], caseInsensitive: false)
        let atom = Pattern.word(start: ByteSet("a-z"), rest: ByteSet("a-zA-Z0-9_@"))
        let variable = Pattern.word(start: ByteSet("A-Z_"), rest: ByteSet("a-zA-Z0-9_@"))
        let digits = Pattern.word(start: .digits, rest: ByteSet("0-9_"))

        let root: [Rule] = [
            Rule(.sequence([.text("%"), .restOfLine]), .comment),
            Rule(.run(.whitespace), .plain),
            // `-module(name).`, `-export([…]).`: an attribute at a line's start.
            Rule(.sequence([.text("-"), atom]), .parts([.punctuation, .nameEntity]), lineStart: true),
            Rule(.text("\""), .string, .push("string")),
            Rule(.delimited(open: [39], close: [39], escape: 92, nests: false, singleLine: false), .name),
            Rule(.sequence([.text("$"), .either([.sequence([.text("\\"), .character]), .character])]), .stringChar),
            Rule(.sequence([digits, .text("#"), .run(ByteSet("0-9a-zA-Z"))]), .numberInteger),
            Rule(.sequence([digits, .text("."), digits,
                            .optional(.sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), digits]))]),
                 .numberFloat),
            Rule(digits, .numberInteger),
            // `module:function(`: the module, then the function.
            Rule(.sequence([atom, .text(":"), atom, .ahead(.text("("))]), .parts([.nameNamespace, .punctuation, .nameFunction, .plain])),
            .words(builtins, otherwise: nil, pattern: .sequence([atom, .ahead(.text("("))])),
            .words(words, otherwise: nil, pattern: atom),
            Rule(.sequence([atom, .ahead(.text("("))]), .nameFunction),
            Rule(atom, .name),
            Rule(variable, .nameVariable),
            Rule(.text("#{"), .punctuation),
            Rule(.oneOf(["->", "=>", ":=", "<<", ">>", "<-", "<=", "||", "++", "--", "=:=", "=/=", "==", "/=", "=<", ">=", "!", "?"]), .operator),
            Rule(.run(ByteSet("+-*/=<>|"), maximum: 1), .operator),
            Rule(.run(ByteSet("()[]{},;.:#"), maximum: 1), .punctuation),
        ]
        return Grammar([
            ("root", root),
            ("string", [
                Rule(.text("\""), .string, .pop),
                Rule(.sequence([.text("\\"), .character]), .stringEscape),
                // Format directives: `~p`, `~s`, `~n`, `~10.2f`.
                Rule(.sequence([.text("~"), .optional(.run(ByteSet("0-9.*"))), .run(ByteSet("a-zA-Z~"), maximum: 1)]), .stringInterpolation),
                Rule(.run(ByteSet("\"\\~").inverted), .string),
                Rule(.text("~"), .string),
            ]),
        ])
    }()
}
