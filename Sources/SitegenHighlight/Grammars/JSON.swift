extension Grammars {
    static let json = CFamily().grammar
}
