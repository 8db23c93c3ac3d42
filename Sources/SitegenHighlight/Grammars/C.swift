extension Grammars {
    static let c = CFamily().grammar
}
