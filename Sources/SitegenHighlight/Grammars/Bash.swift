extension Grammars {
    static let bash = CFamily().grammar
}
