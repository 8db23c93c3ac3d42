import Foundation

/// A site's templates and interface words as its files are now: the theme it names with the
/// site's own templates over it, and the theme's words with the site's `i18n/` over them.
struct ThemeFiles: Sendable {
    let theme: Theme
    let strings: InterfaceStrings

    init(configuration: SiteConfiguration, layout: SiteLayout) throws {
        let walker = FolderWalker(layout: layout, configuration: configuration)
        theme = try Theme(name: configuration.theme, overrides: layout.templates, layout: layout, walker: walker)
        strings = try InterfaceStrings(theme: configuration.theme, layout: layout, configuration: configuration, walker: walker)
    }
}
