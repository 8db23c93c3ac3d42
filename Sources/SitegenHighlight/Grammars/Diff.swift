extension Grammars {
    static let diff = CFamily().grammar
}
