extension Grammars {
    static let cpp = CFamily().grammar
}
