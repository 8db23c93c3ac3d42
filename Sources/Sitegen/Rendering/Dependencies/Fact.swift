/// A fact an output may read, named so that a later build can find it again and say whether
/// it changed. Templates read facts through the template model: reading a member of an object
/// that stands for a fact (``FactTemplateObject``) records the fact in the output's
/// ``ReadLog``; what the fact holds is everything a template can read of that object, which
/// ``FactFingerprint`` digests.
enum Fact: Hashable, Sendable {
    /// `page` in a page's own output (by source path): everything of the page, with which pages
    /// are before and after it.
    case page(String)
    /// What lists show of a page (by source path): ``PageSummary``.
    case listing(String)
    /// What feeds show of a page (by source path): ``FeedEntry``.
    case feedEntry(String)
    /// `site` in a language (by code): title, menus, navigation, languages, params.
    case site(String)
    /// `t`, the words of the theme's interface, in a language.
    case words(String)
    /// `data`, the site's data files, as a language's templates see them.
    case data(String)
    /// The text of every template: read by every output.
    case templates

    /// Every fact of the page at `path`: what an edit of the page may change.
    static func facts(ofPage path: String) -> [Fact] {
        [.page(path), .listing(path), .feedEntry(path)]
    }

    /// Feeds the fact's name to `hasher`.
    func combine(into hasher: inout StableHasher) {
        switch self {
        case .page(let path): hasher.combine(1); hasher.combine(path)
        case .listing(let path): hasher.combine(2); hasher.combine(path)
        case .site(let code): hasher.combine(3); hasher.combine(code)
        case .words(let code): hasher.combine(4); hasher.combine(code)
        case .data(let code): hasher.combine(5); hasher.combine(code)
        case .templates: hasher.combine(6)
        case .feedEntry(let path): hasher.combine(7); hasher.combine(path)
        }
    }
}
