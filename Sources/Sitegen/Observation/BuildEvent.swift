import Foundation

/// Something that happened during a build, for observers such as the command line's
/// progress display.
public enum BuildEvent: Sendable {
    /// The build started.
    case started
    /// A step finished, with its duration in seconds.
    case stepFinished(name: String, seconds: Double)
    /// A page was rendered and written: its URL, and how many of how many pages are done.
    case pageRendered(url: String, done: Int, total: Int)
    /// The build succeeded.
    case finished(BuildSummary)
    /// The build failed; the previous output is untouched.
    case failed(String)
}
