import SitegenTemplates

/// What each kind of template finds at the top of its context, as shapes: for finding names in
/// templates that can never resolve (`{{page.tilte}}`) before anything renders.
enum TemplateRoot {
    /// The templates sitegen renders by name, and what each gets besides `site`, `data` and `head`.
    enum Kind: CaseIterable {
        case page, section, home, taxonomy, term, notFound

        /// The template's name; a page's `layout` names another template of the page kind.
        var templateName: String {
            switch self {
            case .page: "page"
            case .section: "section"
            case .home: "home"
            case .taxonomy: "taxonomy"
            case .term: "term"
            case .notFound: "404"
            }
        }
    }

    /// The members at the top of a `kind` template's context.
    static func shape(of kind: Kind, taxonomies: [String]) -> TemplateShape {
        var members: [String: TemplateShape] = ["site": site, "data": .any, "head": HeadModel.shape, "t": .any]
        let pages = TemplateShape.list(PageSummary.shape)
        switch kind {
        case .page:
            members["page"] = PageModel.shape(taxonomies: taxonomies)
        case .section, .home:
            members["section"] = .object(name: "section", members: [
                "title": .scalar, "url": .scalar, "content": .scalar, "pages": pages, "hasPages": .scalar,
                "subsections": .list(.object(name: "subsection", members: ["title": .scalar, "url": .scalar, "count": .scalar])),
                "hasSubsections": .scalar, "params": .any, "imageCopies": .any,
            ])
            members["pagination"] = Pager<Int>.shape
            if kind == .home {
                members["recent"] = .object(name: "recent", members: ["pages": pages])
                members["hasRecentPages"] = .scalar
            }
        case .taxonomy:
            members["taxonomy"] = .object(name: "taxonomy", members: [
                "name": .scalar, "title": .scalar, "content": .scalar,
                "terms": .list(.object(name: "termLink", members: ["name": .scalar, "url": .scalar, "count": .scalar])),
            ])
            members["pagination"] = Pager<Int>.shape
        case .term:
            members["term"] = .object(name: "term", members: [
                "name": .scalar, "taxonomy": .scalar, "taxonomyTitle": .scalar, "taxonomyURL": .scalar, "count": .scalar,
                "pages": pages, "title": .scalar, "content": .scalar,
            ])
            members["pagination"] = Pager<Int>.shape
        case .notFound:
            break
        }
        return .object(name: "root", members: members)
    }

    /// `site`, the same for every template.
    static let site = TemplateShape.object(name: "site", members: [
        "title": .scalar, "description": .scalar, "language": .scalar, "direction": .scalar, "readsRightToLeft": .scalar,
        "baseURL": .scalar, "basePath": .scalar,
        "menu": .list(MenuModel.entryShape), "hasMenu": .scalar, "menus": .any,
        "hasFeeds": .scalar, "search": .scalar, "year": .scalar, "params": .any, "nav": NavigationTree.shape, "author": .scalar, "repository": .scalar,
        "stylesheets": .list(.object(name: "stylesheet", members: ["url": .scalar])),
        "languageName": .scalar, "languagePath": .scalar, "isMultilingual": .scalar,
        "languages": .list(.object(name: "siteLanguage", members: ["code": .scalar, "name": .scalar, "url": .scalar, "isCurrent": .scalar])),
    ])
}
