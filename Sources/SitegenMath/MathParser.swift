import SitegenLimits

/// Reads a formula's tokens into MathML nodes, expanding its macros on the way.
final class MathParser {
    struct Macro: Sendable {
        var parameters: Int
        /// The default of an optional first parameter (`\newcommand{\a}[2][x]{…}`).
        var optionalDefault: [MathToken]?
        var body: [MathToken]
    }

    enum Limits: UInt8 { case none, movable, always, never }

    struct Atom {
        var node: MathNode
        var limits: Limits = .none
        /// Put the node's children in the row rather than the node, when it gets no scripts.
        var splice = false
    }

    private let tokens: [MathToken]
    private var position = 0
    /// Tokens from macro expansions, the next one last.
    private var pending: [MathToken] = []
    private var macros: [String: Macro] = [:]
    private var expansionBudget = SitegenLimits.Limits.mathExpandedTokens
    private var depth = 0
    private let length: Int
    private var font: MathFont = .none
    /// Whether the current style is display style (limits below and above big operators).
    private var display: Bool
    /// The `\tag` of the current row or formula.
    private var tag: [MathNode]?

    init(tokens: [MathToken], length: Int, display: Bool) {
        self.tokens = tokens
        self.length = length
        self.display = display
    }

    // MARK: Tokens

    private func rawPeek() -> MathToken {
        if let token = pending.last { return token }
        return position < tokens.count ? tokens[position] : .end(at: length)
    }

    @discardableResult private func rawNext() -> MathToken {
        if let token = pending.popLast() { return token }
        guard position < tokens.count else { return .end(at: length) }
        position += 1
        return tokens[position - 1]
    }

    /// The next token after expanding macros.
    private func peek() throws(MathError) -> MathToken {
        while true {
            let token = rawPeek()
            guard token.kind == .command, let macro = macros[token.name] ?? Self.builtinMacros[token.name] else { return token }
            try expand(macro, call: token)
        }
    }

    @discardableResult private func next() throws(MathError) -> MathToken {
        let token = try peek()
        rawNext()
        return token
    }

    private func skipSpaces() throws(MathError) {
        while try peek().kind == .space { rawNext() }
    }

    private func error(_ message: String, at token: MathToken) -> MathError {
        MathError(message: message, offset: Int(token.offset))
    }

    private func enter(_ token: MathToken) throws(MathError) {
        depth += 1
        if depth > SitegenLimits.Limits.mathNesting {
            throw error("the formula nests more than \(SitegenLimits.Limits.mathNesting) deep (groups, arguments, \\left, environments) (Limits: math formula nesting)", at: token)
        }
    }

    // MARK: Macros

    private func expand(_ macro: Macro, call: MathToken) throws(MathError) {
        rawNext()
        var arguments: [[MathToken]] = []
        var first = 0
        if let optional = macro.optionalDefault {
            first = 1
            while rawPeek().kind == .space { rawNext() }
            if rawPeek().isCharacter(0x5B) {
                rawNext()
                arguments.append(try rawUntilBracket(opening: call))
            } else {
                arguments.append(optional)
            }
        }
        for _ in first..<macro.parameters { arguments.append(try rawArgument(for: call)) }
        var produced: [MathToken] = []
        produced.reserveCapacity(macro.body.count)
        for token in macro.body {
            if token.kind == .parameter {
                let index = Int(token.scalar) - 1
                guard index < arguments.count else { throw error("the macro \(call.name) has no parameter #\(index + 1)", at: call) }
                produced.append(contentsOf: arguments[index])
            } else {
                var token = token
                token.offset = call.offset
                produced.append(token)
            }
        }
        expansionBudget -= max(1, produced.count)
        if expansionBudget < 0 {
            throw error("the formula's macros expand to more than \(SitegenLimits.Limits.mathExpandedTokens) tokens (Limits: tokens macros expand to); is \(call.name) defined in terms of itself?", at: call)
        }
        pending.append(contentsOf: produced.reversed())
    }

    /// One argument as unexpanded tokens: a braced group without its braces, or one token.
    private func rawArgument(for command: MathToken) throws(MathError) -> [MathToken] {
        while rawPeek().kind == .space { rawNext() }
        let token = rawNext()
        switch token.kind {
        case .open: return try rawGroup(opening: token)
        case .end, .close: throw error("\(command.name) needs an argument", at: command)
        default: return [token]
        }
    }

    /// The tokens up to the `}` that closes `opening` (already read).
    private func rawGroup(opening: MathToken) throws(MathError) -> [MathToken] {
        try rawTokens(opening: opening, untilBracket: false)
    }

    /// The tokens up to a `]` outside braces (the `[` already read).
    private func rawUntilBracket(opening: MathToken) throws(MathError) -> [MathToken] {
        try rawTokens(opening: opening, untilBracket: true)
    }

    /// The tokens up to what closes `opening`: its `}`, or with `untilBracket` a `]` outside braces.
    private func rawTokens(opening: MathToken, untilBracket: Bool) throws(MathError) -> [MathToken] {
        var group: [MathToken] = []
        var level = 0
        while true {
            let token = rawNext()
            switch token.kind {
            case .end: throw error(untilBracket ? "this [ is not closed" : "this { is not closed", at: opening)
            case .open: level += 1
            case .close:
                if level == 0, !untilBracket { return group }
                level -= 1
            case .character where untilBracket && token.scalar == 0x5D && level == 0: return group
            default: break
            }
            group.append(token)
        }
    }

    /// The letters of a braced name (`{pmatrix}`, `{red}`, `{#ff0000}`), read without expansion.
    private func rawName(for command: MathToken) throws(MathError) -> String {
        while rawPeek().kind == .space { rawNext() }
        let opening = rawNext()
        guard opening.kind == .open else { throw error("\(command.name) needs a name in braces", at: command) }
        var scalars = String.UnicodeScalarView()
        for token in try rawGroup(opening: opening) {
            switch token.kind {
            case .character: if let scalar = Unicode.Scalar(token.scalar) { scalars.append(scalar) }
            case .space: break
            default: throw error("\(command.name) needs a plain name in braces", at: token)
            }
        }
        return String(scalars)
    }

