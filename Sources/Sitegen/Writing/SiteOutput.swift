import Foundation

/// Receives the files of a built site, one call each, for a program that publishes a site
/// without a folder on disk: an upload to object storage, a response of a web app, an archive.
///
/// ``SiteBuilder/build(into:)`` hands over every file once the build has succeeded, in path
/// order, one at a time; a build that fails hands over nothing.
public protocol SiteOutput {
    /// Receives the file at `path` of the built site: `index.html`, `posts/first/index.html`,
    /// `assets/style.css` (relative, with `/` between folders, never `..`).
    ///
    /// - Throws: any error; the build stops and throws it.
    mutating func write(_ data: Data, to path: String) async throws
}
