extension Grammars {
    static let go = CFamily().grammar
}
