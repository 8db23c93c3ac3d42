extension Grammars {
    static let bash = Grammar(Shell().states())
}
