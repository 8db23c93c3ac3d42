/// One line of a grammar's table: what to match, what token it makes, and which state the
/// lexer is in afterwards.
struct Rule: Sendable {
    /// What the matched bytes become.
    enum Action: Sendable {
        /// One token of this kind.
        case token(TokenKind)
        /// The kind the word table gives the match; `otherwise` when it is not in it (`nil`:
        /// the rule does not match, and the next one is tried).
        case words(WordTable.List, otherwise: TokenKind?)
        /// For a ``Pattern/sequence(_:)``: a kind for each of its parts.
        case parts([TokenKind])
        /// The match lexed by another grammar, from its first state (the code of an HTML
        /// `<script>`); the pattern decides where the embedded code ends.
        case embed(Grammar)
    }

    /// Where the lexer goes after the match.
    enum Transition: Sendable {
        case stay
        case push(String)
        case pop
        /// Leaves this state and enters another (from the first state, which is never left,
        /// it enters the other as a push would).
        case replace(String)
    }

    var pattern: Pattern
    var action: Action
    var transition: Transition = .stay
    /// Matches only at the start of a line.
    var lineStart = false
    /// Instead of a rule: all of another state's rules, at this place.
    var include: String?

    init(_ pattern: Pattern, _ kind: TokenKind, _ transition: Transition = .stay, lineStart: Bool = false) {
        self.pattern = pattern
        self.action = .token(kind)
        self.transition = transition
        self.lineStart = lineStart
    }

    init(_ pattern: Pattern, _ action: Action, _ transition: Transition = .stay, lineStart: Bool = false) {
        self.pattern = pattern
        self.action = action
        self.transition = transition
        self.lineStart = lineStart
    }

    /// The rules of another state.
    static func include(_ state: String) -> Rule {
        var rule = Rule(.text(""), .plain)
        rule.include = state
        return rule
    }

    /// Words of the table get their kind; other words `otherwise`.
    static func words(_ table: WordTable.List, otherwise: TokenKind?, pattern: Pattern = .identifier,
                      _ transition: Transition = .stay) -> Rule {
        Rule(pattern, .words(table, otherwise: otherwise), transition)
    }
}
