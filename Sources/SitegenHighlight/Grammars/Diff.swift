extension Grammars {
    /// A unified, context or normal diff, one kind per line as Pygments gives it: removed and
    /// added lines (the `---` and `+++` file lines among them), hunk headers, `diff` and
    /// `index` lines as headings, and context as plain text.
    static let diff: Grammar = {
        let lineOver = Pattern.either([.ahead(.lineEnd), .notAhead(.character)])
        let digits = Pattern.run(.digits)
        let range = Pattern.sequence([digits, .optional(.sequence([.text(","), digits]))])
        return Grammar([
            ("lines", [
                Rule(.sequence([.text("---"), lineOver]), .strong, lineStart: true),
                Rule(.sequence([.text("!"), .restOfLine]), .strong, lineStart: true),
                Rule(.sequence([.either([.text("< "), .text("-")]), .restOfLine]), .deleted, lineStart: true),
                Rule(.sequence([.either([.text("> "), .text("+")]), .restOfLine]), .inserted, lineStart: true),
                Rule(.sequence([.text("@"), .restOfLine]), .subheading, lineStart: true),
                // A normal diff's command: `5c5`, `1,3d0`, `7a8,9`.
                Rule(.sequence([range, .run(ByteSet("acd"), maximum: 1), range, lineOver]), .subheading, lineStart: true),
                Rule(.sequence([.either([.text("Index"), .text("index"), .text("diff")]), .restOfLine]), .heading, lineStart: true),
                Rule(.sequence([.text("="), .restOfLine]), .heading, lineStart: true),
                Rule(.restOfLine, .plain),
                Rule(.lineEnd, .plain),
            ]),
        ])
    }()
}
