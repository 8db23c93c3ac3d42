/// The grammars, one `static let` each in the file of its language, made once on first use.
enum Grammars {}
