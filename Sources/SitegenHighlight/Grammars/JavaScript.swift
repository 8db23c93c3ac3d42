extension Grammars {
    static let javascript = ECMAScript(jsx: true).grammar
}
