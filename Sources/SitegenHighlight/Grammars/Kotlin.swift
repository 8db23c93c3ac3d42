extension Grammars {
    static let kotlin = CFamily().grammar
}
