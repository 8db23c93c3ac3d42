extension Grammars {
    static let xml = Markup(html: false).grammar
}
