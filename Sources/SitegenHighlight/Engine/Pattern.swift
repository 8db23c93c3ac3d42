/// What a rule matches at a position: a small set of matchers instead of regular expressions,
/// each of which knows the bytes it can start with, so a state looks only at the rules that
/// can match the byte at hand.
indirect enum Pattern: Sendable {
    /// These bytes.
    case text([UInt8])
    /// One or more bytes of the set (`maximum` caps the run; 0 for no cap).
    case run(ByteSet, maximum: Int = 0)
    /// A byte of `start`, then any number of bytes of `rest`.
    case word(start: ByteSet, rest: ByteSet)
    /// Everything up to the end of the line (not the line feed), possibly nothing.
    case restOfLine
    /// `open`, then anything up to and including `close`; `escape` skips the byte after it;
    /// `nests` counts inner `open`s. Without a close, it runs to the end of the code, or of
    /// the line when `singleLine`.
    case delimited(open: [UInt8], close: [UInt8], escape: UInt8?, nests: Bool, singleLine: Bool)
    /// A number literal.
    case number(NumberSyntax)
    /// The patterns one after another.
    case sequence([Pattern])
    /// The pattern, or nothing.
    case optional(Pattern)
    /// The first of the patterns that matches.
    case either([Pattern])
    /// Matches nothing but succeeds when the pattern would match here.
    case ahead(Pattern)
    /// Matches nothing but succeeds when the pattern would not match here.
    case notAhead(Pattern)
    /// Matches nothing but succeeds when only spaces and tabs stand between the start of the
    /// line and here: a directive or label may be indented, and the whitespace before it still
    /// be its own token.
    case afterIndentation
    /// Any one character (all the bytes of a UTF-8 sequence).
    case character
    /// A matcher of its own: returns where the match ends, or `nil`.
    case custom(first: ByteSet, match: @Sendable (_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int?)

    static func text(_ string: String) -> Pattern { .text(Array(string.utf8)) }
    static func run(_ spec: String) -> Pattern { .run(ByteSet(spec)) }
    static func oneOf(_ strings: [String]) -> Pattern { .either(strings.sorted { $0.utf8.count > $1.utf8.count }.map { .text($0) }) }
    static let identifier = Pattern.word(start: .identifierStart, rest: .identifierRest)
    static let spaces = Pattern.run(.spaces)
    static let optionalSpaces = Pattern.optional(.run(.spaces))
    static let lineEnd = Pattern.text([10])

    /// The bytes a match can start with; `nil` when it can match nothing (zero length).
    var firstBytes: ByteSet? {
        switch self {
        case .text(let bytes): var set = ByteSet(); set.insert(bytes[0]); return set
        case .run(let set, _): return set
        case .word(let start, _): return start
        case .restOfLine, .optional, .ahead, .notAhead, .afterIndentation: return nil
        case .character: return .all
        case .delimited(let open, _, _, _, _): var set = ByteSet(); set.insert(open[0]); return set
        case .number(let syntax): return syntax.leadingDot ? ByteSet.digits.union(ByteSet(".")) : .digits
        case .custom(let first, _): return first
        case .either(let patterns):
            var set = ByteSet()
            for pattern in patterns {
                guard let first = pattern.firstBytes else { return nil }
                set = set.union(first)
            }
            return set
        case .sequence(let patterns):
            var set = ByteSet()
            for pattern in patterns {
                if let first = pattern.firstBytes { return set.union(first) }
                switch pattern {
                case .optional(let inner): guard let first = inner.firstBytes else { return nil }; set = set.union(first)
                case .ahead, .notAhead, .afterIndentation: continue
                default: return nil
                }
            }
            return nil
        }
    }
}
