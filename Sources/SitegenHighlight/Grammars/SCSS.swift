extension Grammars {
    static let scss = Stylesheet(scss: true).grammar
}
