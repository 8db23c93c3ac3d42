extension Grammars {
    static let typescript = ECMAScript(typescript: true).grammar
}
