import Foundation

extension FolderWalker {
    /// The walker for a site: its source following links outside it as its configuration says
    /// (`followLinksOutside`), and, on disk, its output folder left out (a link to the site
    /// folder must not publish the last build again).
    init(layout: SiteLayout, configuration: SiteConfiguration) {
        let layout = layout.following(configuration)
        var skipping: [URL] = []
        if let disk = layout.source.folder {
            // The publish folder is never content either, also when a preview writes elsewhere.
            let publishFolder = disk.url(of: "public")
            let published = FileManager.default.fileExists(atPath: publishFolder.appendingPathComponent(URLPath.manifestFile).path)
            skipping = (layout.output.map { [$0] } ?? []) + (published ? [publishFolder] : [])
        }
        self.init(source: layout.source, skipping: skipping)
    }
}
