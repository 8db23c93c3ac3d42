/// A language's lexer as tables: named states, each an ordered list of rules. The first rule
/// that matches at a position wins; where none does, one character gets the state's kind.
///
/// Grammars are written with ``Rule``s and ``Pattern``s; making a grammar compiles them into
/// flat arrays of plain values (operations, byte sets, one pool of text, one word table), so
/// the lexer's loop reads tables and never counts references. For each state and byte, a
/// table lists the rules that can start with that byte.
//
// Shared across tasks. Only the tables (and the word table, which points into them) escape
// Sendable checking, each marked `nonisolated(unsafe)`: they are unsafe pointers, written only
// in `init` (before the grammar is shared), never written afterwards, and freed in `deinit`
// (when no task holds it). Every other stored property is checked: `let`s of Sendable values.
final class Grammar: Sendable {
    /// One step of a compiled pattern; what `a`…`e` mean depends on `code`.
    struct Operation: Sendable {
        enum Code: UInt8, Sendable {
            case text, run, word, restOfLine, delimited, number, sequence, optional, either, ahead, notAhead, character, custom
            case afterIndentation
        }
        var code: Code
        var flags: UInt8 = 0
        var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0, d: Int32 = 0, e: Int32 = 0
    }

    /// A compiled rule: plain values only.
    struct CompiledRule: Sendable {
        enum Action: UInt8, Sendable { case token, words, parts, embed }
        var pattern: Int32
        var action: Action
        var kind: TokenKind
        /// For words: whether a word not in the table still matches (as `kind`).
        var matchesOtherWords: Bool
        /// For words, the word list; for embed, the grammar in `embedded`.
        var table: Int32
        /// For parts: where its kinds start in `partKinds`.
        var parts: Int32
        /// -1 stay, -2 pop, -3 - n replace by state n, else push state n.
        var transition: Int32
        var lineStart: Bool
    }

    nonisolated(unsafe) let operations: UnsafeBufferPointer<Operation>
    nonisolated(unsafe) let children: UnsafeBufferPointer<Int32>
    nonisolated(unsafe) let pool: UnsafeBufferPointer<UInt8>
    nonisolated(unsafe) let sets: UnsafeBufferPointer<ByteSet>
    nonisolated(unsafe) let numbers: UnsafeBufferPointer<NumberSyntax>
    let customs: [@Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int?]
    nonisolated(unsafe) let rules: UnsafeBufferPointer<CompiledRule>
    nonisolated(unsafe) let partKinds: UnsafeBufferPointer<TokenKind>
    nonisolated(unsafe) let words: WordTable.Frozen
    /// For state `s` and byte `b`, the rules to try are
    /// `candidates[candidateStarts[s * 257 + b] ..< candidateStarts[s * 257 + b + 1]]`.
    nonisolated(unsafe) let candidateStarts: UnsafeBufferPointer<Int32>
    nonisolated(unsafe) let candidates: UnsafeBufferPointer<Int32>
    nonisolated(unsafe) let fallbacks: UnsafeBufferPointer<TokenKind>
    /// The grammars that rules with an embed action lex their matches with.
    let embedded: [Grammar]
    /// Every table's memory, freed together in `deinit`.
    private nonisolated(unsafe) let tables: [UnsafeMutableRawPointer]

    /// `states` in order; the first is where lexing starts. `fallbacks` gives a state's kind
    /// for bytes no rule matches (default plain).
    init(_ states: [(String, [Rule])], fallbacks: [String: TokenKind] = [:]) {
        var builder = Builder()
        let names = states.map(\.0)
        let table = Dictionary(states, uniquingKeysWith: { first, _ in first })
        func expanded(_ rules: [Rule], seen: Set<String>) -> [Rule] {
            rules.flatMap { rule -> [Rule] in
                guard let name = rule.include else { return [rule] }
                guard !seen.contains(name), let included = table[name] else {
                    preconditionFailure("grammar includes unknown or recursive state \(name)")
                }
                return expanded(included, seen: seen.union([name]))
            }
        }
        func index(_ name: String) -> Int32 {
            guard let index = names.firstIndex(of: name) else { preconditionFailure("grammar has no state \(name)") }
            return Int32(index)
        }
        var candidateStarts: [Int32] = [], candidates: [Int32] = []
        var fallbackKinds: [TokenKind] = []
        for (name, rules) in states {
            var ruleIndices: [(ByteSet, Int32)] = []
            for rule in expanded(rules, seen: [name]) {
                let transition: Int32
                switch rule.transition {
                case .stay: transition = -1
                case .pop: transition = -2
                case .push(let target): transition = index(target)
                case .replace(let target): transition = -3 - index(target)
                }
                ruleIndices.append((rule.pattern.firstBytes ?? .all, builder.add(rule, transition: transition)))
            }
            for byte in 0...255 {
                candidateStarts.append(Int32(candidates.count))
                for (first, rule) in ruleIndices where first.contains(UInt8(byte)) { candidates.append(rule) }
            }
            candidateStarts.append(Int32(candidates.count))
            fallbackKinds.append(fallbacks[name] ?? .plain)
        }
        var allocations: [UnsafeMutableRawPointer] = []
        operations = Grammar.copy(builder.operations, into: &allocations)
        children = Grammar.copy(builder.children, into: &allocations)
        pool = Grammar.copy(builder.pool, into: &allocations)
        sets = Grammar.copy(builder.sets, into: &allocations)
        numbers = Grammar.copy(builder.numbers, into: &allocations)
        customs = builder.customs
        rules = Grammar.copy(builder.rules, into: &allocations)
        partKinds = Grammar.copy(builder.partKinds, into: &allocations)
        let wordTable = WordTable(builder.wordLists)
        words = WordTable.Frozen(pool: Grammar.copy(wordTable.pool, into: &allocations),
                                 slots: Grammar.copy(wordTable.slots, into: &allocations),
                                 caseInsensitive: Grammar.copy(wordTable.caseInsensitive, into: &allocations))
        self.candidateStarts = Grammar.copy(candidateStarts, into: &allocations)
        self.candidates = Grammar.copy(candidates, into: &allocations)
        self.fallbacks = Grammar.copy(fallbackKinds, into: &allocations)
        tables = allocations
        embedded = builder.embedded
    }

