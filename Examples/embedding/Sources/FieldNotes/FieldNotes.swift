import Foundation
import Sitegen

/// A small site held in memory, as a program would take it from a database or an API: a home
/// page, an about page, a section of trips, a menu and a stylesheet. It is built without
/// reading or writing a file.
public enum FieldNotes {
    /// The site's documents by path, laid out as a site folder would be.
    public static let documents: [String: String] = [
        "sitegen.yml": """
            title: Field Notes
            baseURL: https://notes.example.org/
            menus:
              main:
                - {name: Trips, url: /trips/, weight: 1}
                - {name: About, pageRef: about.md, weight: 2}
            """,
        "content/_index.md": """
            ---
            title: Field Notes
            ---
            Notes from walks, written [on the way back](about.md).
            """,
        "content/about.md": """
            ---
            title: About
            ---
            # About

            Written by one walker, built by a program that keeps its pages in memory.
            """,
        "content/trips/_index.md": """
            ---
            title: Trips
            ---
            Every walk, newest first.
            """,
        "content/trips/ridge.md": """
            ---
            title: Along the ridge
            date: 2026-03-14
            ---
            A long day above the clouds. Back to [all trips](_index.md).
            """,
        "content/trips/coast.md": """
            ---
            title: The coast path
            date: 2026-04-02
            ---
            Wind, gulls and [the ridge](ridge.md) in the distance.
            """,
        "static/css/extra.css": "body { accent-color: teal; }\n",
    ]

    /// A builder of the site, reading `documents` from memory.
    public static func builder() throws -> SiteBuilder {
        let source = try MemorySource(documents)
        return SiteBuilder(site: Site(), layout: SiteLayout(source: source))
    }

    /// Builds the site and hands each of its files to `output`.
    @discardableResult
    public static func build(into output: inout some SiteOutput) async throws -> BuildSummary {
        try await builder().build(into: &output)
    }
}

/// A ``SiteOutput`` that keeps every file it gets, by path.
public struct CollectedFiles: SiteOutput {
    /// The files received so far.
    public private(set) var files: [String: Data] = [:]
    /// The paths in the order they came.
    public private(set) var order: [String] = []

    /// An output that has received nothing yet.
    public init() {}

    /// Keeps `data` as the file at `path`.
    public mutating func write(_ data: Data, to path: String) async throws {
        files[path] = data
        order.append(path)
    }

    /// The text of a file received.
    public func text(at path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }
}
