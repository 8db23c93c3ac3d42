extension Grammars {
    static let dockerfile = CFamily().grammar
}
