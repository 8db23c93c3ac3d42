import SitegenTemplates

/// Splits a list page's pages into numbered pages: `/posts/`, `/posts/page/2/`, … (a list at
/// an ugly URL, `/tags/swift.html`, as Hugo pages it: `/tags/swift/page/2.html`).
package struct Pager<Item> {
    package struct Page {
        let number: Int
        let url: String
        package let items: ArraySlice<Item>
    }

    package let pages: [Page]

    /// `perPage` 0 puts every item on one page; an empty list still has one page.
    package init(_ items: [Item], perPage: Int, url: String) {
        let size = perPage > 0 ? perPage : max(items.count, 1)
        // Written so that no size, however large, overflows: start < items.count for every page.
        let count = items.isEmpty ? 1 : (items.count - 1) / size + 1
        pages = (0..<count).map { index in
            let start = min(index * size, items.count)
            let later = url.hasSuffix(".html") ? url.dropLast(5) + "/page/\(index + 1).html" : url + "page/\(index + 1)/"
            return Page(number: index + 1, url: index == 0 ? url : later,
                        items: items[start..<start + min(size, items.count - start)])
        }
    }

    /// What templates get as `pagination` on page `number`: its neighbours' URLs and the
    /// numbers to link, the first, the last and three either side of it, so that a list of n
    /// pages costs O(n), not O(n²), to make and write (a term of 6,000 pages has 600).
    package func value(for number: Int, basePath: String) -> TemplateValue {
        let index = number - 1
        let near = max(1, number - 3)...max(1, min(pages.count, number + 3))
        let numbers = (near.contains(1) ? [] : [1]) + Array(near) + (near.contains(pages.count) ? [] : [pages.count])
        let shown = numbers.map { pages[$0 - 1] }
        var values: [String: TemplateValue] = [
            "current": .int(number),
            "total": .int(pages.count),
            "isPaginated": .bool(pages.count > 1),
            "pages": .list(shown.map { ["number": .int($0.number), "url": .text(basePath + $0.url), "isCurrent": .bool($0.number == number)] }),
        ]
        if index > 0 { values["previousURL"] = .text(basePath + pages[index - 1].url) }
        if index + 1 < pages.count { values["nextURL"] = .text(basePath + pages[index + 1].url) }
        return .object(TemplateDictionary(values))
    }

    static var shape: TemplateShape {
        .object(name: "pagination", members: [
            "current": .scalar, "total": .scalar, "isPaginated": .scalar, "previousURL": .scalar, "nextURL": .scalar,
            "pages": .list(.object(name: "pagerLink", members: ["number": .scalar, "url": .scalar, "isCurrent": .scalar])),
        ])
    }
}