    private func define(_ command: MathToken) throws(MathError) {
        switch MathCommand.table[command.name] {
        case .letCommand?:
            while rawPeek().kind == .space { rawNext() }
            let name = rawNext()
            guard name.kind == .command else { throw error("\\let needs a command to define", at: command) }
            while rawPeek().kind == .space || rawPeek().isCharacter(0x3D) { rawNext() }
            let value = rawNext()
            guard value.kind != .end else { throw error("\\let needs a value", at: command) }
            macros[name.name] = macros[value.name].map { $0 } ?? Macro(parameters: 0, optionalDefault: nil, body: [value])
        case .define?:
            while rawPeek().kind == .space { rawNext() }
            let name = rawNext()
            guard name.kind == .command else { throw error("\(command.name) needs a command to define", at: command) }
            var parameters = 0
            while true {
                let token = rawNext()
                if token.kind == .open {
                    macros[name.name] = Macro(parameters: parameters, optionalDefault: nil, body: try rawGroup(opening: token))
                    return
                }
                guard token.kind == .parameter, Int(token.scalar) == parameters + 1 else {
                    throw error("\(command.name)\(name.name): only parameters #1 to #9 in order, then the body in braces", at: token.kind == .end ? command : token)
                }
                parameters += 1
            }
        default: // \newcommand
            while rawPeek().kind == .space { rawNext() }
            var name = rawNext()
            if name.kind == .open {
                let inner = try rawGroup(opening: name)
                guard inner.count == 1, inner[0].kind == .command else { throw error("\(command.name) needs one command to define", at: command) }
                name = inner[0]
            }
            guard name.kind == .command else { throw error("\(command.name) needs a command to define", at: command) }
            var parameters = 0
            var optional: [MathToken]?
            while rawPeek().kind == .space { rawNext() }
            if rawPeek().isCharacter(0x5B) {
                let bracket = rawNext()
                let count = try rawUntilBracket(opening: bracket)
                guard count.count == 1, count[0].kind == .character, count[0].scalar >= 0x30, count[0].scalar <= 0x39 else {
                    throw error("\(command.name): the number of parameters is a digit, [0] to [9]", at: bracket)
                }
                parameters = Int(count[0].scalar - 0x30)
                while rawPeek().kind == .space { rawNext() }
                if rawPeek().isCharacter(0x5B) {
                    let bracket = rawNext()
                    optional = try rawUntilBracket(opening: bracket)
                    if parameters == 0 { throw error("\(command.name): a default value needs a parameter", at: bracket) }
                }
            }
            let body = try rawArgument(for: command)
            macros[name.name] = Macro(parameters: parameters, optionalDefault: optional, body: body)
        }
    }

    static let builtinMacros: [String: Macro] = {
        var table: [String: Macro] = [:]
        for (name, (parameters, body)) in MathCommand.macros {
            guard let tokens = try? MathLexer.tokens(Array(body.utf8)) else { continue }
            table[name] = Macro(parameters: parameters, optionalDefault: nil, body: tokens)
        }
        return table
    }()

    // MARK: Formula

    func parseFormula() throws(MathError) -> MathNode {
        var lines: [[MathNode]] = []
        var nodes: [MathNode]
        while true {
            nodes = try parseExpression()
            let stop = try peek()
            switch stop.kind {
            case .end: break
            case .close: throw error("this } closes nothing", at: stop)
            case .alignment: throw error("& is only for tables and alignments (\\begin{aligned}, \\begin{matrix}…)", at: stop)
            case .command where stop.name == "\\\\" || stop.name == "\\cr" || stop.name == "\\newline":
                rawNext()
                try skipOptionalBracket()
                lines.append(nodes)
                continue
            case .command where stop.name == "\\end":
                throw error("\\end without \\begin", at: stop)
            default: throw error("\(stop.name) without \\left", at: stop)
            }
            break
        }
        var body: MathNode
        lines.append(nodes)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        if lines.count == 1 {
            body = MathNode.row(lines[0])
        } else {
            let rows = lines.map { MathNode(.mtr, [MathNode(.mtd, $0)]) }
            body = MathNode(.mtable, attributes: " displaystyle=\"\(display)\" rowspacing=\"0.25em\"", rows)
        }
        if let tag {
            body = MathNode(.mtable, attributes: " style=\"width:100%\"", [MathNode(.mtr, [
                MathNode(.mtd, attributes: " style=\"width:50%\"", []), MathNode(.mtd, [body]),
                MathNode(.mtd, attributes: " style=\"width:50%\"", []), MathNode(.mtd, tag),
            ])])
        }
        return body
    }

    // MARK: Expressions

    /// Atoms up to what ends the expression (end, `}`, `&`, `\\`, `\right`, `\middle`, `\end`,
    /// and `]` when `bracket`), which is left unread.
    private func parseExpression(until stop: UInt32 = 0) throws(MathError) -> [MathNode] {
        let start = try peek()
        try enter(start)
        let savedFont = font, savedDisplay = display
        defer { depth -= 1; font = savedFont; display = savedDisplay }
        var row: [MathNode] = []
        var numerator: [MathNode]?
        var infix: MathCommand.Fraction = .plain
        var wraps: [(index: Int, attributes: String)] = []
        loop: while true {
            let token = try peek()
            switch token.kind {
            case .space: rawNext(); continue
            case .end, .close, .alignment: break loop
            case .character where stop != 0 && token.scalar == stop: break loop
            case .command:
                switch MathCommand.table[token.name] {
                case .newline?, .right?, .middle?, .end?: break loop
                case .infix(let kind)?:
                    rawNext()
                    guard numerator == nil else { throw error("only one \\over or \\choose per group", at: token) }
                    Self.applyWraps(&wraps, to: &row)
                    numerator = row
                    row = []
                    infix = kind
                    continue
                case .style(let isDisplay, let level)?:
                    rawNext()
                    display = isDisplay
                    wraps.append((row.count, " displaystyle=\"\(isDisplay)\" scriptlevel=\"\(level)\""))
                    continue
                case .size(let size)?:
                    rawNext()
                    wraps.append((row.count, " mathsize=\"\(size)\""))
                    continue
                case .color?:
                    rawNext()
                    let color = try colorName(for: token)
                    wraps.append((row.count, " mathcolor=\"\(MathWriter.escaped(color))\""))
                    continue
                case .fontSwitch(let newFont)?:
                    rawNext()
                    font = newFont
                    continue
                default: break
                }
            default: break
            }
            if let atom = try parseAtom() {
                append(try parseScripts(atom), to: &row)
            }
        }
        Self.applyWraps(&wraps, to: &row)
        if let numerator {
            return [fraction(MathNode.row(numerator), MathNode.row(row), kind: infix)]
        }
        return row
    }

    private static func applyWraps(_ wraps: inout [(index: Int, attributes: String)], to row: inout [MathNode]) {
        for wrap in wraps.reversed() {
            let inner = Array(row[wrap.index...])
            row.removeSubrange(wrap.index...)
            row.append(MathNode(.mstyle, attributes: wrap.attributes, inner))
        }
        wraps.removeAll()
    }

