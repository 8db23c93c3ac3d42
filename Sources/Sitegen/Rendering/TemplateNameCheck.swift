import SitegenTemplates

extension Theme {
    /// The names in the templates that no value can ever have where they are written
    /// (`{{page.tilte}}`), each at its file, line and column, with the nearest name that does
    /// resolve there: checked from each template sitegen renders by name (and each `layout` the
    /// pages name) through the partials and layouts it includes.
    func unresolvableNames(in loaded: LoadedSite) -> [SiteError] {
        let taxonomies = loaded.configuration.taxonomies
        var entries = TemplateRoot.Kind.allCases.map { (name: $0.templateName, kind: $0) }
        let layouts = Set(loaded.pages.compactMap(\.layout)).subtracting(entries.map(\.name))
        entries += layouts.sorted().map { (name: $0, kind: .page) }
        let roots = entries.map { (template: $0.name, root: TemplateRoot.shape(of: $0.kind, taxonomies: taxonomies)) }
        return templates.unresolvableNames(from: roots).map { name in
            let hint = name.suggestion.map { "; did you mean `\($0)`?" } ?? ""
            return SiteError(file: name.displayPath, line: name.line, "column \(name.column): `\(name.name)` can never have a value here\(hint)")
        }
    }
}
