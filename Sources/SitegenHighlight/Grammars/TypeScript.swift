extension Grammars {
    static let typescript = CFamily().grammar
}