    /// Adds a node to a row, joining digits into one number as KaTeX does (`3.14` is one `mn`).
    private func append(_ atom: Atom, to row: inout [MathNode]) {
        let node = atom.node
        if atom.splice {
            row.append(contentsOf: node.children)
            return
        }
        if node.tag == .mtext, node.attributes.isEmpty, let last = row.last, last.tag == .mtext, last.attributes.isEmpty {
            row[row.count - 1].text += node.text
            return
        }
        if let last = row.last, last.tag == .mn {
            if node.tag == .mn || (node.tag == .mi && node.text == ".") {
                row[row.count - 1].text += node.text
                return
            }
        }
        row.append(node)
    }

    private func parseScripts(_ base: Atom) throws(MathError) -> Atom {
        var limits = base.limits
        var lowerScript: MathNode?
        var upperScript: MathNode?
        var primes: [MathNode] = []
        while true {
            let token = try peek()
            switch token.kind {
            case .space: rawNext(); continue
            case .upper:
                rawNext()
                guard upperScript == nil else { throw error("a double superscript: put braces around one of them", at: token) }
                let argument = try scriptArgument(token)
                upperScript = primes.isEmpty ? argument : MathNode(.mrow, primes + [argument])
                primes = []
                continue
            case .lower:
                rawNext()
                guard lowerScript == nil else { throw error("a double subscript: put braces around one of them", at: token) }
                lowerScript = try scriptArgument(token)
                continue
            case .character where token.scalar == 0x27:
                rawNext()
                guard upperScript == nil else { throw error("a prime after a superscript: put the prime first", at: token) }
                primes.append(MathNode(.mo, "\u{2032}", attributes: primes.isEmpty && lowerScript == nil ? " lspace=\"0em\" rspace=\"0em\"" : ""))
                continue
            case .command:
                if case .limits(let on)? = MathCommand.table[token.name] {
                    rawNext()
                    guard base.limits != .none else { throw error("\(token.name) only follows a big operator (\\sum, \\int…)", at: token) }
                    limits = on ? .always : .never
                    continue
                }
            default: break
            }
            break
        }
        if !primes.isEmpty { upperScript = MathNode.row(primes) }
        guard lowerScript != nil || upperScript != nil else {
            var atom = base
            atom.limits = .none
            return atom
        }
        let nucleus = base.node
        let below = limits == .always || (limits == .movable && display)
        var node: MathNode
        switch (lowerScript, upperScript) {
        case (let sub?, let sup?): node = MathNode(below ? .munderover : .msubsup, [nucleus, sub, sup])
        case (let sub?, nil): node = MathNode(below ? .munder : .msub, [nucleus, sub])
        case (nil, let sup?): node = MathNode(below ? .mover : .msup, [nucleus, sup])
        default: node = nucleus
        }
        return Atom(node: node)
    }

    private func scriptArgument(_ mark: MathToken) throws(MathError) -> MathNode {
        let saved = display
        display = false
        defer { display = saved }
        return try argument(for: mark, what: mark.kind == .upper ? "^" : "_")
    }

    /// One argument: a braced group or a single atom.
    private func argument(for command: MathToken, what: String? = nil) throws(MathError) -> MathNode {
        try skipSpaces()
        let token = try peek()
        switch token.kind {
        case .open:
            rawNext()
            let nodes = try parseExpression()
            try expectClose(opening: token)
            return MathNode.row(nodes)
        case .end, .close, .alignment, .upper, .lower:
            throw error("\(what ?? command.name) needs an argument", at: command)
        default:
            try enter(token)
            defer { depth -= 1 }
            guard let atom = try parseAtom() else { return MathNode(.mrow, []) }
            return atom.node
        }
    }

    private func expectClose(opening: MathToken) throws(MathError) {
        let close = try peek()
        guard close.kind == .close else {
            if close.kind == .end { throw error("this { is not closed", at: opening) }
            throw error("\(describe(close)) inside braces: a } is missing before it", at: close)
        }
        rawNext()
    }

    private func describe(_ token: MathToken) -> String {
        switch token.kind {
        case .command: token.name
        case .alignment: "&"
        default: "this"
        }
    }

    private func optionalBracket() throws(MathError) -> [MathNode]? {
        try skipSpaces()
        let token = try peek()
        guard token.isCharacter(0x5B) else { return nil }
        rawNext()
        let nodes = try parseExpression(until: 0x5D)
        let close = try peek()
        guard close.isCharacter(0x5D) else { throw error("this [ is not closed", at: token) }
        rawNext()
        return nodes
    }

    private func skipOptionalBracket() throws(MathError) {
        while rawPeek().kind == .space { rawNext() }
        if rawPeek().isCharacter(0x5B) {
            let open = rawNext()
            _ = try rawUntilBracket(opening: open)
        }
    }

    private func colorName(for command: MathToken) throws(MathError) -> String {
        let name = try rawName(for: command)
        guard !name.isEmpty, name.utf8.allSatisfy({ MathLexer.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x23 }) else {
            throw error("\(command.name) needs a colour name or #rrggbb", at: command)
        }
        return name
    }

    // MARK: Atoms

    private func parseAtom() throws(MathError) -> Atom? {
        let token = try peek()
        switch token.kind {
        case .open:
            rawNext()
            let nodes = try parseExpression()
            try expectClose(opening: token)
            return Atom(node: MathNode(.mrow, nodes))
        case .upper, .lower:
            return Atom(node: MathNode(.mrow, []))
        case .character:
            rawNext()
            return try character(token)
        case .command:
            rawNext()
            return try command(token)
        case .parameter:
            throw error("#\(token.scalar) outside a macro's body", at: token)
        case .space:
            rawNext()
            return nil
        case .end, .close, .alignment:
            throw error("a formula part is missing here", at: token)
        }
    }

    private func character(_ token: MathToken) throws(MathError) -> Atom {
        switch token.scalar {
        case 0x7E: return Atom(node: MathNode(.mtext, "\u{00A0}"))
        case 0x23: throw error("# is only for a macro's parameters; write \\# for the sign", at: token)
        case 0x24: throw error("$ inside a formula: write \\$ for the sign", at: token)
        case 0x27: return Atom(node: MathNode(.mo, "\u{2032}"))
        default: break
        }
        guard let scalar = Unicode.Scalar(token.scalar) else { throw error("not a character", at: token) }
        let key = String(scalar)
        if let symbol = MathSymbols.math[key] ?? MathSymbols.byCharacter[key] { return symbolAtom(symbol) }
        if token.scalar >= 0x80 { return Atom(node: MathNode(.mtext, key)) }
        throw error("the character \(key) cannot be in a formula", at: token)
    }

