extension Grammars {
    static let css = CFamily().grammar
}
