import Synchronization
import SitegenTemplates

/// The facts of one rendered site as templates see them now, each fingerprinted once when first
/// asked: what a live build compares with the fingerprints the build before recorded.
final class FactValues: Sendable {
    private let site: RenderedSite
    private let index: [String: Int]
    private let known = Mutex<[Fact: UInt64]>([:])

    /// The facts of `site`, whose pages are at `index` (by source path) when it is known.
    init(_ site: RenderedSite, index: [String: Int]? = nil) {
        self.site = site
        self.index = index ?? Dictionary(site.pages.enumerated().map { ($1.page.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The fingerprint of `fact` in this site: a fact that is gone, or that holds what cannot
    /// be fingerprinted, gets a number no build recorded (its readers render again).
    func fingerprint(of fact: Fact) -> UInt64 {
        if let known = known.withLock({ $0[fact] }) { return known }
        let made = object(standingFor: fact).flatMap(FactFingerprint.ofMembers) ?? UInt64.random(in: .min ... .max)
        known.withLock { $0[fact] = made }
        return made
    }

    /// The object templates get for `fact`, as the outputs of this site get it.
    private func object(standingFor fact: Fact) -> (any ListedTemplateObject)? {
        let context = site.context
        switch fact {
        case .page(let path):
            guard let position = index[path] else { return nil }
            let page = site.pages[position]
            let (previous, next) = site.neighbours[position]
            return context.pageModel(page, section: site.loaded.sections[page.page.sectionPath], previous: previous, next: next)
        case .listing(let path):
            return index[path].map { context.summaryModel(site.pages[$0]) }
        case .feedEntry(let path):
            return index[path].map { FeedEntry(site.pages[$0], base: context.absoluteBase, configuration: site.configuration) }
        case .site(let code):
            return context.site(code).model
        case .words(let code):
            guard case .object(let words) = context.words(code) else { return nil }
            return words as? any ListedTemplateObject
        case .data(let code):
            return context.dataModel(code)
        case .templates:
            // With what pages show of the images (their sizes and copies), which the templates' output gets.
            var members = site.theme.templates.texts.mapValues(TemplateValue.text)
            if !site.files.images.images.isEmpty { members["\u{0}images"] = .text(site.files.images.digest) }
            return TemplateDictionary(members)
        }
    }
}
