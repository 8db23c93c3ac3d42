extension Grammars {
    /// A shell session: a line that starts with a prompt is a command (with the lines its
    /// trailing backslashes continue, which may start with `> `), any other line is output.
    static let console: Grammar = {
        let shell = Shell(prefix: "shell", endsAtLineEnd: true, continuationPrompt: "> ")
        return Grammar([
            ("session", [
                Rule(.custom(first: ByteSet("\n").inverted, match: sessionPrompt), .prompt, .push(shell.root), lineStart: true),
                Rule(.restOfLine, .output),
                Rule(.lineEnd, .plain),
            ]),
        ] + shell.states())
    }()

    /// The prompt at `at`, the start of a line, with the spaces after it: `$ `, `# `, `% `, a
    /// `user@host:~/dir$ ` or `[user@host dir]# ` one, `sh-3.2$ `, each perhaps after a
    /// virtual environment's `(venv) `. The prompt ends at the first `$`, `#` or `%` that ends
    /// its word, so a `$` in the command is the command's.
    @Sendable private static func sessionPrompt(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var lineEnd = at
        while lineEnd < count, bytes[lineEnd] != 10 { lineEnd += 1 }
        func isSpace(_ index: Int) -> Bool { index < lineEnd && (bytes[index] == 32 || bytes[index] == 9) }
        func isSign(_ index: Int) -> Bool {
            index < lineEnd && (bytes[index] == UInt8(ascii: "$") || bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "%"))
        }
        func skipSpaces(_ index: Int) -> Int {
            var index = index
            while isSpace(index) { index += 1 }
            return index
        }
        func wordEnd(_ index: Int) -> Int {
            var index = index
            while index < lineEnd, bytes[index] != 32, bytes[index] != 9 { index += 1 }
            return index
        }
        /// A sign alone or ending a word, from `index`: where the prompt then ends.
        func signEnding(_ start: Int, _ end: Int) -> Int? {
            end > start && isSign(end - 1) ? skipSpaces(end) : nil
        }
        func prompt(_ start: Int) -> Int? {
            let first = skipSpaces(start)
            if isSign(first) { return skipSpaces(first + 1) }
            guard first == start, start < lineEnd else { return nil }
            if bytes[start] == UInt8(ascii: "[") {
                var index = start + 1
                while index < lineEnd {
                    if bytes[index] == UInt8(ascii: "]") {
                        let sign = skipSpaces(index + 1)
                        if isSign(sign) { return skipSpaces(sign + 1) }
                    }
                    index += 1
                }
                return nil
            }
            let end = wordEnd(start)
            if end - start >= 2, bytes[start] == UInt8(ascii: "s"), bytes[start + 1] == UInt8(ascii: "h") {
                if let prompt = signEnding(start, end) { return prompt }
                let next = skipSpaces(end)
                return signEnding(next, wordEnd(next)).flatMap { wordEnd(next) - next == 1 ? $0 : nil }
            }
            guard Shell.isWordByte(bytes[start]) else { return nil }
            // `\w\S+[@:]\S+`, then the sign, perhaps after one more word (`user@host ~ $`).
            var separator = start + 2
            while separator < end - 1, bytes[separator] != UInt8(ascii: "@"), bytes[separator] != UInt8(ascii: ":") { separator += 1 }
            guard separator < end - 1 else { return nil }
            if end - separator >= 3, let prompt = signEnding(start, end) { return prompt }
            var next = skipSpaces(end)
            for _ in 0..<2 where next < lineEnd {
                let nextEnd = wordEnd(next)
                if let prompt = signEnding(next, nextEnd) { return prompt }
                next = skipSpaces(nextEnd)
            }
            return nil
        }
        if bytes[at] == UInt8(ascii: "(") {
            var close = at + 1
            while close < lineEnd, bytes[close] != UInt8(ascii: ")") { close += 1 }
            if close < lineEnd, let end = prompt(skipSpaces(close + 1)) { return end }
        }
        return prompt(at)
    }
}

extension Grammars {
    /// A Python session: a line that starts with `>>> ` or `... ` is code (each line lexed as
    /// Python on its own), any other line is output. Unlike Pygments, a traceback is output too.
    static let pythonConsole: Grammar = Grammar([
        ("session", [
            // `>>> ` or `... `, or one alone on its line.
            Rule(.either([.text(">>> "), .text("... "), .sequence([.either([.text(">>>"), .text("...")]), .either([.ahead(.lineEnd), .notAhead(.character)])])]),
                 .prompt, .push("code"), lineStart: true),
            Rule(.restOfLine, .output),
            Rule(.lineEnd, .plain),
        ]),
        ("code", [
            Rule(.restOfLine, .embed(Grammars.python), .pop),
            Rule(.ahead(.lineEnd), .plain, .pop),
        ]),
    ])
}
