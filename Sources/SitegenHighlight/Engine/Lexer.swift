/// Runs a grammar over code: the table-driven loop.
struct Lexer {
    /// The deepest the state stack may grow; pushes beyond it are ignored, so hostile input
    /// cannot make it grow without bound.
    static let maximumDepth = 64

    let grammar: Grammar
    let bytes: UnsafeBufferPointer<UInt8>

    static func run(_ grammar: Grammar, over bytes: UnsafeBufferPointer<UInt8>, into writer: inout TokenWriter) {
        Lexer(grammar: grammar, bytes: bytes).run(into: &writer)
    }

    /// Lexes from `start` (0 but for embedded code, whose tokens join those before it).
    private func run(from start: Int = 0, into writer: inout TokenWriter) {
        // The state stack lives on the machine stack: no allocation for each block of code.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: Lexer.maximumDepth) { stack in
            run(from: start, stack: stack, into: &writer)
        }
    }

    private func run(from start: Int, stack: UnsafeMutableBufferPointer<Int32>, into writer: inout TokenWriter) {
        let count = bytes.count
        stack[0] = 0
        var depth = 1
        var state: Int32 = 0
        var position = start
        let rules = grammar.rules, candidates = grammar.candidates, starts = grammar.candidateStarts
        let operations = grammar.operations
        while position < count {
            let byte = bytes[position]
            let slot = Int(state) * 257 + Int(byte)
            var candidate = Int(starts[slot])
            let last = Int(starts[slot + 1])
            var matched = false
            while candidate < last {
                let rule = rules[Int(candidates[candidate])]
                candidate += 1
                if rule.lineStart, position > 0, bytes[position - 1] != 10 { continue }
                // The commonest patterns inline; the rest through `match`.
                let operation = operations[Int(rule.pattern)]
                let end: Int
                switch operation.code {
                case .word: end = wordEnd(operation, position)
                case .run: end = runEnd(operation, position)
                default: end = match(rule.pattern, position)
                }
                // A match of nothing moves on only by popping a state: never at the root, which
                // would match it again for ever.
                if end < 0 || (end == position && (rule.transition != -2 || depth == 1)) { continue }
                switch rule.action {
                case .token:
                    writer.add(rule.kind, position, end)
                case .words:
                    if let kind = grammar.words.kind(in: rule.table, of: bytes, position..<end) {
                        writer.add(kind, position, end)
                    } else if rule.matchesOtherWords {
                        writer.add(rule.kind, position, end)
                    } else {
                        continue
                    }
                case .parts:
                    let operation = grammar.operations[Int(rule.pattern)]
                    var start = position
                    for part in 0..<Int(operation.b) {
                        let partEnd = match(grammar.children[Int(operation.a) + part], start)
                        writer.add(grammar.partKinds[Int(rule.parts) + part], start, partEnd)
                        start = partEnd
                    }
                case .embed:
                    // The embedded grammar sees the code up to the end of the match only, so
                    // it cannot run past the text that ends it (`</script>`).
                    let embedded = Lexer(grammar: grammar.embedded[Int(rule.table)],
                                         bytes: UnsafeBufferPointer(start: bytes.baseAddress, count: end))
                    embedded.run(from: position, into: &writer)
                }
                position = end
                switch rule.transition {
                case -1: break
                case -2: if depth > 1 { depth -= 1 }
                case ...(-3):
                    if depth > 1 { depth -= 1 }
                    stack[depth] = -3 - rule.transition
                    depth += 1
                default:
                    if depth < Lexer.maximumDepth {
                        stack[depth] = rule.transition
                        depth += 1
                    }
                }
                state = stack[depth - 1]
                matched = true
                break
            }
            if !matched {
                let end = characterEnd(position)
                writer.add(grammar.fallbacks[Int(state)], position, end)
                position = end
            }
        }
    }

    /// Where the compiled pattern `index` matching at `at` ends, or -1.
    private func match(_ index: Int32, _ at: Int) -> Int {
        let operation = grammar.operations[Int(index)]
        let count = bytes.count
        switch operation.code {
        case .text:
            return starts(Int(operation.a), Int(operation.b), at) ? at + Int(operation.b) : -1
        case .run:
            return runEnd(operation, at)
        case .word:
            return wordEnd(operation, at)
        case .restOfLine:
            var end = at
            while end < count, bytes[end] != 10 { end += 1 }
            return end
        case .delimited:
            return delimitedEnd(operation, at)
        case .number:
            return grammar.numbers[Int(operation.a)].match(bytes, at) ?? -1
        case .sequence:
            var end = at
            for child in 0..<Int(operation.b) {
                end = match(grammar.children[Int(operation.a) + child], end)
                if end < 0 { return -1 }
            }
            return end
        case .either:
            for child in 0..<Int(operation.b) {
                let end = match(grammar.children[Int(operation.a) + child], at)
                if end >= 0 { return end }
            }
            return -1
        case .optional:
            let end = match(operation.a, at)
            return end < 0 ? at : end
        case .ahead:
            return match(operation.a, at) < 0 ? -1 : at
        case .notAhead:
            return match(operation.a, at) < 0 ? at : -1
        case .character:
            return at < count ? characterEnd(at) : -1
        case .custom:
            return grammar.customs[Int(operation.a)](bytes, at) ?? -1
        case .afterIndentation:
            var index = at
            while index > 0, bytes[index - 1] == 32 || bytes[index - 1] == 9 { index -= 1 }
            return index == 0 || bytes[index - 1] == 10 ? at : -1
        }
    }

    /// Where a run of `operation`'s set (at most `b` bytes, when `b` is not 0) from `at` ends, or -1.
    @inline(__always)
    private func runEnd(_ operation: Grammar.Operation, _ at: Int) -> Int {
        let set = grammar.sets[Int(operation.a)], maximum = Int(operation.b), count = bytes.count
        var end = at
        while end < count, set.contains(bytes[end]) {
            end += 1
            if end - at == maximum { break }
        }
        return end > at ? end : -1
    }

    /// Where a word (a byte of set `a`, then bytes of set `b`) from `at` ends, or -1.
    @inline(__always)
    private func wordEnd(_ operation: Grammar.Operation, _ at: Int) -> Int {
        guard at < bytes.count, grammar.sets[Int(operation.a)].contains(bytes[at]) else { return -1 }
        let rest = grammar.sets[Int(operation.b)], count = bytes.count
        var end = at + 1
        while end < count, rest.contains(bytes[end]) { end += 1 }
        return end
    }

    /// Where the character at `at` (all the bytes of its UTF-8 sequence) ends.
    @inline(__always)
    private func characterEnd(_ at: Int) -> Int {
        var end = at + 1
        if bytes[at] >= 0xC0 { while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 } }
        return end
    }

    /// Whether the `length` bytes of the pool at `start` are in the code at `at`.
    @inline(__always)
    private func starts(_ start: Int, _ length: Int, _ at: Int) -> Bool {
        guard at + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[at + offset] != grammar.pool[start + offset] { return false }
        return true
    }

    /// `open`, anything, `close`: a comment or string in one token.
    private func delimitedEnd(_ operation: Grammar.Operation, _ at: Int) -> Int {
        let open = Int(operation.a), openLength = Int(operation.b), close = Int(operation.c), closeLength = Int(operation.d)
        let nests = operation.flags & 1 != 0, singleLine = operation.flags & 2 != 0, escape = operation.e
        guard starts(open, openLength, at) else { return -1 }
        let count = bytes.count
        var index = at + openLength, depth = 1
        let closeFirst = grammar.pool[close], openFirst = grammar.pool[open]
        while index < count {
            let byte = bytes[index]
            if Int32(byte) == escape {
                index = min(index + 2, count)
                continue
            }
            if singleLine && byte == 10 { return index }
            if byte == closeFirst, starts(close, closeLength, index) {
                depth -= 1
                index += closeLength
                if depth == 0 || !nests { return index }
                continue
            }
            if nests, byte == openFirst, starts(open, openLength, index) {
                depth += 1
                index += openLength
                continue
            }
            index += 1
        }
        return count
    }
}
