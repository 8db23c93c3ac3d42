import Foundation
import SitegenLimits
import Testing

/// The table of the DocC article "Limits" (`Sources/SitegenLimits/SitegenLimits.docc/Limits.md`)
/// says what `Limits` holds: every limit, with its value.
@Suite("The limits as documented")
struct LimitsDocumentationTests {
    private enum Unit { case bytes, count, deep, times, seconds }

    /// Each limit with the row of the article that documents it.
    private static let rows: [(name: String, row: String, value: Double, unit: Unit)] = [
        ("markdownFileBytes", "Markdown file", Double(Limits.markdownFileBytes), .bytes),
        ("expandedPageBytes", "page after includes and shortcodes", Double(Limits.expandedPageBytes), .bytes),
        ("includesPerPage", "includes expanded for one page", Double(Limits.includesPerPage), .count),
        ("includeDepth", "includes nested", Double(Limits.includeDepth), .deep),
        ("bookIncludeDepth", "mdBook `{{#include}}` nested", Double(Limits.bookIncludeDepth), .deep),
        ("configurationBytes", "configuration file", Double(Limits.configurationBytes), .bytes),
        ("dataFileBytes", "data file (`data/`, `i18n/`)", Double(Limits.dataFileBytes), .bytes),
        ("templateFileBytes", "template or theme file", Double(Limits.templateFileBytes), .bytes),
        ("folderDepth", "folders nested", Double(Limits.folderDepth), .deep),
        ("folderVisits", "one folder reached through links", Double(Limits.folderVisits), .times),
        ("summaryDepth", "mdBook `SUMMARY.md` nesting", Double(Limits.summaryDepth), .deep),
        ("menuEntries", "entries of one menu, or of MkDocs' `nav`", Double(Limits.menuEntries), .count),
        ("manifestBytes", "output manifest (`.sitegen-manifest`) read back", Double(Limits.manifestBytes), .bytes),
        ("buildCacheBytes", "build cache (`.sitegen-cache-NAME`) read back", Double(Limits.buildCacheBytes), .bytes),
        ("imagePixels", "pixels of one image made in other sizes (width × height)", Double(Limits.imagePixels), .count),
        ("sourceEntries", "files and folders one walk of a source not on disk lists", Double(Limits.sourceEntries), .count),
        ("frontMatterBytes", "front matter (YAML, TOML, JSON)", Double(Limits.frontMatterBytes), .bytes),
        ("frontMatterDepth", "front matter nesting (maps, lists, tables, parts of a dotted key or `[table.header]`)",
         Double(Limits.frontMatterDepth), .count),
        ("aliasValues", "values YAML aliases repeat", Double(Limits.aliasValues), .count),
        ("containerDepth", "`:::` containers and alerts nested", Double(Limits.containerDepth), .deep),
        ("shortcodeDepth", "shortcodes nested", Double(Limits.shortcodeDepth), .deep),
        ("shortcodeTagBytes", "one shortcode's opening tag", Double(Limits.shortcodeTagBytes), .bytes),
        ("templateNesting", "template sections open at once", Double(Limits.templateNesting), .count),
        ("templateDepth", "template depth along includes", Double(Limits.templateDepth), .count),
        ("templateRecursion", "one template inside itself", Double(Limits.templateRecursion), .times),
        ("templateExpansions", "partials and layouts opened by one render", Double(Limits.templateExpansions), .count),
        ("templateIterations", "loop iterations in one output", Double(Limits.templateIterations), .count),
        ("templateOutputBytes", "bytes one output's template writes", Double(Limits.templateOutputBytes), .bytes),
        ("mathFormulaBytes", "math formula (`$…$`, `$$…$$`)", Double(Limits.mathFormulaBytes), .bytes),
        ("mathNesting", "math formula nesting (groups, arguments, `\\left`, environments)", Double(Limits.mathNesting), .deep),
        ("mathExpandedTokens", "tokens the macros of one formula expand to", Double(Limits.mathExpandedTokens), .count),
        ("dialectTemplateBytes", "another generator's shortcode or include file", Double(Limits.dialectTemplateBytes), .bytes),
        ("dialectNesting", "blocks open at once in such a file", Double(Limits.dialectNesting), .count),
        ("dialectIterations", "loop iterations in one run of such a file", Double(Limits.dialectIterations), .count),
        ("dialectOutputBytes", "bytes one run of such a file writes", Double(Limits.dialectOutputBytes), .bytes),
        ("dialectCollectionItems", "items of a list or map such a file builds", Double(Limits.dialectCollectionItems), .count),
        ("dialectWalkedValues", "values one run of a Liquid or Tera file walks", Double(Limits.dialectWalkedValues), .count),
        ("searchIndexSeconds", "Pagefind's run", Limits.searchIndexSeconds, .seconds),
        ("sassSeconds", "compiling one Sass stylesheet", Limits.sassSeconds, .seconds),
        ("sassMemoryBytes", "memory of one Sass compile", Double(Limits.sassMemoryBytes), .bytes),
        ("sassOutputBytes", "CSS one Sass stylesheet makes", Double(Limits.sassOutputBytes), .bytes),
        ("externalRequestSeconds", "`check --external`: one request, connect to last byte", Limits.externalRequestSeconds, .seconds),
        ("externalRequests", "`check --external`: requests at once", Double(Limits.externalRequests), .count),
        ("externalRequestsPerHost", "`check --external`: requests at once to one host", Double(Limits.externalRequestsPerHost), .count),
        ("requestLineBytes", "`serve`: request line", Double(Limits.requestLineBytes), .bytes),
        ("requestHeaderBytes", "`serve`: request headers", Double(Limits.requestHeaderBytes), .bytes),
        ("connections", "`serve`: connections at once", Double(Limits.connections), .count),
        ("liveReloadListeners", "`serve`: live-reload listeners", Double(Limits.liveReloadListeners), .count),
        ("responseChunkBytes", "`serve`: chunk a static file is sent in", Double(Limits.responseChunkBytes), .bytes),
        ("liveReloadPageBytes", "`serve`: largest HTML page that gets the live-reload script", Double(Limits.liveReloadPageBytes), .bytes),
    ]

