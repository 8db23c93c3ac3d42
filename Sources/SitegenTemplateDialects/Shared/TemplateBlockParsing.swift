import SitegenLimits

/// How the Liquid and Tera parsers read a template's tokens into blocks: nodes up to the tag
/// that closes the open block, with a bound on how deep blocks nest. Each parser says what
/// one token becomes.
protocol TemplateBlockParsing {
    associatedtype Node

    var tokens: [LiquidScanner.Token] { get }
    var position: Int { get set }
    /// How many blocks are open.
    var depth: Int { get set }

    static func text(_ text: String) -> Node
    /// The node of `{{ markup }}`; nil when it writes nothing.
    mutating func output(_ markup: String, line: Int) throws(DialectError) -> Node?
    /// The node of a tag that does not close the open block, with its own block if it opens one.
    mutating func tag(_ name: String, _ markup: String, line: Int) throws(DialectError) -> Node
}

/// The tag that ended a block: `{% else %}`, `{% endif %}`.
struct TemplateBlockCloser {
    var name: String
    var markup: String
    var line: Int
}

extension TemplateBlockParsing {
    /// The nodes of a whole template: a closing tag outside any block is an error.
    mutating func document() throws(DialectError) -> [Node] {
        let (nodes, closer) = try body(until: [])
        if let closer {
            throw DialectError(.syntax, line: closer.line, "`{% \(closer.name) %}` closes nothing that is open.")
        }
        return nodes
    }

    /// Nodes up to one of `closers` (which is returned), or to the end of the template when
    /// `closers` is empty.
    mutating func body(until closers: Set<String>, opener: String = "", openLine: Int = 0)
        throws(DialectError) -> ([Node], TemplateBlockCloser?)
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Limits.dialectNesting + 1 else {
            throw DialectError(.limit, line: openLine, "Blocks nest deeper than \(Limits.dialectNesting) levels.")
        }
        var nodes: [Node] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let text):
                nodes.append(Self.text(text))
            case .output(let markup, let line):
                if let node = try output(markup, line: line) { nodes.append(node) }
            case .tag(let name, let markup, let line):
                if closers.contains(name) {
                    return (nodes, TemplateBlockCloser(name: name, markup: markup, line: line))
                }
                nodes.append(try tag(name, markup, line: line))
            }
        }
        if !closers.isEmpty {
            throw DialectError(.syntax, line: openLine, "`{% \(opener) %}` is never closed with `{% end\(opener) %}`.")
        }
        return (nodes, nil)
    }
}
