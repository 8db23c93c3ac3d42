import SitegenTemplates
import Testing
@testable import SitegenTemplateDialects

// The Liquid of these tests is the Liquid of the Elixir website (github.com/elixir-lang/
// elixir-lang.github.com: `cases.html`, `blog/categories.html`, `install.markdown`,
// `_includes/categories-list.html`, `_includes/pagination.html`, `atom.xml`), its text under
// Apache-2.0. Its HTML and CSS are GPL-2.0 (AlienWp), so the markup around the tags here is our
// own, reduced to what shows the tags worked.

/// Posts and data shaped as Jekyll gives them to the Elixir website.
private let elixirSite: [String: TemplateValue] = {
    let cases: [TemplateValue] = [
        ["title": "Case A", "url": "/blog/a/", "date": "2023-01-10", "flagship": true, "tags": ["web", "iot"]],
        ["title": "Case B", "url": "/blog/b/", "date": "2024-02-20", "logo": "/images/b.png", "tags": []],
        ["title": "Case C", "url": "/blog/c/", "date": "2022-05-01", "flagship": true, "logo": "/images/c.png", "tags": ["fintech"]],
    ]
    let announcement: TemplateValue = ["title": "Elixir v1.19 released", "url": "/blog/v1-19/", "date": "2025-10-16T10:00:00Z",
                                       "authors": ["José Valim"], "id": "/blog/v1-19", "content": "<p>Types & more</p>"]
    let versions = TemplateDictionary([
        "stable": "v1_19",
        "v1_19": ["name": "v1.19", "version": "1.19.5", "minimum_otp": "26.0", "recommended_otp": "28.1", "otp_versions": [28, 27, 26]],
        "v1_18": ["name": "v1.18", "version": "1.18.4", "minimum_otp": "26.0", "otp_versions": [27, 26, 25]],
    ])
    return [
        "site": [
            "url": "https://elixir-lang.org", "time": "2026-01-02T03:04:05Z", "posts": [announcement],
            "categories": ["Elixir in Production": .list(cases), "Announcements": [announcement]],
            "data": ["elixir-versions": .object(versions)],
        ],
        "page": ["elixir_url": "https://elixir-lang.org"],
        "paginator": ["page": 2, "total_pages": 3, "previous_page": 1, "next_page": 3],
    ]
}()

private func squeezed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

@Test func casesPageListsFlagshipsFirstNewestFirst() throws {
    let source = """
        {% assign sorted_posts = site.categories["Elixir in Production"] | sort: 'date' | reverse %}
        {% for post in sorted_posts %}
          {%- if post.flagship %}
          <a href="{{ post.url }}">{% if post.logo == nil %}default{% else %}{{ post.logo }}{% endif %}
          {% for tag in post.tags %}#{{tag}}{% endfor %}</a>
          {%- endif -%}
        {% endfor %}
        {% for post in sorted_posts %}
          {%- unless post.flagship %}
          <a href="{{ post.url }}">{% if post.logo == nil %}default{% else %}{{ post.logo }}{% endif %}</a>
          {%- endunless -%}
        {% endfor %}
        """
    #expect(squeezed(try liquid(source, elixirSite))
        == "<a href=\"/blog/a/\">default #web#iot</a> <a href=\"/blog/c/\">/images/c.png #fintech</a> <a href=\"/blog/b/\">/images/b.png</a>")
}

