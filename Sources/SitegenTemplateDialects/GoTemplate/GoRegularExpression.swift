import SitegenLimits

/// A regular expression of `replaceRE` and `findRE`, in Go's RE2 syntax, run by a Pike
/// machine: time grows with the text times the pattern, never exponentially, as in Go, so a
/// hostile pattern (`(a+)+$`) cannot hang a build. Steps are counted and bounded too.
///
/// Supported: literals and escapes (`\n`, `\t`, `\x41`, `\x{263A}`, `\.`), `.`, classes
/// (`[a-z]`, `[^…]`, `\d \w \s` and their negations, `[[:alpha:]]`), anchors (`^ $ \A \z \b
/// \B`), groups (`(…)`, `(?:…)`, `(?P<name>…)`, `(?<name>…)`), flags (`(?i)`, `(?s)`, `(?m)`,
/// `(?i:…)`), alternation, and greedy and lazy quantifiers (`* + ? {n} {n,} {n,m}`).
/// Unicode classes (`\pL`) are not.
struct GoRegularExpression {
    /// The longest pattern, in bytes.
    static let patternBytes = 4_096
    /// The most instructions a compiled pattern may hold (repeats are unrolled).
    static let programSize = 20_000
    /// The most steps (instructions run at one position of the text) one call may take.
    static let steps = 20_000_000

    private let program: [Instruction]
    private let groupCount: Int
    private let groupNames: [String: Int]
    private let stepLimit: Int

    /// Compiles `pattern`; `stepLimit` is lowered by tests only.
    init(_ pattern: String, line: Int, stepLimit: Int = GoRegularExpression.steps) throws(DialectError) {
        self.stepLimit = stepLimit
        guard pattern.utf8.count <= Self.patternBytes else {
            throw DialectError(.limit, line: line, "A regular expression is longer than \(Self.patternBytes) bytes.")
        }
        var parser = RegexParser(Array(pattern.unicodeScalars), line: line)
        let tree = try parser.parseWhole()
        var compiler = RegexCompiler(line: line)
        compiler.emit(.save(0))
        try compiler.compile(tree)
        compiler.emit(.save(1))
        compiler.emit(.match)
        program = compiler.program
        groupCount = parser.groupCount
        groupNames = parser.groupNames
    }

