extension Grammars {
    static let scss = CFamily().grammar
}
