/// A problem with a site's Swift configuration target.
struct SwiftSiteError: Error, CustomStringConvertible {
    let description: String
    /// Whether the compiler could not read sitegen's own modules (built by another Swift), so
    /// that the site is built with SwiftPM instead.
    let isModuleMismatch: Bool

    init(_ description: String, isModuleMismatch: Bool = false) {
        self.description = description
        self.isModuleMismatch = isModuleMismatch
    }
}