    /// The texts of up to `limit` matches (all when negative).
    func matches(in text: String, limit: Int, line: Int) throws(DialectError) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        try forEachMatch(in: scalars, limit: limit, line: line) { (captures) throws(DialectError) in
            found.append(String(String.UnicodeScalarView(scalars[captures[0]..<captures[1]])))
            guard found.count <= Limits.dialectCollectionItems else {
                throw DialectError(.limit, line: line, "`findRE` finds more than \(Limits.dialectCollectionItems) matches.")
            }
        }
        return found
    }

    /// `text` with up to `limit` matches (all when negative) replaced by `template`, where
    /// `$1`, `${1}`, `$name` and `${name}` stand for groups and `$$` for `$`, as in Go.
    func replacing(in text: String, with template: String, limit: Int, line: Int) throws(DialectError) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var written = 0
        var last = 0
        try forEachMatch(in: scalars, limit: limit, line: line) { (captures) throws(DialectError) in
            let replacement = expand(template, captures: captures, in: scalars).unicodeScalars
            result.append(contentsOf: scalars[last..<captures[0]])
            result.append(contentsOf: replacement)
            written += captures[0] - last + replacement.count
            last = captures[1]
            guard written <= Limits.dialectOutputBytes else {
                throw DialectError(.limit, line: line, "`replaceRE` would build more than \(Limits.dialectOutputBytes) bytes.")
            }
        }
        result.append(contentsOf: scalars[last...])
        return String(result)
    }

    /// Go's order of matches: after an empty match the search moves on one character, and an
    /// empty match right after a match is skipped.
    private func forEachMatch(
        in scalars: [Unicode.Scalar], limit: Int, line: Int, _ body: ([Int]) throws(DialectError) -> Void
    ) throws(DialectError) {
        var budget = stepLimit
        var position = 0
        var previousEnd = -1
        var count = 0
        while position <= scalars.count, limit < 0 || count < limit {
            guard let captures = try search(scalars, from: position, budget: &budget, line: line) else { break }
            var accept = true
            if captures[1] == captures[0] {
                if captures[0] == previousEnd { accept = false }
                position = captures[1] + 1
            } else {
                position = captures[1]
            }
            previousEnd = captures[1]
            if accept {
                try body(captures)
                count += 1
            }
        }
    }

    private func expand(_ template: String, captures: [Int], in scalars: [Unicode.Scalar]) -> String {
        guard template.contains("$") else { return template }
        func group(_ name: String) -> String {
            let number = Int(name) ?? groupNames[name]
            guard let number, number <= groupCount, captures[2 * number] >= 0, captures[2 * number + 1] >= 0 else { return "" }
            return String(String.UnicodeScalarView(scalars[captures[2 * number]..<captures[2 * number + 1]]))
        }
        var result = ""
        let characters = Array(template.unicodeScalars)
        var index = 0
        while index < characters.count {
            let scalar = characters[index]
            index += 1
            guard scalar == "$", index < characters.count else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if characters[index] == "$" {
                result += "$"
                index += 1
            } else if characters[index] == "{", let close = characters[index...].firstIndex(of: "}") {
                result += group(String(String.UnicodeScalarView(characters[(index + 1)..<close])))
                index = close + 1
            } else {
                var name = String.UnicodeScalarView()
                while index < characters.count, characters[index].isRegexWord {
                    name.append(characters[index])
                    index += 1
                }
                if name.isEmpty { result += "$" } else { result += group(String(name)) }
            }
        }
        return result
    }

    // MARK: The machine

    /// The leftmost-first match starting at or after `start`: its group boundaries (`-1` for
    /// groups that took no part), or `nil`.
    private func search(_ text: [Unicode.Scalar], from start: Int, budget: inout Int, line: Int) throws(DialectError) -> [Int]? {
        var machine = PikeMachine(program: program, slots: 2 * (groupCount + 1))
        return try machine.run(text, from: start, budget: &budget, line: line)
    }
}

/// One search: threads are instruction numbers with their group boundaries, kept in flat
/// buffers reused from one position to the next, so a step allocates nothing.
private struct PikeMachine {
    private let program: [Instruction]
    private let slots: Int
    /// The threads at this position and at the next one, by `currentList`.
    private var lists: [ThreadList]
    private var currentList = 0
    /// The boundaries of the path being followed while threads are added.
    private var work: [Int]
    private var stack: [Pending] = []

    private enum Pending {
        case explore(Int)
        case restore(slot: Int, value: Int)
    }

    init(program: [Instruction], slots: Int) {
        self.program = program
        self.slots = slots
        lists = [ThreadList(size: program.count, slots: slots), ThreadList(size: program.count, slots: slots)]
        work = [Int](repeating: -1, count: slots)
    }

    mutating func run(_ text: [Unicode.Scalar], from start: Int, budget: inout Int, line: Int) throws(DialectError) -> [Int]? {
        var matched: [Int]?
        var position = start
        while true {
            if matched == nil {
                for slot in 0..<slots { work[slot] = -1 }
                addThread(to: currentList, pc: 0, at: position, in: text)
            }
            let nextList = 1 - currentList
            // Without threads the search goes on at the next position, until a match ends it.
            if lists[currentList].count == 0, matched != nil { break }
            budget -= lists[currentList].count + 1
            guard budget >= 0 else {
                throw DialectError(.limit, line: line,
                                   "A regular expression takes too many steps on this text.")
            }
            let scalar: Unicode.Scalar? = position < text.count ? text[position] : nil
            threads: for index in 0..<lists[currentList].count {
                let pc = lists[currentList].pcs[index]
                let advances: Bool
                switch program[pc] {
                case .match:
                    matched = Array(lists[currentList].captures[(index * slots)..<((index + 1) * slots)])
                    // Threads after this one have lower priority: they stop here.
                    break threads
                case .character(let expected, let folded):
                    advances = scalar.map { folded ? $0.regexFolded == expected : $0 == expected } ?? false
                case .any(let includesNewline):
                    advances = scalar.map { includesNewline || $0 != "\n" } ?? false
                case .set(let set):
                    advances = scalar.map { set.contains($0) } ?? false
                default:
                    advances = false
                }
                if advances {
                    for slot in 0..<slots { work[slot] = lists[currentList].captures[index * slots + slot] }
                    addThread(to: nextList, pc: pc + 1, at: position + 1, in: text)
                }
            }
            guard position < text.count else { break }
            position += 1
            lists[currentList].clear()
            currentList = nextList
        }
        return matched
    }