    private func styled(_ text: String) -> String? {
        guard font != .none, font != .roman, font != .italic else { return nil }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            if let mapped = font.map(scalar.value), let mappedScalar = Unicode.Scalar(mapped) {
                scalars.append(mappedScalar)
                changed = true
            } else {
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : nil
    }

    private func symbolAtom(_ symbol: MathSymbols.Symbol) -> Atom {
        let text = symbol.text
        switch symbol.group {
        case .mathord:
            if let styled = styled(text) { return Atom(node: MathNode(.mi, styled)) }
            return Atom(node: MathNode(.mi, text, attributes: font == .roman ? " mathvariant=\"normal\"" : ""))
        case .textord:
            let isDigit = text.utf8.count == 1 && text.utf8.first! >= 0x30 && text.utf8.first! <= 0x39
            if let styled = styled(text) { return Atom(node: MathNode(isDigit ? .mn : .mi, styled)) }
            if isDigit { return Atom(node: MathNode(.mn, text)) }
            if text == "\u{2032}" { return Atom(node: MathNode(.mo, text)) }
            if font == .italic { return Atom(node: MathNode(.mi, text)) }
            return Atom(node: MathNode(.mi, text, attributes: " mathvariant=\"normal\""))
        case .bin, .rel, .inner:
            return Atom(node: MathNode(.mo, text))
        case .open, .close:
            return Atom(node: MathNode(.mo, text, attributes: " stretchy=\"false\""))
        case .punct:
            return Atom(node: MathNode(.mo, text, attributes: text == "," ? " separator=\"true\"" : ""))
        case .op:
            let side = MathCommand.sideLimits.contains(text)
            return Atom(node: MathNode(.mo, text), limits: side ? .never : .movable)
        case .accent:
            return Atom(node: MathNode(.mo, text))
        case .spacing:
            return Atom(node: MathNode(.mtext, text.isEmpty ? "" : "\u{00A0}"))
        }
    }

    private func fraction(_ numerator: MathNode, _ denominator: MathNode, kind: MathCommand.Fraction) -> MathNode {
        switch kind {
        case .plain: return MathNode(.mfrac, [numerator, denominator])
        case .display: return MathNode(.mstyle, attributes: " displaystyle=\"true\" scriptlevel=\"0\"", [MathNode(.mfrac, [numerator, denominator])])
        case .text: return MathNode(.mstyle, attributes: " displaystyle=\"false\" scriptlevel=\"0\"", [MathNode(.mfrac, [numerator, denominator])])
        case .atop: return MathNode(.mfrac, attributes: " linethickness=\"0\"", [numerator, denominator])
        case .binomial, .displayBinomial, .textBinomial:
            let binomial = MathNode(.mrow, [
                MathNode(.mo, "(", attributes: " fence=\"true\""),
                MathNode(.mfrac, attributes: " linethickness=\"0\"", [numerator, denominator]),
                MathNode(.mo, ")", attributes: " fence=\"true\""),
            ])
            if kind == .binomial { return binomial }
            return MathNode(.mstyle, attributes: " displaystyle=\"\(kind == .displayBinomial)\" scriptlevel=\"0\"", [binomial])
        }
    }

    private func command(_ token: MathToken) throws(MathError) -> Atom? {
        if token.name == "\\dots" { return Atom(node: MathNode(.mo, try dotsBeforeOperator() ? "\u{22EF}" : "\u{2026}")) }
        guard let command = MathCommand.table[token.name] else {
            if let symbol = MathSymbols.math[token.name] { return symbolAtom(symbol) }
            throw error("unknown command \(token.name)", at: token)
        }
        switch command {
        case .fraction(let kind):
            // A fraction's parts are in text style whatever the fraction's own style.
            let saved = display
            display = false
            let numerator = try argument(for: token)
            let denominator = try argument(for: token)
            display = saved
            return Atom(node: fraction(numerator, denominator, kind: kind))
        case .infix:
            throw error("\(token.name) here", at: token)
        case .sqrt:
            let index = try optionalBracket()
            let radicand = try argument(for: token)
            if let index { return Atom(node: MathNode(.mroot, [radicand, MathNode.row(index)])) }
            return Atom(node: MathNode(.msqrt, radicand.tag == .mrow ? radicand.children : [radicand]))
        case .font(let newFont):
            let saved = font
            font = newFont
            defer { font = saved }
            return Atom(node: try argument(for: token))
        case .fontSwitch(let newFont):
            font = newFont
            return nil
        case .text(let style):
            return Atom(node: MathNode.row(try textArgument(for: token, style: style)))
        case .operatorName:
            var limits = false
            if try peek().isCharacter(0x2A) { rawNext(); limits = true }
            let saved = font
            font = .roman
            let content = try argument(for: token)
            font = saved
            return operatorAtom(content, limits: limits)
        case .operatorNameWithLimits(let name):
            return Atom(node: MathNode(.mrow, [MathNode(.mi, name), MathNode(.mo, "\u{2061}")]), limits: .movable, splice: true)
        case .function(let name, let limits):
            return Atom(node: MathNode(.mrow, [MathNode(.mi, name), MathNode(.mo, "\u{2061}")]),
                        limits: limits ? .movable : .never, splice: true)
        case .limits:
            throw error("\(token.name) only follows a big operator (\\sum, \\int…)", at: token)
        case .left:
            return Atom(node: try leftRight(token))
        case .middle, .right:
            throw error("\(token.name) without \\left", at: token)
        case .big(let size, let fence):
            let delimiter = try self.delimiter(for: token)
            return Atom(node: MathNode(.mo, delimiter ?? "", attributes: " fence=\"\(fence)\" stretchy=\"true\" minsize=\"\(size)\" maxsize=\"\(size)\""))
        case .accent(let character, let stretchy):
            let base = try argument(for: token)
            return Atom(node: MathNode(.mover, attributes: " accent=\"true\"", [base, MathNode(.mo, character, attributes: stretchy ? " stretchy=\"true\"" : "")]))
        case .underAccent(let character, _):
            let base = try argument(for: token)
            return Atom(node: MathNode(.munder, attributes: " accentunder=\"true\"", [base, MathNode(.mo, character, attributes: " stretchy=\"true\"")]))
        case .brace(let character, let over):
            let base = try argument(for: token)
            return Atom(node: MathNode(over ? .mover : .munder, [base, MathNode(.mo, character, attributes: " stretchy=\"true\"")]), limits: .always)
        case .overset, .underset, .stackrel:
            let saved = display
            display = false
            let script = try argument(for: token)
            display = saved
            let base = try argument(for: token)
            if case .underset = command { return Atom(node: MathNode(.munder, [base, script])) }
            return Atom(node: MathNode(.mover, [base, script]))
        case .color:
            throw error("\\color here", at: token)
        case .textColor:
            let color = try colorName(for: token)
            let body = try argument(for: token)
            return Atom(node: MathNode(.mstyle, attributes: " mathcolor=\"\(MathWriter.escaped(color))\"", body.tag == .mrow ? body.children : [body]))
        case .colorBox:
            let color = try colorName(for: token)
            let body = try textArgument(for: token, style: .plain)
            return Atom(node: MathNode(.mstyle, attributes: " mathbackground=\"\(MathWriter.escaped(color))\"", body))
        case .style, .size:
            throw error("\(token.name) here", at: token)
        case .generalFraction:
            let left = try rawArgument(for: token), right = try rawArgument(for: token)
            let thickness = try rawArgument(for: token), style = try rawArgument(for: token)
            func fence(_ tokens: [MathToken]) throws(MathError) -> MathNode? {
                guard let first = tokens.first(where: { $0.kind != .space }) else { return nil }
                pending.append(first)
                guard let character = try delimiter(for: token) else { return nil }
                return MathNode(.mo, character, attributes: " fence=\"true\"")
            }
            let open = try fence(left), close = try fence(right)
            var width = ""
            for part in thickness where part.kind == .character { if let scalar = Unicode.Scalar(part.scalar) { width.unicodeScalars.append(scalar) } }
            let level = style.first(where: { $0.kind == .character }).map { Int($0.scalar) - 0x30 }
            let saved = display
            display = false
            let numerator = try argument(for: token), denominator = try argument(for: token)
            display = saved
            var node = MathNode(.mfrac, attributes: width.isEmpty ? "" : " linethickness=\"\(MathWriter.escaped(width))\"", [numerator, denominator])
            if open != nil || close != nil { node = MathNode(.mrow, [open, node, close].compactMap { $0 }) }
            if let level, level >= 0, level <= 3 {
                node = MathNode(.mstyle, attributes: " displaystyle=\"\(level == 0)\" scriptlevel=\"\(max(0, level - 1))\"", [node])
            }
            return Atom(node: node)
        case .rule:
            _ = try optionalBracket()
            let width = try dimension(for: token, braced: true), height = try dimension(for: token, braced: true)
            return Atom(node: MathNode(.mspace, "", attributes: " width=\"\(width)\" height=\"\(height)\" mathbackground=\"currentColor\""))
        case .choice:
            let displayChoice = try argument(for: token), textChoice = try argument(for: token)
            _ = try argument(for: token)
            _ = try argument(for: token)
            return Atom(node: display ? displayChoice : textChoice)
        case .declareOperator:
            var star = false
            if try peek().isCharacter(0x2A) { rawNext(); star = true }
            let name = try rawArgument(for: token)
            guard name.count == 1, name[0].kind == .command else { throw error("\\DeclareMathOperator needs a command to define", at: token) }
            let body = try rawArgument(for: token)
            let at = token.offset
            var tokens = [MathToken(kind: .command, name: "\\operatorname", scalar: 0, offset: at)]
            if star { tokens.append(MathToken(kind: .character, name: "", scalar: 0x2A, offset: at)) }
            tokens.append(MathToken(kind: .open, name: "", scalar: 0x7B, offset: at))
            tokens += body
            tokens.append(MathToken(kind: .close, name: "", scalar: 0x7D, offset: at))
            macros[name[0].name] = Macro(parameters: 0, optionalDefault: nil, body: tokens)
            return nil
        case .space(let width):
            if width.hasPrefix("-") { return Atom(node: MathNode(.mspace, "", attributes: " style=\"margin-left:\(width)\"")) }
            return Atom(node: MathNode.space(width))
        case .textSpace:
            return Atom(node: MathNode(.mtext, "\u{00A0}"))
        case .dimensionSpace(let braced):
            let width = try dimension(for: token, braced: braced)
            if width.hasPrefix("-") { return Atom(node: MathNode(.mspace, "", attributes: " style=\"margin-left:\(width)\"")) }
            return Atom(node: MathNode.space(width))
        case .lap(let kind):
            let body = try argument(for: token)
            let children = body.tag == .mrow ? body.children : [body]
            switch kind {
            case .phantom: return Atom(node: MathNode(.mphantom, children))
            case .horizontalPhantom: return Atom(node: MathNode(.mpadded, attributes: " height=\"0\" depth=\"0\"", [MathNode(.mphantom, children)]))
            case .verticalPhantom: return Atom(node: MathNode(.mpadded, attributes: " width=\"0\"", [MathNode(.mphantom, children)]))
            case .heightDepth: return Atom(node: MathNode(.mpadded, attributes: " height=\"0\" depth=\"0\"", children))
            case .width: return Atom(node: MathNode(.mpadded, attributes: " width=\"0\"", children))
            }
        case .tag:
            var literal = false
            if try peek().isCharacter(0x2A) { rawNext(); literal = true }
            let label = try textArgument(for: token, style: .plain)
            var text = ""
            for node in label where node.tag == .mtext { text += node.text }
            tag = [MathNode(.mtext, literal ? text : "(" + text + ")")]
            return nil
        case .ignore(let arguments):
            for _ in 0..<arguments { _ = try rawArgument(for: token) }
            return nil
        case .define, .newCommand, .letCommand:
            try define(token)
            return nil
        case .begin:
            return Atom(node: try environment(token))
        case .end:
            throw error("\\end without \\begin", at: token)
        case .mod(let kind):
            switch kind {
            case .bmod:
                return Atom(node: MathNode(.mo, "mod", attributes: " lspace=\"0.2222em\" rspace=\"0.2222em\""))
            case .mod:
                return Atom(node: MathNode(.mrow, [MathNode.space(display ? "1em" : "0.6667em"), MathNode(.mi, "mod"), MathNode.space("0.3333em")]), splice: true)
            case .pmod, .pod:
                let body = try argument(for: token)
                var nodes = [MathNode.space(display ? "1em" : "0.4444em"), MathNode(.mo, "(", attributes: " stretchy=\"false\"")]
                if kind == .pmod { nodes += [MathNode(.mi, "mod"), MathNode.space("0.3333em")] }
                nodes += [body, MathNode(.mo, ")", attributes: " stretchy=\"false\"")]
                return Atom(node: MathNode(.mrow, nodes), splice: true)
            }
        case .boxed:
            let saved = display
            if token.name == "\\boxed" { display = true }
            let body = token.name == "\\fbox" ? MathNode.row(try textArgument(for: token, style: .plain)) : try argument(for: token)
            display = saved
            return Atom(node: MathNode(.mrow, attributes: " style=\"border:0.06em solid;padding:0.2em 0.3em\"", body.tag == .mrow ? body.children : [body]))
        case .cancel(let kind):
            let body = try argument(for: token)
            let line = "transparent calc(50% - 0.04em),currentColor calc(50% - 0.04em),currentColor calc(50% + 0.04em),transparent calc(50% + 0.04em)"
            let background: String
            switch kind {
            case .up: background = "linear-gradient(to top left,\(line))"
            case .down: background = "linear-gradient(to top right,\(line))"
            case .cross: background = "linear-gradient(to top left,\(line)),linear-gradient(to top right,\(line))"
            }
            return Atom(node: MathNode(.mrow, attributes: " style=\"background:\(background)\"", body.tag == .mrow ? body.children : [body]))
        case .arrow(let character):
            let saved = display
            display = false
            defer { display = saved }
            let below = try optionalBracket()
            let above = try argument(for: token)
            let arrow = MathNode(.mo, character, attributes: " stretchy=\"true\" minsize=\"3em\"")
            let pad = " lspace=\"0.3em\" style=\"padding-right:0.3em\""
            let aboveNode = MathNode(.mpadded, attributes: pad, above.tag == .mrow ? above.children : [above])
            if let below {
                return Atom(node: MathNode(.munderover, [arrow, MathNode(.mpadded, attributes: pad, below), aboveNode]))
            }
            return Atom(node: MathNode(.mover, [arrow, aboveNode]))
        case .not:
            try skipSpaces()
            let next = try peek()
            guard next.kind == .command || next.kind == .character, var atom = try parseAtom() else {
                return Atom(node: MathNode(.mo, "\u{29F8}"))
            }
            if atom.node.tag.isToken {
                atom.node.text = MathCommand.negations[atom.node.text] ?? atom.node.text + "\u{0338}"
                if atom.node.tag == .mi { atom.node.tag = .mo; atom.node.attributes = "" }
            }
            return atom
        case .mathClass(let kind):
            let body = try argument(for: token)
            switch kind {
            case .op: return Atom(node: body, limits: .movable)
            case .bin, .rel, .open, .close, .punct:
                if body.tag.isToken { return Atom(node: MathNode(.mo, body.text, attributes: kind == .open || kind == .close ? " stretchy=\"false\"" : "")) }
                return Atom(node: body.tag == .mrow ? body : MathNode(.mrow, [body]))
            case .ord, .inner:
                return Atom(node: body)
            }
        case .substack:
            let open = try next()
            guard open.kind == .open else { throw error("\\substack needs its lines in braces", at: token) }
            let rows = try tableRows(environment: MathEnvironment.table["subarray"]!, name: nil, begin: open, columns: 1)
            return Atom(node: table(rows.rows, environment: MathEnvironment.table["subarray"]!, alignments: ["center"], lines: []))
        case .newline:
            throw error("\(token.name) here", at: token)
        case .hline:
            throw error("\(token.name) is only for the start of a row of an array", at: token)
        }
    }

    /// Whether `\dots` stands before a binary operator or a relation, where it is `\cdots` (amsmath's rule).
    private func dotsBeforeOperator() throws(MathError) -> Bool {
        try skipSpaces()
        let next = try peek()
        switch next.kind {
        case .character:
            guard let scalar = Unicode.Scalar(next.scalar), let symbol = MathSymbols.math[String(scalar)] else { return false }
            return symbol.group == .bin || symbol.group == .rel
        case .command:
            guard let symbol = MathSymbols.math[next.name] else { return next.name == "\\not" }
            return symbol.group == .bin || symbol.group == .rel || symbol.group == .op
        default: return false
        }
    }

    private func operatorAtom(_ content: MathNode, limits: Bool) -> Atom {
        var text = ""
        var simple = true
        func collect(_ node: MathNode) {
            switch node.tag {
            case .mi, .mn, .mtext: text += node.text
            case .mo: text += node.text
            case .mspace: text += "\u{2009}"
            case .mrow: node.children.forEach(collect)
            default: simple = false
            }
        }
        collect(content)
        let name = simple ? MathNode(.mi, text, attributes: text.unicodeScalars.count == 1 ? " mathvariant=\"normal\"" : "") : content
        return Atom(node: MathNode(.mrow, [name, MathNode(.mo, "\u{2061}")]), limits: limits ? .movable : .never, splice: true)
    }

    // MARK: Delimiters

    /// The character of a delimiter after `\left`, `\big`…; nil for `.`.
    private func delimiter(for command: MathToken) throws(MathError) -> String? {
        try skipSpaces()
        let token = try next()
        switch token.kind {
        case .character:
            switch token.scalar {
            case 0x2E: return nil
            case 0x3C: return "\u{27E8}"
            case 0x3E: return "\u{27E9}"
            case 0x28, 0x29, 0x5B, 0x5D, 0x7C, 0x2F: return String(UnicodeScalar(UInt8(token.scalar)))
            default:
                if let scalar = Unicode.Scalar(token.scalar), let symbol = MathSymbols.math[String(scalar)],
                   [.open, .close, .rel, .textord].contains(symbol.group) { return symbol.text }
            }
        case .command:
            if token.name == "\\|" { return "\u{2016}" }
            if let symbol = MathSymbols.math[token.name], [.open, .close, .rel, .textord].contains(symbol.group) {
                // the bar and the double bar that stretch in MathML Core's operator dictionary
                return symbol.text == "\u{2223}" ? "|" : symbol.text == "\u{2225}" ? "\u{2016}" : symbol.text
            }
        default: break
        }
        throw error("\(command.name) needs a delimiter, such as ( [ \\{ | or .", at: token.kind == .end ? command : token)
    }

    private func leftRight(_ left: MathToken) throws(MathError) -> MathNode {
        var nodes: [MathNode] = []
        if let open = try delimiter(for: left) { nodes.append(MathNode(.mo, open, attributes: " fence=\"true\"")) }
        while true {
            nodes += try parseExpression()
            let token = try peek()
            if token.isCommand("\\middle") {
                rawNext()
                if let middle = try delimiter(for: token) {
                    nodes.append(MathNode(.mo, middle, attributes: " fence=\"true\" lspace=\"0.05em\" rspace=\"0.05em\""))
                }
                continue
            }
            guard token.isCommand("\\right") else {
                if token.kind == .end { throw error("\\left has no \\right", at: left) }
                throw error("\(describe(token)) between \\left and \\right", at: token)
            }
            rawNext()
            if let close = try delimiter(for: token) { nodes.append(MathNode(.mo, close, attributes: " fence=\"true\"")) }
            return MathNode(.mrow, nodes)
        }
    }

    // MARK: Dimensions

    private func dimension(for command: MathToken, braced: Bool) throws(MathError) -> String {
        var tokens: [MathToken]
        if braced {
            if try peek().isCharacter(0x2A) { rawNext() }
            tokens = try rawArgument(for: command)
        } else {
            tokens = []
            while rawPeek().kind == .space { rawNext() }
            // sign, number, then a two-letter unit
            while true {
                let token = rawPeek()
                guard token.kind == .character,
                      token.scalar == 0x2D || token.scalar == 0x2B || token.scalar == 0x2E || token.scalar == 0x2C || (token.scalar >= 0x30 && token.scalar <= 0x39) else { break }
                tokens.append(rawNext())
            }
            while rawPeek().kind == .space { rawNext() }
            for _ in 0..<2 {
                let token = rawPeek()
                guard token.kind == .character, token.scalar < 0x80, MathLexer.isLetter(UInt8(token.scalar)) else { break }
                tokens.append(rawNext())
            }
        }
        var number = ""
        var unit = ""
        for token in tokens {
            guard token.kind == .character, token.scalar < 0x80 else {
                if token.kind == .space { continue }
                throw error("\(command.name) needs a length such as 1em or 3mu", at: command)
            }
            let byte = UInt8(token.scalar)
            if MathLexer.isLetter(byte) { unit.append(Character(UnicodeScalar(byte))) } else if unit.isEmpty { number.append(Character(UnicodeScalar(byte == 0x2C ? 0x2E : byte))) }
        }
        guard let value = Double(number.hasPrefix("+") ? String(number.dropFirst()) : number.isEmpty || number == "-" ? number + "1" : number) else {
            throw error("\(command.name) needs a length such as 1em or 3mu", at: command)
        }
        switch unit {
        case "mu": return Self.format(value / 18) + "em"
        case "em", "ex", "pt", "mm", "cm", "in", "px", "pc": return Self.format(value) + unit
        case "bp": return Self.format(value) + "pt"
        default: throw error("\(command.name): unknown unit \(unit.isEmpty ? "(none)" : unit)", at: command)
        }
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if text.hasPrefix("0.") { text.removeFirst() ; text = "0" + text }
        return text
    }

    // MARK: Text

    /// The argument of `\text` and friends: text with `$…$` math inside.
    private func textArgument(for command: MathToken, style: MathCommand.TextStyle) throws(MathError) -> [MathNode] {
        try enter(command)
        defer { depth -= 1 }
        while rawPeek().kind == .space { rawNext() }
        let open = try next()
        var nodes: [MathNode] = []
        var buffer = ""
        let attributes: String
        switch style {
        case .plain: attributes = ""
        case .bold: attributes = " style=\"font-weight:bold\""
        case .italic: attributes = " style=\"font-style:italic\""
        case .sansSerif: attributes = " style=\"font-family:sans-serif\""
        case .monospace: attributes = " style=\"font-family:monospace\""
        }
        func flush() {
            if !buffer.isEmpty { nodes.append(MathNode(.mtext, buffer, attributes: attributes)); buffer = "" }
        }
        if open.kind != .open {
            // One token: \text x
            switch open.kind {
            case .character: if let scalar = Unicode.Scalar(open.scalar) { buffer.unicodeScalars.append(scalar) }
            default: throw error("\(command.name) needs its text in braces", at: command)
            }
            flush()
            return nodes
        }
        var level = 0
        while true {
            let token = try next()
            switch token.kind {
            case .end: throw error("this { is not closed", at: open)
            case .open: level += 1
            case .close:
                if level == 0 { flush(); return nodes }
                level -= 1
            case .space:
                buffer.append("\u{00A0}")
            case .character:
                switch token.scalar {
                case 0x24: // $…$
                    flush()
                    let saved = (font, display)
                    font = .none
                    display = false
                    let math = try parseExpression(until: 0x24)
                    (font, display) = saved
                    let close = try next()
                    guard close.isCharacter(0x24) else { throw error("this $ is not closed", at: token) }
                    nodes.append(MathNode.row(math))
                case 0x7E: buffer.append("\u{00A0}")
                case 0x2D:
                    if try peek().isCharacter(0x2D) {
                        rawNext()
                        if try peek().isCharacter(0x2D) { rawNext(); buffer.append("\u{2014}") } else { buffer.append("\u{2013}") }
                    } else { buffer.append("-") }
                case 0x60:
                    if try peek().isCharacter(0x60) { rawNext(); buffer.append("\u{201C}") } else { buffer.append("\u{2018}") }
                case 0x27:
                    if try peek().isCharacter(0x27) { rawNext(); buffer.append("\u{201D}") } else { buffer.append("\u{2019}") }
                default:
                    if let scalar = Unicode.Scalar(token.scalar) { buffer.unicodeScalars.append(scalar) }
                }
            case .command:
                if case .text(let inner)? = MathCommand.table[token.name] {
                    flush()
                    nodes += try textArgument(for: token, style: inner == .plain ? style : inner)
                } else if case .textSpace? = MathCommand.table[token.name] {
                    buffer.append("\u{00A0}")
                } else if case .space? = MathCommand.table[token.name] {
                    buffer.append("\u{00A0}")
                } else if let symbol = MathSymbols.text[token.name] {
                    if symbol.group == .accent {
                        let base = try rawArgument(for: token)
                        for part in base where part.kind == .character { if let scalar = Unicode.Scalar(part.scalar) { buffer.unicodeScalars.append(scalar) } }
                        if let mark = Self.combining[token.name] { buffer.unicodeScalars.append(mark) }
                    } else {
                        buffer += symbol.group == .spacing ? "\u{00A0}" : symbol.text
                    }
                } else if case .ignore? = MathCommand.table[token.name] {
                    continue
                } else if let symbol = MathSymbols.math[token.name] {
                    buffer += symbol.text
                } else if case .fontSwitch? = MathCommand.table[token.name] {
                    continue
                } else {
                    throw error("unknown command \(token.name) in text", at: token)
                }
            case .upper: buffer.append("^")
            case .lower: buffer.append("_")
            case .alignment: throw error("& inside text: write \\&", at: token)
            case .parameter: throw error("#\(token.scalar) outside a macro's body", at: token)
            }
        }
    }

    private static let combining: [String: Unicode.Scalar] = [
        "\\'": "\u{0301}", "\\`": "\u{0300}", "\\^": "\u{0302}", "\\~": "\u{0303}", "\\\"": "\u{0308}", "\\=": "\u{0304}",
        "\\.": "\u{0307}", "\\u": "\u{0306}", "\\v": "\u{030C}", "\\H": "\u{030B}", "\\r": "\u{030A}", "\\c": "\u{0327}",
    ]

    // MARK: Environments

    private func environment(_ begin: MathToken) throws(MathError) -> MathNode {
        let name = try rawName(for: begin)
        guard let environment = MathEnvironment.table[name] else {
            throw error("unknown environment \(name)", at: begin)
        }
        try enter(begin)
        defer { depth -= 1 }
        var alignments: [String] = []
        var columnLines: [String] = []
        switch environment.columns {
        case .specification:
            (alignments, columnLines) = try columnSpecification(for: begin)
        case .optional:
            if let spec = try optionalBracket(), let letter = spec.first?.text {
                alignments = [letter == "l" ? "left" : letter == "r" ? "right" : "center"]
            }
        default: break
        }
        if environment.numberArgument { _ = try rawArgument(for: begin) }
        let saved = display
        display = environment.displayCells
        let (rows, lines) = try tableRows(environment: environment, name: name, begin: begin, columns: alignments.count)
        display = saved
        if name.hasPrefix("equation") || name.hasPrefix("multline"), rows.count <= 1 {
            return MathNode.row(rows.first?.first ?? [])
        }
        var node = table(rows, environment: environment, alignments: alignments, lines: lines)
        if !columnLines.isEmpty, columnLines.contains(where: { $0 != "none" }) {
            node.attributes += " columnlines=\"\(columnLines.joined(separator: " "))\""
        }
        if environment.open != nil || environment.close != nil {
            var nodes: [MathNode] = []
            if let open = environment.open { nodes.append(MathNode(.mo, open, attributes: " fence=\"true\"")) }
            nodes.append(node)
            if let close = environment.close { nodes.append(MathNode(.mo, close, attributes: " fence=\"true\"")) }
            return MathNode(.mrow, nodes)
        }
        return node
    }

    private func columnSpecification(for begin: MathToken) throws(MathError) -> ([String], [String]) {
        let spec = try rawArgument(for: begin)
        var alignments: [String] = []
        var lines: [String] = []
        var pendingLine = "none"
        var index = 0
        while index < spec.count {
            let token = spec[index]
            index += 1
            guard token.kind == .character else {
                if token.kind == .space { continue }
                if token.kind == .open {  // p{width} argument or @{…}: skip the group
                    var level = 1
                    while index < spec.count, level > 0 {
                        if spec[index].kind == .open { level += 1 } else if spec[index].kind == .close { level -= 1 }
                        index += 1
                    }
                    continue
                }
                throw error("the column specification of an array has only l, c, r and |", at: token)
            }
            switch token.scalar {
            case 0x6C, 0x63, 0x72, 0x70, 0x6D, 0x62:
                if !alignments.isEmpty { lines.append(pendingLine) }
                pendingLine = "none"
                alignments.append(token.scalar == 0x6C ? "left" : token.scalar == 0x72 ? "right" : "center")
            case 0x7C: pendingLine = "solid"
            case 0x3A: pendingLine = "dashed"
            case 0x40, 0x2A: continue
            default: throw error("the column specification of an array has only l, c, r and |", at: token)
            }
        }
        return (alignments, lines)
    }

    /// The rows of a table up to `\end{name}` (or the `}` of `\substack` when `name` is nil).
    private func tableRows(environment: MathEnvironment, name: String?, begin: MathToken, columns: Int) throws(MathError)
        -> (rows: [[[MathNode]]], lines: [String]) {
        var rows: [[[MathNode]]] = []
        var lines: [String] = []
        var row: [[MathNode]] = []
        var rowTags: [[MathNode]?] = []
        tag = nil
        while true {
            // \hline at the start of a row
            if row.isEmpty {
                while true {
                    try skipSpaces()
                    let token = try peek()
                    guard case .hline? = MathCommand.table[token.name], token.kind == .command else { break }
                    rawNext()
                    if rows.isEmpty { continue }
                    while lines.count < rows.count - 1 { lines.append("none") }
                    if lines.count < rows.count { lines.append(token.name == "\\hline" ? "solid" : "dashed") }
                }
            }
            let cell = try parseExpression()
            let stop = try peek()
            switch stop.kind {
            case .alignment:
                rawNext()
                row.append(cell)
            case .command where stop.name == "\\\\" || stop.name == "\\cr" || stop.name == "\\newline":
                rawNext()
                try skipOptionalBracket()
                row.append(cell)
                rows.append(row)
                rowTags.append(tag)
                tag = nil
                row = []
            case .command where stop.name == "\\end":
                rawNext()
                let endName = try rawName(for: stop)
                guard let name else { throw error("\\end{\(endName)} inside \\substack", at: stop) }
                guard endName == name else { throw error("\\begin{\(name)} ends with \\end{\(endName)}", at: stop) }
                row.append(cell)
                if !(row.count == 1 && row[0].isEmpty) || rows.isEmpty { rows.append(row); rowTags.append(tag) }
                return (attachTags(rows, rowTags), lines)
            case .close where name == nil:
                rawNext()
                row.append(cell)
                if !(row.count == 1 && row[0].isEmpty) || rows.isEmpty { rows.append(row); rowTags.append(tag) }
                return (rows, lines)
            case .end:
                throw error(name.map { "\\begin{\($0)} is not closed by \\end{\($0)}" } ?? "this { is not closed", at: begin)
            case .close:
                throw error("this } closes nothing inside \\begin{\(name ?? "")}", at: stop)
            default:
                throw error("\(stop.name) inside \\begin{\(name ?? "")} without \\left", at: stop)
            }
        }
    }

    private func attachTags(_ rows: [[[MathNode]]], _ tags: [[MathNode]?]) -> [[[MathNode]]] {
        guard tags.contains(where: { $0 != nil }) else { tag = nil; return rows }
        tag = nil
        let width = rows.map(\.count).max() ?? 0
        var tagged = rows
        for index in tagged.indices {
            while tagged[index].count < width { tagged[index].append([]) }
            tagged[index].append(tags[index] ?? [])
        }
        return tagged
    }

    private func table(_ rows: [[[MathNode]]], environment: MathEnvironment, alignments: [String], lines: [String]) -> MathNode {
        let width = rows.map(\.count).max() ?? 0
        var columnAlign: [String] = []
        for column in 0..<width {
            switch environment.columns {
            case .centered: columnAlign.append("center")
            case .alternating: columnAlign.append(column % 2 == 0 ? "right" : "left")
            case .left: columnAlign.append("left")
            case .specification, .optional:
                columnAlign.append(alignments.isEmpty ? "center" : alignments[min(column, alignments.count - 1)])
            }
        }
        let padding = environment.columnSpacing == "0em" ? "padding-left:0;padding-right:0;" : ""
        let cellAttributes = columnAlign.map { align -> String in
            let style = padding + (align == "center" ? "" : "text-align:\(align);")
            return style.isEmpty ? "" : " style=\"\(style.dropLast())\""
        }
        var attributes = " displaystyle=\"\(environment.displayCells)\""
        if environment.small { attributes += " scriptlevel=\"1\"" }
        attributes += " rowspacing=\"\(environment.rowSpacing)\" columnspacing=\"\(environment.columnSpacing)\""
        if !columnAlign.isEmpty, columnAlign.contains(where: { $0 != "center" }) {
            attributes += " columnalign=\"\(columnAlign.joined(separator: " "))\""
        }
        if lines.contains(where: { $0 != "none" }) { attributes += " rowlines=\"\(lines.joined(separator: " "))\"" }
        let rowNodes = rows.map { row in
            MathNode(.mtr, row.enumerated().map { index, cell in
                MathNode(.mtd, attributes: index < cellAttributes.count ? cellAttributes[index] : "", cell)
            })
        }
        return MathNode(.mtable, attributes: attributes, rowNodes)
    }
}
