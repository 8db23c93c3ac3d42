import Foundation

/// What a finished build did.
public struct BuildSummary: Sendable {
    /// Pages written (Markdown pages, not lists).
    public let pages: Int
    /// List pages written (home and sections).
    public let listPages: Int
    /// Files copied.
    public let files: Int
    /// Seconds from start to finish.
    public let seconds: Double
    /// The output folder of the site's layout (``SiteLayout/output``); `nil` for a site read
    /// from a source not on disk that was given none.
    public let output: URL?
    /// Problems that did not stop the build.
    public let warnings: [SiteError]
    /// What the build did on its own that the author may want to know, such as a Jekyll
    /// site's `atom.xml` template replaced by sitegen's feed (the command line shows each in one line).
    public var notes: [SiteError] = []
    /// Another generator's configuration file the site's settings were read from, if any
    /// (the command line says so in one line).
    public var foreignConfiguration: ForeignConfiguration? = nil
    /// How many copies of images the build made (smaller ones, share copies, those pages asked
    /// for), not counting those linked from the build before (see the Images article).
    public var imageCopiesMade = 0
}
