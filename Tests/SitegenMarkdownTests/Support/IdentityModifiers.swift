import SitegenMarkdown

/// A modifier on every target that returns its HTML unchanged, and counts nothing: with
/// these registered, every node goes through the marker pipeline.
let identityModifiers: [Modifier] = Modifier.Target.allCases.map { target in
    Modifier(target: target) { input in input.html }
}

extension MarkdownParser {
    /// A parser with an identity modifier on every target.
    static func withIdentityModifiers(options: Options) -> MarkdownParser {
        MarkdownParser(options: options, modifiers: identityModifiers)
    }
}
