extension Grammars {
    static let rust = CFamily().grammar
}
