import Foundation

/// Choices for one build, usually from the command line.
public struct BuildOptions: Sendable {
    /// Include pages with `draft: true`.
    public var includeDrafts: Bool
    /// Include pages dated in the future.
    public var includeFuture: Bool
    /// Include pages past their `expiryDate` (Hugo's `--buildExpired`).
    public var includeExpired = false
    /// Overrides `baseURL` of the configuration.
    public var baseURL: String?
    /// The moment that decides which pages are in the future.
    public var now: Date
    /// Whether a name in a template that can never have a value (`{{page.tilte}}`) stops the
    /// build instead of being a warning.
    public var strict: Bool
    /// How much Markdown (in bytes) a site has, at least, for a build that writes to disk to
    /// keep its pages' HTML in a nameless file beside the output between the parse and the
    /// render instead of in memory (``defaultSpillThreshold``; the tests set it low).
    package var spillThreshold = defaultSpillThreshold
    /// 256 MB: at 100,000 pages (810 MB of Markdown) the pages' HTML takes 1.3 GB of memory,
    /// which the file saves for a twentieth more time; smaller sites keep it in memory.
    package static let defaultSpillThreshold = 256 << 20
    /// How much Markdown (in bytes) a build that remembers nothing holds in memory from the load
    /// to the parse; the bodies of the pages read after that are left in their files and read
    /// again when parsed (the tests set it low). 128 MB: at 100,000 pages, holding every body
    /// takes the peak from 0.72 to 1.58 GB, and reading all again costs 4% of a 10,000-page
    /// build (100 MB of Markdown, which is held).
    package var heldMarkdownBytes = 128 << 20
    /// How many bytes of changed outputs a live build holds in memory until its commit; the
    /// others wait in a nameless file (the tests set it low). 64 MB: the first live build of
    /// 10,000 pages makes 210 MB of outputs, of 100,000 pages 2.1 GB.
    package var heldOutputBytes = 64 << 20

    /// Creates options; by default drafts and future pages are left out.
    public init(includeDrafts: Bool = false, includeFuture: Bool = false, baseURL: String? = nil, now: Date = Date(),
                strict: Bool = false) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
        self.now = now
        self.strict = strict
    }
}