    /// How the article writes a value: `16 MB`, `64 MiB`, `8 KB`, `1,000`, `8 deep`, `600 s`.
    private static func written(_ value: Double, _ unit: Unit) -> String {
        let whole = Int(value)
        switch unit {
        case .bytes:
            if whole % 1_000_000 == 0 { return "\(whole / 1_000_000) MB" }
            if whole % (1 << 20) == 0 { return "\(whole >> 20) MiB" }
            return "\(whole / 1024) KB"
        case .count: return whole.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        case .deep: return "\(whole) deep"
        case .times: return "\(whole) times"
        case .seconds: return "\(whole) s"
        }
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The article that holds the table.
    private static let article = "Sources/SitegenLimits/SitegenLimits.docc/Limits.md"

    @Test("every limit of Limits.swift has a row in the Limits article's table, with its value")
    func tableMatches() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(Self.article), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## The limits\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        var cells: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| limit") {
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { cells[parts[0]] = parts[1] }
        }
        for row in Self.rows {
            let cell = try #require(cells[row.row], "no row in \(Self.article) for \(row.name)")
            #expect(cell.hasPrefix(Self.written(row.value, row.unit)), "\(row.name): \(Self.article) says \(cell)")
        }
        #expect(cells.count == Self.rows.count, "rows the test does not know: \(Set(cells.keys).subtracting(Self.rows.map(\.row)))")
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/SitegenLimits/Limits.swift"), encoding: .utf8)
        let names = source.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "package static let ") else { return nil }
            return String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
        }
        #expect(Set(names) == Set(Self.rows.map(\.name)))
    }
}
