/// A fact an output reads: the rendering code names every fact each output reads, and
/// fingerprints each fact by what templates can see of it (``RenderingMemory``).
enum Dependency: Hashable, Sendable {
    /// Everything of a page (by source path): its content, front matter and data.
    case page(String)
    /// What lists show of a page (by source path): title, URL, description, summary, dates.
    case listing(String)
    /// Which pages come before and after a page (by source path) in its section.
    case neighbours(String)
    /// The pages of a section (by section path), in order.
    case section(String)
    /// The pages of a taxonomy term (by the term's URL), in order.
    case term(String)
    /// A taxonomy's terms and their counts (by the taxonomy's URL).
    case taxonomy(String)
    /// A feed's pages (by the feed's folder), in order.
    case feed(String)
    /// The sections themselves (titles, weights, `_index.md` text): the menu of every page.
    case sections
    /// The site's navigation tree (`site.nav`).
    case navigation
    /// The recent pages of a language's home page (by language code).
    case recent(String)
    /// Where an output is in the other languages: a language switcher.
    case translations(TranslationTable.Key)
    /// Every URL of the site with its last change.
    case sitemap
}
