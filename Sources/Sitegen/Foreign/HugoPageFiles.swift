import Foundation
import SitegenLimits

/// The HTML files of a Hugo site's content folder with front matter (`---` or `+++`): Hugo
/// renders them as pages, their HTML the page's text inside the layout, at the URL a Markdown
/// file of that name would have (`content/about.html` → `/about/`), so sitegen does too, with
/// one warning when they hold template tags (`{{ … }}`), which it publishes as written. Other
/// files are copied as they are.
struct HugoPageFiles {
    /// HTML files to read as pages, relative to the content folder.
    private(set) var pages: [String] = []
    /// The files left to copy as they are.
    private(set) var otherFiles: [String] = []
    /// One for each page that holds template tags.
    private(set) var warnings: [SiteError] = []

    /// Sorts `files` (the content folder's files that are not Markdown, relative to `content`).
    init(files: [String], content: String, in source: any SiteSource, display: (String) -> String) {
        for path in files {
            guard path.hasSuffix(".html") || path.hasSuffix(".htm"),
                  let text = try? source.text(of: FolderWalker.join(content, path), maximumSize: Limits.markdownFileBytes)
            else {
                otherFiles.append(path)
                continue
            }
            let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
            guard ["---\n", "---\r\n", "+++\n", "+++\r\n"].contains(where: body.hasPrefix) else {
                otherFiles.append(path)
                continue
            }
            pages.append(path)
            if let line = JekyllPageFiles.firstLiquidLine(in: body) {
                warnings.append(SiteError(file: display(path), line: line, "holds Hugo template tags ({{ … }}), which sitegen does "
                                          + "not run: the page is published with them as written"))
            }
        }
    }
}
