extension Grammars {
    static let typescript = ECMAScript(typescript: true, jsx: true).grammar
}
