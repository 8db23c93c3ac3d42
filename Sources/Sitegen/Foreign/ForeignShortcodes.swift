import SitegenMarkdown

/// The shortcode files a site already has from another generator, interpreted: Hugo's
/// `layouts/shortcodes/*.html` (and its theme's), Zola's `templates/shortcodes/*.html`,
/// Jekyll's `_includes/*.html`.
struct ForeignShortcodes: Sendable {
    /// No shortcode files.
    static let none = ForeignShortcodes()

    func has(_ name: String, form: TagCall.Form) -> Bool { false }

    func render(_ call: TagCall, inner: String?, ordinal: Int, model: ShortcodeTemplates.PageModel,
                markdownify: @escaping @Sendable (String) -> String) -> Result<String, SiteError> {
        .failure(SiteError(file: nil, "no shortcode file for `\(call.name)`"))
    }
}