@Test func categoriesPageWalksSortedCategoryPairs() throws {
    let source = """
        {% assign sorted_cats = site.categories | sort %}
        {% for category in sorted_cats %}
          <h5 id="{{ category | first }}">{{ category | first | capitalize }}</h5>
          {% for posts in category %}{% for post in posts %}{% if post.title %}
            <li>{{ post.title }} {{ post.date | date: "%B %d, %Y" }}</li>
          {% endif %}{% endfor %}{% endfor %}
        {% endfor %}
        """
    #expect(squeezed(try liquid(source, elixirSite)) == """
        <h5 id="Announcements">Announcements</h5> <li>Elixir v1.19 released October 16, 2025</li> \
        <h5 id="Elixir in Production">Elixir in production</h5> <li>Case A January 10, 2023</li> \
        <li>Case B February 20, 2024</li> <li>Case C May 01, 2022</li>
        """)
}

@Test func categoriesListComparesTheFirstOfEachPair() throws {
    let source = """
        {% assign sorted_cats = site.categories | sort %}{% for category in sorted_cats %}{% assign category_first = category | first %}
        {% if category_first == "Elixir in Production" %}[cases]{% else %}[#{{ category_first }}]{% endif %}{% endfor %}
        """
    #expect(squeezed(try liquid(source, elixirSite)) == "[#Announcements] [cases]")
}

@Test func installPageReadsTheStableVersionFromData() throws {
    let source = """
        {% assign stable = site.data.elixir-versions[site.data.elixir-versions.stable] %}
        Elixir {{ stable.name }} requires Erlang {{ stable.minimum_otp }}.
        {% for otp_version in stable.otp_versions %}* {{ stable.version }}-otp-{{ otp_version }}
        {% endfor %}export PATH=elixir/{{ stable.version }}-otp-{{ stable.otp_versions[0] }}/bin
        {% for version in site.data.elixir-versions %}{% if version[0] == 'stable' %}{% continue %}{% endif %}{% if version[1].version == stable.version %}({{ version[1].name }} stable){% else %}({{ version[1].name }}){% endif %}{% for otp in version[1].otp_versions reversed %} {{ otp }}{% endfor %}
        {% endfor %}
        """
    #expect(try liquid(source, elixirSite) == """

        Elixir v1.19 requires Erlang 26.0.
        * 1.19.5-otp-28
        * 1.19.5-otp-27
        * 1.19.5-otp-26
        export PATH=elixir/1.19.5-otp-28/bin
        (v1.18) 25 26 27
        (v1.19 stable) 26 27 28

        """)
}

@Test func paginationCountsFromTwoToTheLastPage() throws {
    let source = """
        {% if paginator.previous_page %}{% if paginator.previous_page == 1 %}<a href="/blog">Previous</a>{% else %}<a href="/blog/page{{paginator.previous_page}}">Previous</a>{% endif %}{% endif %}
        {% if paginator.page == 1 %}<b>1</b>{% else %}<a href="/blog">1</a>{% endif %}
        {% for count in (2..paginator.total_pages) %}{% if count == paginator.page %}<b>{{count}}</b>{% else %}<a href="/blog/page{{count}}">{{count}}</a>{% endif %}{% endfor %}
        {% if paginator.next_page %}<a href="/blog/page{{paginator.next_page}}">Next</a>{% endif %}
        """
    #expect(squeezed(try liquid(source, elixirSite))
        == "<a href=\"/blog\">Previous</a> <a href=\"/blog\">1</a> <b>2</b><a href=\"/blog/page3\">3</a> <a href=\"/blog/page3\">Next</a>")
}

@Test func atomFeedWritesXMLDatesAndEscapedContent() throws {
    let source = """
        <updated>{{ site.time | date_to_xmlschema }}</updated>
        {% for post in site.posts %}<entry><link href="{{ page.elixir_url }}{{ post.url }}"/>{% for author in post.authors %}<name>{{ author }}</name>{% endfor %}<updated>{{ post.date | date_to_xmlschema }}</updated><id>{{ post.id }}</id><content type="html">{{ post.content | xml_escape }}</content></entry>{% endfor %}
        &copy; {{ 'now' | date: "%Y" }}
        """
    let output = try liquid(source, elixirSite)
    #expect(output.hasPrefix("""
        <updated>2026-01-02T03:04:05Z</updated>
        <entry><link href="https://elixir-lang.org/blog/v1-19/"/><name>José Valim</name><updated>2025-10-16T10:00:00Z</updated>\
        <id>/blog/v1-19</id><content type="html">&lt;p&gt;Types &amp; more&lt;/p&gt;</content></entry>
        &copy; 20
        """))
}

@Test func markdownPagesIncludeTheirTableOfContentsAndSEOTag() throws {
    let environment = LiquidEnvironment(
        include: { name in ["toc.html": "<div id=\"toc\"></div>", "top.html": "<head>{% seo title=false %}</head>"][name] },
        tag: { name, argument in name == "seo" ? "<meta seo \(argument)>" : nil })
    #expect(try liquid("{% include top.html %}\n# Install\n\n{% include toc.html %}\n", environment: environment)
        == "<head><meta seo title=false></head>\n# Install\n\n<div id=\"toc\"></div>\n")
}
