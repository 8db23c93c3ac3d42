extension Grammars {
    static let css = Stylesheet().grammar
}