    /// Adds the thread at `pc` with the boundaries in `work` and, through jumps, splits, saves
    /// and assertions, every thread it leads to without reading a character, in priority order.
    private mutating func addThread(to list: Int, pc: Int, at position: Int, in text: [Unicode.Scalar]) {
        stack.append(.explore(pc))
        while let pending = stack.popLast() {
            switch pending {
            case .restore(let slot, let value):
                work[slot] = value
            case .explore(let pc):
                guard !lists[list].contains(pc) else { continue }
                lists[list].mark(pc)
                switch program[pc] {
                case .jump(let target):
                    stack.append(.explore(target))
                case .split(let first, let second):
                    stack.append(.explore(second))
                    stack.append(.explore(first))
                case .save(let slot):
                    stack.append(.restore(slot: slot, value: work[slot]))
                    work[slot] = position
                    stack.append(.explore(pc + 1))
                case .assertion(let kind):
                    if kind.holds(at: position, in: text) { stack.append(.explore(pc + 1)) }
                default:
                    lists[list].append(pc, work)
                }
            }
        }
    }

    /// Threads at one position, each instruction at most once (a sparse set).
    private struct ThreadList {
        private(set) var pcs: [Int] = []
        private(set) var captures: [Int] = []
        private var seen: [Int]
        private var generation = 1

        init(size: Int, slots: Int) {
            seen = [Int](repeating: 0, count: size)
            pcs.reserveCapacity(size)
            captures.reserveCapacity(size * slots)
        }

        var count: Int { pcs.count }
        func contains(_ pc: Int) -> Bool { seen[pc] == generation }
        mutating func mark(_ pc: Int) { seen[pc] = generation }

        mutating func append(_ pc: Int, _ boundaries: [Int]) {
            pcs.append(pc)
            captures.append(contentsOf: boundaries)
        }

        mutating func clear() {
            pcs.removeAll(keepingCapacity: true)
            captures.removeAll(keepingCapacity: true)
            generation += 1
        }
    }
}

// MARK: Syntax

/// A parsed regular expression.
private indirect enum RegexNode {
    case empty
    case character(Unicode.Scalar, folded: Bool)
    case any(includesNewline: Bool)
    case set(RegexSet)
    case assertion(RegexAssertion)
    case group(RegexNode, index: Int?)
    case concatenation([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, minimum: Int, maximum: Int?, greedy: Bool)
}

private enum RegexAssertion {
    case lineStart, lineEnd, textStart, textEnd, wordBoundary, notWordBoundary

    func holds(at position: Int, in text: [Unicode.Scalar]) -> Bool {
        switch self {
        case .textStart: return position == 0
        case .textEnd: return position == text.count
        case .lineStart: return position == 0 || text[position - 1] == "\n"
        case .lineEnd: return position == text.count || text[position] == "\n"
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && text[position - 1].isRegexWord
            let after = position < text.count && text[position].isRegexWord
            return (before != after) == (self == .wordBoundary)
        }
    }
}

/// A character class: ranges of scalars, maybe negated, maybe ignoring case.
private struct RegexSet {
    var ranges: [ClosedRange<UInt32>] = []
    var negated = false
    var folded = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = ranges.contains { $0.contains(scalar.value) }
        if !found, folded {
            let lower = scalar.regexFolded.value
            let upper = Unicode.Scalar(scalar.properties.uppercaseMapping) ?? scalar
            found = ranges.contains { $0.contains(lower) || $0.contains(upper.value) }
        }
        return found != negated
    }

    static let digits = RegexSet(ranges: [0x30...0x39])
    static let word = RegexSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = RegexSet(ranges: [0x09...0x0A, 0x0C...0x0D, 0x20...0x20])
}

