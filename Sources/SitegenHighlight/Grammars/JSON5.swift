extension Grammars {
    static let json5 = CFamily().grammar
}
