/// A named value that installs itself into a ``Site``: it may add modifiers (any target),
/// page processors (after loading), page data (after parsing), HTML processors (after
/// rendering) and output files.
///
/// ```swift
/// var site = Site()
/// site.install(.headingAnchors, .lazyImages)
/// site.install(Plugin(name: "shout") { site in
///     site.addModifier(Modifier(target: .headings) { html, _ in html.uppercased() })
/// })
/// ```
///
/// Sites without Swift switch the built-in plugins on by name in `sitegen.yml`:
/// `plugins: [headingAnchors, externalLinks, lazyImages, readingTime]`.
public struct Plugin: Sendable {
    /// The plugin's name, as `sitegen.yml` and messages give it.
    public let name: String
    private let installation: @Sendable (inout Site) -> Void

    /// Creates a plugin from what it does to a site.
    public init(name: String, install: @escaping @Sendable (inout Site) -> Void) {
        self.name = name
        self.installation = install
    }

    /// Installs the plugin.
    func install(into site: inout Site) {
        installation(&site)
    }
}
