import CCmarkGFM
import Foundation
@testable import SitegenMarkdown

/// cmark-gfm's own parse-and-render, called directly, for comparing our output against.
enum ReferenceRenderer {
    static func html(_ markdown: String, options: MarkdownParser.Options) -> String {
        _ = cmarkLibraryReady
        var flags = CMARK_OPT_DEFAULT
        if options.rawHTML == .keep { flags |= CMARK_OPT_UNSAFE }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        if options.hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if options.extensions.contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }
        let parser: OpaquePointer = cmark_parser_new(flags)
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
        where options.extensions.contains(MarkdownParser.Extension(rawValue: name)!) {
            cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        let document = cmark_parser_finish(parser)!
        defer { cmark_node_free(document) }
        let html: UnsafeMutablePointer<CChar> = cmark_render_html(document, flags, cmark_parser_get_syntax_extensions(parser))
        defer { free(html) }
        return String(cString: html)
    }
}
