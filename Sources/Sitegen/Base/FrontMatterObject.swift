import Foundation
import SitegenMarkdown
import SitegenTemplateDialects
import SitegenTemplates

/// Front matter, a data file or a plugin's page data as templates see it: each member is read
/// when a template asks for it, dates as long text in the site's language (or as `dateText`
/// writes them: Jekyll's Liquid shows them as Ruby does).
struct FrontMatterObject: IterableTemplateObject {
    let frontMatter: FrontMatter
    let language: String
    var dateText: (@Sendable (Date) -> String)? = nil

    /// The keys in the order written: Liquid's `{% for pair in site.data.versions %}` and Tera's
    /// `{% for key, value in page.extra.links %}` visit them so, as Jekyll and Zola do.
    var memberNames: [String] { frontMatter.keys }

    func member(_ name: String) -> TemplateValue? {
        frontMatter[name].map { Self.value($0, language: language, dateText: dateText) }
    }

    /// One front matter value as a template value; dates as `dateText` writes them, else as
    /// long text in `language`.
    static func value(_ value: FrontMatterValue, language: String, dateText: (@Sendable (Date) -> String)? = nil) -> TemplateValue {
        switch value {
        case .string(let string): .text(string)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .bool(let bool): .bool(bool)
        case .date(let date): .text(dateText?(date) ?? DateText.long(date, language: language))
        case .list(let list): .list(list.map { self.value($0, language: language, dateText: dateText) })
        case .map(let map): .object(FrontMatterObject(frontMatter: map, language: language, dateText: dateText))
        case .null: .null
        }
    }
}
