import SitegenMarkdown

/// The `sass:` settings of a Jekyll site's `_config.yml`, as jekyll-sass-converter reads them:
/// where `@import` looks (`load_paths`, then `sass_dir`, `_sass` unless given) and how the CSS
/// is laid out (`style`: `compact` unless given, as Jekyll 4 with sassc lays it out).
struct JekyllSassSettings: Sendable, Hashable {
    /// The folders `@import` looks in after the stylesheet's own, as paths from the site's
    /// root: `load_paths` (plain paths; globs are left out), then `sass_dir`; `..` above the
    /// root stays at the root.
    var loadPaths: [String] = ["_sass"]
    /// `style:` (`nested`, `expanded`, `compact`, `compressed`).
    var style = "compact"

    init() {}

    /// Whether the file at `path` is Sass (`.scss`, or `.sass` in the indented syntax).
    static func isSass(_ path: String) -> Bool {
        path.hasSuffix(".scss") || path.hasSuffix(".sass")
    }

    /// Where the stylesheet compiled from the Sass file at `path` is published: at its path with `.css`.
    static func stylesheetPath(of path: String) -> String {
        isSass(path) ? String(path.dropLast(5)) + ".css" : path
    }

    /// The settings of `sass:` in `values`; values of another kind are passed over.
    init(_ values: FrontMatter) {
        guard let table = values["sass"]?.map else { return }
        let sassDir = table["sass_dir"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? "_sass"
        let given: [String]
        switch table["load_paths"] {
        case .string(let path)?: given = [path]
        case .list(let paths)?: given = paths.compactMap(\.string)
        default: given = []
        }
        loadPaths = (given + [sassDir]).compactMap { path in
            // A path from the site's root, never above it: `..` at the top stays there, as
            // Jekyll's `sanitized_path` keeps it (`../x` and `/x` are the site's `x`).
            guard !path.contains("*") else { return nil }
            var components: [Substring] = []
            for component in path.split(separator: "/") where component != "." {
                if component == ".." { _ = components.popLast() } else { components.append(component) }
            }
            return components.joined(separator: "/")
        }
        if let style = table["style"]?.string.map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }),
           ["nested", "expanded", "compact", "compressed"].contains(style) {
            self.style = style
        }
    }
}
