extension Grammars {
    /// A Dockerfile: an instruction starts each line; the shell form of `RUN`, `CMD`, `ENV`…
    /// is shell code up to the line's end (with the lines its backslashes continue), the exec
    /// form (`["zola", "build"]`) a JSON array; `FROM` names an image and perhaps a stage, and
    /// the arguments of `WORKDIR`, `EXPOSE`, `USER`… are one string.
    static let dockerfile: Grammar = {
        let shell = Shell(prefix: "shell", endsAtLineEnd: true)
        return Grammar([
            ("instructions", [
                Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
                Rule(dockerInstruction("CMD ENTRYPOINT SHELL VOLUME RUN ADD COPY", execForm: true), .keyword, .push("exec"), lineStart: true),
                Rule(dockerInstruction("FROM"), .keyword, .push("from"), lineStart: true),
                Rule(dockerInstruction("MAINTAINER EXPOSE WORKDIR USER STOPSIGNAL VOLUME"), .keyword, .push("argument"), lineStart: true),
                Rule(dockerInstruction("RUN CMD ENTRYPOINT SHELL ENV ARG LABEL ADD COPY ONBUILD HEALTHCHECK"), .keyword,
                     .push(shell.root), lineStart: true),
                // Other lines (a line continued without a backslash, or a misspelled instruction) as shell code.
                .include(shell.root),
            ]),
            ("from", [
                Rule(.ahead(.lineEnd), .plain, .pop),
                Rule(.run(.spaces), .plain),
                Rule(.sequence([.text("--"), .run(ByteSet("= \t\n").inverted)]), .plain),
                Rule(.sequence([.text("="), .run(ByteSet(" \t\n").inverted)]), .parts([.operator, .plain])),
                Rule(.sequence([.either([.text("AS"), .text("as"), .text("As"), .text("aS")]), .run(.spaces), .run(ByteSet(" \t\n").inverted)]),
                     .parts([.keyword, .plain, .string])),
                Rule(.sequence([.text("#"), .restOfLine]), .commentSingle),
                Rule(.run(ByteSet(" \t\n").inverted), .string),
            ]),
            ("argument", [
                Rule(.run(.spaces), .plain),
                Rule(.restOfLine, .string, .pop),
            ]),
            ("exec", [
                Rule(.ahead(.lineEnd), .plain, .pop),
                Rule(.run(.spaces), .plain),
                Rule(.run(ByteSet("[],"), maximum: 1), .punctuation),
                Rule(.delimited(open: [34], close: [34], escape: 92, nests: false, singleLine: true), .stringDouble),
                Rule(.run(ByteSet(" \t\n[],\"").inverted), .plain),
            ]),
        ] + shell.states())
    }()

    /// One of `names` (in any case) at the start of a line, followed by a space or the line's
    /// end; with `execForm`, only when a JSON array of strings follows.
    private static func dockerInstruction(_ names: String, execForm: Bool = false) -> Pattern {
        let words = names.split(separator: " ").map { Array($0.utf8) }
        return .custom(first: ByteSet("a-zA-Z")) { bytes, at in
            let count = bytes.count
            var end = at
            while end < count, ByteSet.letters.contains(bytes[end]) { end += 1 }
            guard words.contains(where: { word in
                word.count == end - at && word.indices.allSatisfy { bytes[at + $0] | 0x20 == word[$0] | 0x20 }
            }) else { return nil }
            guard end == count || bytes[end] == 32 || bytes[end] == 9 || bytes[end] == 10 || bytes[end] == 13
                || bytes[end] == UInt8(ascii: "\\") else { return nil }
            guard execForm else { return end }
            var index = end
            while index < count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            while index < count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
            return index < count && (bytes[index] == 34 || bytes[index] == UInt8(ascii: "]")) ? end : nil
        }
    }
}
