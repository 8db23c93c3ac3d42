import SitegenMarkdown

/// jekyll-feed, as a Jekyll site's `_config.yml` names it: the Atom feed it publishes at
/// `/feed.xml` (or `feed: path:`), which readers are subscribed to, and the `<link>` that
/// `{% feed_meta %}` writes for it.
enum JekyllFeed {
    /// The feed's output path (`feed.xml`, or `feed: path:` without its leading `/`) when
    /// `plugins:` (or the older `gems:`) names `jekyll-feed`; `nil` otherwise, or when the path
    /// would leave the output folder.
    static func path(in params: FrontMatter) -> String? {
        let plugins = ["plugins", "gems"].flatMap { params[$0]?.list?.compactMap(\.string) ?? [] }
        guard plugins.contains("jekyll-feed") else { return nil }
        var path = params["feed"]?.map?["path"]?.string ?? "feed.xml"
        while path.hasPrefix("/") { path.removeFirst() }
        return try? URLPath.outputPath(path)
    }

    /// What `{% feed_meta %}` writes: a `<link>` to the feed at `path` below `siteURL` (the
    /// site's scheme, host and path, without a last `/`), titled `title`, as jekyll-feed writes it.
    static func meta(path: String, siteURL: String, title: String) -> String {
        "<link type=\"application/atom+xml\" rel=\"alternate\" href=\"\(HTMLText.escapeAttribute(siteURL + "/" + path))\" "
            + "title=\"\(HTMLText.escapeAttribute(title))\" />"
    }
}
