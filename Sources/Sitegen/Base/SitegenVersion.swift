/// The version of sitegen, set here and nowhere else: `sitegen --version` and
/// `sitegen version` print it. Raise it when a release is tagged.
package enum SitegenVersion {
    /// The version number, `MAJOR.MINOR.PATCH`.
    package static let number = "0.1.0"

    /// What `sitegen --version` prints: `sitegen 0.1.0`.
    package static var text: String { "sitegen \(number)" }
}