private struct RegexFlags {
    var caseInsensitive = false
    var dotAll = false
    var multiLine = false
    var ungreedy = false
}

private struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private let line: Int
    private var index = 0
    private var depth = 0
    private(set) var groupCount = 0
    private(set) var groupNames: [String: Int] = [:]
    private static let maximumDepth = 100
    private static let maximumRepeat = 1_000

    init(_ scalars: [Unicode.Scalar], line: Int) {
        self.scalars = scalars
        self.line = line
    }

    private func error(_ message: String) -> DialectError {
        DialectError(.syntax, line: line, "A regular expression is not valid: \(message).")
    }

    mutating func parseWhole() throws(DialectError) -> RegexNode {
        var flags = RegexFlags()
        let node = try alternation(&flags)
        guard index == scalars.count else { throw error("unmatched `)`") }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func alternation(_ flags: inout RegexFlags) throws(DialectError) -> RegexNode {
        var branches = [try concatenation(&flags)]
        while current == "|" {
            index += 1
            branches.append(try concatenation(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation(_ flags: inout RegexFlags) throws(DialectError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            guard var atom = try atom(&flags) else { continue }
            while let quantifier = current, ["*", "+", "?", "{"].contains(quantifier) {
                guard let (minimum, maximum) = try repeatBounds() else { break }
                var greedy = !flags.ungreedy
                if current == "?" {
                    greedy.toggle()
                    index += 1
                }
                if case .repetition = atom { throw error("a quantifier follows a quantifier") }
                atom = .repetition(atom, minimum: minimum, maximum: maximum, greedy: greedy)
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : items.isEmpty ? .empty : .concatenation(items)
    }

    /// `*`, `+`, `?` or `{n,m}` at the cursor; `nil` for a `{` that is a literal brace.
    private mutating func repeatBounds() throws(DialectError) -> (Int, Int?)? {
        switch current {
        case "*": index += 1; return (0, nil)
        case "+": index += 1; return (1, nil)
        case "?": index += 1; return (0, 1)
        default:
            let start = index
            index += 1
            func number() -> Int? {
                var value: Int?
                while let scalar = current, let digit = Int(String(scalar)), scalar.isASCII {
                    value = min((value ?? 0) * 10 + digit, Self.maximumRepeat + 1)
                    index += 1
                }
                return value
            }
            guard let minimum = number() else { index = start; return nil }
            var maximum: Int? = minimum
            if current == "," {
                index += 1
                maximum = number()
            }
            guard current == "}" else { index = start; return nil }
            index += 1
            guard minimum <= Self.maximumRepeat, (maximum ?? 0) <= Self.maximumRepeat, maximum.map({ $0 >= minimum }) ?? true else {
                throw error("a repeat count is over \(Self.maximumRepeat) or backwards")
            }
            return (minimum, maximum)
        }
    }

    private mutating func atom(_ flags: inout RegexFlags) throws(DialectError) -> RegexNode? {
        guard let scalar = current else { return nil }
        index += 1
        switch scalar {
        case "(":
            return try group(&flags)
        case ".":
            return .any(includesNewline: flags.dotAll)
        case "^":
            return .assertion(flags.multiLine ? .lineStart : .textStart)
        case "$":
            return .assertion(flags.multiLine ? .lineEnd : .textEnd)
        case "[":
            return .set(try characterClass(flags))
        case "\\":
            return try escape(flags, inClass: false).node
        case "*", "+", "?":
            throw error("`\(scalar)` has nothing to repeat")
        default:
            return literal(scalar, flags)
        }
    }

    private func literal(_ scalar: Unicode.Scalar, _ flags: RegexFlags) -> RegexNode {
        flags.caseInsensitive ? .character(scalar.regexFolded, folded: true) : .character(scalar, folded: false)
    }

    private mutating func group(_ flags: inout RegexFlags) throws(DialectError) -> RegexNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error("groups nest deeper than \(Self.maximumDepth)") }
        var capture: Int?
        var inner = flags
        if current == "?" {
            index += 1
            if current == "P" || current == "<" {
                if current == "P" { index += 1 }
                guard current == "<" else { throw error("`(?P` is not followed by a name") }
                index += 1
                var name = ""
                while let scalar = current, scalar != ">" {
                    name.unicodeScalars.append(scalar)
                    index += 1
                }
                guard current == ">", !name.isEmpty else { throw error("a group name is not closed") }
                index += 1
                groupCount += 1
                capture = groupCount
                groupNames[name] = groupCount
            } else {
                // Flags: `(?i)` for the rest of the group, `(?i:…)` for a group of its own.
                var enable = true
                while let scalar = current, scalar != ")", scalar != ":" {
                    switch scalar {
                    case "i": inner.caseInsensitive = enable
                    case "s": inner.dotAll = enable
                    case "m": inner.multiLine = enable
                    case "U": inner.ungreedy = enable
                    case "-": enable = false
                    default: throw error("unknown flag `\(scalar)`")
                    }
                    index += 1
                }
                guard let end = current else { throw error("a group is not closed") }
                index += 1
                if end == ")" {
                    flags = inner
                    return nil
                }
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        let body = try alternation(&inner)
        guard current == ")" else { throw error("a group is not closed") }
        index += 1
        return .group(body, index: capture)
    }

    private mutating func characterClass(_ flags: RegexFlags) throws(DialectError) -> RegexSet {
        var set = RegexSet(folded: flags.caseInsensitive)
        if current == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while let scalar = current, scalar != "]" || first {
            first = false
            index += 1
            var low: Unicode.Scalar
            if scalar == "[", current == ":", let close = scalars[index...].firstIndex(of: "]"), close > index + 1, scalars[close - 1] == ":" {
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<(close - 1)]))
                set.ranges += try Self.posixClass(name, error: error)
                index = close + 1
                continue
            }
            if scalar == "\\" {
                let escaped = try escape(flags, inClass: true)
                if let ranges = escaped.ranges {
                    set.ranges += ranges
                    continue
                }
                guard let single = escaped.scalar else { throw error("an escape in a class is not a character") }
                low = single
            } else {
                low = scalar
            }
            var high = low
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let next = current else { break }
                index += 1
                if next == "\\" {
                    guard let single = try escape(flags, inClass: true).scalar else { throw error("a range ends in a class") }
                    high = single
                } else {
                    high = next
                }
                guard low.value <= high.value else { throw error("a range is backwards") }
            }
            set.ranges.append(low.value...high.value)
        }
        guard current == "]" else { throw error("a class `[` is not closed") }
        index += 1
        return set
    }

    private static func posixClass(_ name: String, error: (String) -> DialectError) throws(DialectError) -> [ClosedRange<UInt32>] {
        switch name {
        case "alpha": return [0x41...0x5A, 0x61...0x7A]
        case "digit": return [0x30...0x39]
        case "alnum": return [0x30...0x39, 0x41...0x5A, 0x61...0x7A]
        case "upper": return [0x41...0x5A]
        case "lower": return [0x61...0x7A]
        case "space": return [0x09...0x0D, 0x20...0x20]
        case "xdigit": return [0x30...0x39, 0x41...0x46, 0x61...0x66]
        case "word": return RegexSet.word.ranges
        case "punct": return [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]
        default: throw error("unknown class `[:\(name):]`")
        }
    }

    /// What `\…` at the cursor (after the backslash) stands for.
    private mutating func escape(
        _ flags: RegexFlags, inClass: Bool
    ) throws(DialectError) -> (node: RegexNode, scalar: Unicode.Scalar?, ranges: [ClosedRange<UInt32>]?) {
        guard let scalar = current else { throw error("a `\\` ends the pattern") }
        index += 1
        func single(_ value: Unicode.Scalar) -> (RegexNode, Unicode.Scalar?, [ClosedRange<UInt32>]?) {
            (literal(value, flags), value, nil)
        }
        func set(_ base: RegexSet, negated: Bool) -> (RegexNode, Unicode.Scalar?, [ClosedRange<UInt32>]?) {
            var result = base
            result.negated = negated
            // Inside a class a negated shorthand becomes the ranges around it.
            let ranges = negated ? Self.complement(base.ranges) : base.ranges
            return (.set(result), nil, ranges)
        }
        switch scalar {
        case "n": return single("\n")
        case "t": return single("\t")
        case "r": return single("\r")
        case "f": return single("\u{0C}")
        case "v": return single("\u{0B}")
        case "a": return single("\u{07}")
        case "d": return set(.digits, negated: false)
        case "D": return set(.digits, negated: true)
        case "w": return set(.word, negated: false)
        case "W": return set(.word, negated: true)
        case "s": return set(.space, negated: false)
        case "S": return set(.space, negated: true)
        case "b" where !inClass: return (.assertion(.wordBoundary), nil, nil)
        case "B" where !inClass: return (.assertion(.notWordBoundary), nil, nil)
        case "A" where !inClass: return (.assertion(.textStart), nil, nil)
        case "z" where !inClass: return (.assertion(.textEnd), nil, nil)
        case "x":
            var digits = ""
            if current == "{" {
                index += 1
                while let next = current, next != "}" { digits.unicodeScalars.append(next); index += 1 }
                guard current == "}" else { throw error("`\\x{` is not closed") }
                index += 1
            } else {
                for _ in 0..<2 {
                    guard let next = current else { break }
                    digits.unicodeScalars.append(next)
                    index += 1
                }
            }
            guard digits.count <= 8, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else {
                throw error("`\\x` is not followed by a character's number")
            }
            return single(decoded)
        default:
            guard !scalar.properties.isAlphabetic, !(scalar.properties.numericType != nil) else {
                throw error("the escape `\\\(scalar)` is not supported")
            }
            return single(scalar)
        }
    }

    private static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = max(next, range.upperBound + 1)
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return result
    }
}

