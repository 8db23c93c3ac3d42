extension Grammars {
    static let python = CFamily().grammar
}
