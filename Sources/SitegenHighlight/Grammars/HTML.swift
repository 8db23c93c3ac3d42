extension Grammars {
    static let html = Markup().grammar
}