    deinit {
        for table in tables { table.deallocate() }
    }

    /// A copy of `array` in memory the grammar owns, noted in `tables`. Elements must be plain
    /// values (no references), since the memory is freed without deinitializing them.
    private static func copy<Element>(_ array: [Element], into tables: inout [UnsafeMutableRawPointer]) -> UnsafeBufferPointer<Element> {
        precondition(_isPOD(Element.self), "grammar tables hold plain values only")
        let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = copy.initialize(from: array)
        tables.append(UnsafeMutableRawPointer(copy.baseAddress!))
        return UnsafeBufferPointer(rebasing: copy[0..<array.count])
    }

    /// Collects the flat arrays while rules are compiled.
    private struct Builder {
        var operations: [Operation] = []
        var children: [Int32] = []
        var pool: [UInt8] = []
        var sets: [ByteSet] = []
        var numbers: [NumberSyntax] = []
        var customs: [@Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int?] = []
        var rules: [CompiledRule] = []
        var partKinds: [TokenKind] = []
        var wordLists: [WordTable.List] = []
        var embedded: [Grammar] = []

        mutating func add(_ rule: Rule, transition: Int32) -> Int32 {
            let pattern = add(rule.pattern)
            var compiled = CompiledRule(pattern: pattern, action: .token, kind: .plain, matchesOtherWords: false, table: -1,
                                        parts: -1, transition: transition, lineStart: rule.lineStart)
            switch rule.action {
            case .token(let kind):
                compiled.kind = kind
            case .words(let list, let otherwise):
                compiled.action = .words
                compiled.table = Int32(wordLists.count)
                wordLists.append(list)
                compiled.kind = otherwise ?? .plain
                compiled.matchesOtherWords = otherwise != nil
            case .parts(let kinds):
                guard case .sequence(let parts) = rule.pattern, parts.count == kinds.count else {
                    preconditionFailure("a rule of parts needs a sequence of as many patterns")
                }
                compiled.action = .parts
                compiled.parts = Int32(partKinds.count)
                partKinds += kinds
            case .embed(let grammar):
                compiled.action = .embed
                compiled.table = Int32(embedded.count)
                embedded.append(grammar)
            }
            rules.append(compiled)
            return Int32(rules.count - 1)
        }

        mutating func text(_ bytes: [UInt8]) -> (Int32, Int32) {
            defer { pool += bytes }
            return (Int32(pool.count), Int32(bytes.count))
        }

        mutating func set(_ set: ByteSet) -> Int32 {
            sets.append(set)
            return Int32(sets.count - 1)
        }

        mutating func list(_ patterns: [Pattern]) -> (Int32, Int32) {
            let indices = patterns.map { add($0) }
            defer { children += indices }
            return (Int32(children.count), Int32(indices.count))
        }

        mutating func add(_ pattern: Pattern) -> Int32 {
            var operation: Operation
            switch pattern {
            case .text(let bytes):
                let (start, length) = text(bytes)
                operation = Operation(code: .text, a: start, b: length)
            case .run(let bytes, let maximum):
                operation = Operation(code: .run, a: set(bytes), b: Int32(maximum))
            case .word(let start, let rest):
                operation = Operation(code: .word, a: set(start), b: set(rest))
            case .restOfLine:
                operation = Operation(code: .restOfLine)
            case .delimited(let open, let close, let escape, let nests, let singleLine):
                let (openStart, openLength) = text(open), (closeStart, closeLength) = text(close)
                operation = Operation(code: .delimited, flags: (nests ? 1 : 0) | (singleLine ? 2 : 0),
                                      a: openStart, b: openLength, c: closeStart, d: closeLength, e: escape.map(Int32.init) ?? -1)
            case .number(let syntax):
                numbers.append(syntax)
                operation = Operation(code: .number, a: Int32(numbers.count - 1))
            case .sequence(let patterns):
                let (start, count) = list(patterns)
                operation = Operation(code: .sequence, a: start, b: count)
            case .either(let patterns):
                let (start, count) = list(patterns)
                operation = Operation(code: .either, a: start, b: count)
            case .optional(let inner):
                operation = Operation(code: .optional, a: add(inner))
            case .ahead(let inner):
                operation = Operation(code: .ahead, a: add(inner))
            case .notAhead(let inner):
                operation = Operation(code: .notAhead, a: add(inner))
            case .character:
                operation = Operation(code: .character)
            case .afterIndentation:
                operation = Operation(code: .afterIndentation)
            case .custom(_, let match):
                customs.append(match)
                operation = Operation(code: .custom, a: Int32(customs.count - 1))
            }
            operations.append(operation)
            return Int32(operations.count - 1)
        }
    }
}