// MARK: Compiling

private enum Instruction {
    case character(Unicode.Scalar, folded: Bool)
    case any(includesNewline: Bool)
    case set(RegexSet)
    case assertion(RegexAssertion)
    case split(Int, Int)
    case jump(Int)
    case save(Int)
    case match
}

private struct RegexCompiler {
    var program: [Instruction] = []
    let line: Int

    init(line: Int) {
        self.line = line
    }

    mutating func emit(_ instruction: Instruction) {
        program.append(instruction)
    }

    private mutating func check() throws(DialectError) {
        guard program.count <= GoRegularExpression.programSize else {
            throw DialectError(.limit, line: line, "A regular expression repeats too much (over \(GoRegularExpression.programSize) steps).")
        }
    }

    mutating func compile(_ node: RegexNode) throws(DialectError) {
        try check()
        switch node {
        case .empty:
            break
        case .character(let scalar, let folded):
            emit(.character(scalar, folded: folded))
        case .any(let includesNewline):
            emit(.any(includesNewline: includesNewline))
        case .set(let set):
            emit(.set(set))
        case .assertion(let kind):
            emit(.assertion(kind))
        case .group(let body, let index):
            if let index { emit(.save(2 * index)) }
            try compile(body)
            if let index { emit(.save(2 * index + 1)) }
        case .concatenation(let items):
            for item in items { try compile(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (position, branch) in branches.enumerated() {
                if position < branches.count - 1 {
                    let split = program.count
                    emit(.split(split + 1, -1))
                    try compile(branch)
                    jumps.append(program.count)
                    emit(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try compile(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let body, let minimum, let maximum, let greedy):
            for _ in 0..<minimum { try compile(body) }
            if let maximum {
                // Each optional copy may be skipped, and skipping one skips the rest.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    emit(.split(-1, -1))
                    try compile(body)
                }
                for split in splits {
                    program[split] = greedy ? .split(split + 1, program.count) : .split(program.count, split + 1)
                }
            } else {
                let split = program.count
                emit(.split(-1, -1))
                try compile(body)
                emit(.jump(split))
                program[split] = greedy ? .split(split + 1, program.count) : .split(program.count, split + 1)
            }
        }
        try check()
    }
}

extension Unicode.Scalar {
    /// The scalar compared when case is ignored: its lower case, when that is one scalar.
    var regexFolded: Unicode.Scalar {
        let lower = properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? self : self
    }

    /// Go's `\w`: ASCII letters, digits and `_`.
    var isRegexWord: Bool {
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
    }
}
