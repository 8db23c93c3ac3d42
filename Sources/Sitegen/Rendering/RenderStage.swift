import Foundation

/// The render stage of one loaded site, assembled in this one place for every caller: full
/// builds (``SiteBuilder``), live builds (which keep a ``RenderedSite`` and render parts of it
/// again) and the template benchmark. It holds the theme's templates, the interface's words,
/// the ``Site`` with the highlighter installed, and the loaded site after the site's page
/// processors.
struct RenderStage: Sendable {
    /// The loaded site after the page processors.
    let loaded: LoadedSite
    let theme: Theme
    /// The words of the theme's interface (`t`); `nil` for a site rendered without them.
    let strings: InterfaceStrings?
    let site: Site
    /// The sizes and smaller copies of the site's images (``ImagePlan``).
    var images: ImagePlan

    /// Assembles the stage for `loaded` (whose layout says where templates and words are) and
    /// `site` (with the plugins the configuration names installed); names in templates that can
    /// never have a value are warnings on the loaded site, or with `strict` an error.
    init(loaded: LoadedSite, site: Site, strict: Bool) throws {
        var loaded = loaded
        let files = try ThemeFiles(configuration: loaded.configuration, layout: loaded.layout)
        let names = files.theme.unresolvableNames(in: loaded)
        if strict && !names.isEmpty { throw SiteErrors(errors: names) }
        loaded.warnings += names
        var site = site
        if loaded.configuration.smartPunctuation { site.markdownParser.options.smartPunctuation = true }
        if loaded.configuration.highlight, let highlighter = site.codeHighlighter {
            // First, so that the site's own code block modifiers see coloured code.
            site.markdownParser.addFirstModifier(.highlightingCode(with: highlighter, lineNumbers: loaded.configuration.codeLineNumbers))
        }
        // Before any other: Mermaid blocks are diagrams, not code.
        site.markdownParser.addFirstModifier(DiagramBlocks.modifier)
        if !site.pageProcessors.isEmpty {
            let processors = site.pageProcessors
            loaded.pages = try loaded.pages.map { page in try processors.reduce(page) { page, process in try process(page) } }
        }
        images = ImagePlan(loaded: loaded)
        if let reason = images.unavailability {
            loaded.warnings.append(SiteError("images are published without smaller copies: \(reason)"))
        }
        if let warning = images.formatWarning { loaded.warnings.append(SiteError(warning)) }
        self.loaded = loaded
        self.theme = files.theme
        self.strings = files.strings
        self.site = site
    }

    /// The stage `rendered` was made by, to render more of its outputs (the pages an edit
    /// changed, the pages a browser shows).
    init(continuing rendered: RenderedSite) {
        loaded = rendered.loaded
        theme = rendered.theme
        strings = rendered.context.strings
        site = rendered.site
        images = rendered.files.images
    }

    /// The renderer of this stage, writing to `output`, remembering through `memory`.
    func renderer(output: OutputWriter, observers: BuildObservers, memory: any RenderingMemory) -> SiteRenderer {
        SiteRenderer(loaded: loaded, theme: theme, strings: strings, site: site, images: images, output: output, observers: observers,
                     memory: memory)
    }
}
