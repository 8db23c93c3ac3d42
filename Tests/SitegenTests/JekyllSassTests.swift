import Foundation
import Sitegen
import Testing
import TestSupport

/// A Jekyll site's Sass files with front matter are compiled to the stylesheets Jekyll
/// publishes in their place, with LibSass as Jekyll 4 (sassc) compiles them.
@Suite("Jekyll sites' Sass")
struct JekyllSassTests {
    private static let sass = [
        "_sass/_vars.scss": "$c: red;\n@mixin m { color: $c; }\n",
        "_sass/sub/_part.scss": ".x { b: 1 }\n",
        "assets/css/main.scss": "---\n---\n@import \"vars\", \"sub/part\";\n// c\n.a { .b { @include m; width: 10px * 2; } }\n/* {{ site.title }} */\n",
        "assets/css/ind.sass": "---\n---\n$w: 3px\n.s\n  width: $w\n",
        "assets/css/plain.scss": "a { color: red }\n",
        "about.md": "---\ntitle: About\n---\nAbout\n",
    ]

    /// The Jekyll site of `config` and `files`, built, with no warning.
    private func builtWithoutWarnings(_ config: String, _ files: [String: String]) async throws -> TestSite {
        let site = try TestSite(jekyll: config, files)
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        return site
    }

    @Test("a Sass file with front matter is its stylesheet: Liquid run, partials imported from _sass, laid out as Jekyll 4 lays it out")
    func compiles() async throws {
        let site = try await builtWithoutWarnings("title: Site\n", Self.sass)
        // What Jekyll 4.3.1 (jekyll-sass-converter 2.2.0, sassc) writes, but its source map's line.
        // (The other expected stylesheets of this suite are Jekyll's too.)
        #expect(try site.page("assets/css/main.css") == ".x { b: 1; }\n\n.a .b { color: red; width: 20px; }\n\n/* Site */\n")
        #expect(try site.page("assets/css/ind.css") == ".s { width: 3px; }\n")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/css/main.scss").path))
        // Without front matter Jekyll copies it, and so does sitegen.
        #expect(try site.page("assets/css/plain.scss") == "a { color: red }\n")
    }

    @Test("sass: style, sass_dir and load_paths are read")
    func settings() async throws {
        let site = try await builtWithoutWarnings("title: Site\nsass:\n  style: compressed\n  sass_dir: css/partials\n  load_paths: [vendor/kit]\n", [
            "css/partials/_a.scss": ".a { b: c }\n",
            "vendor/kit/_k.scss": ".k { d: e }\n",
            "vendor/kit/_a.scss": ".wrong { x: y }\n",
            "style.scss": "---\n---\n@import \"k\";\n@import \"a\";\n",
            "about.md": "About\n",
        ])
        // load_paths come before sass_dir, as in jekyll-sass-converter.
        #expect(try site.page("style.css") == ".k{d:e}.wrong{x:y}\n")
    }

    @Test("a Sass error is a warning at the file and line (front matter counted); nothing is read from outside the site")
    func errors() async throws {
        let outside = try TestSite()
        try outside.write(".secret { a: b }\n", to: "_secret.scss")
        let site = try TestSite(jekyll: "title: Site\n", [
            "assets/bad.scss": "---\n---\n\n.a { color: ; }\n",
            "assets/out.scss": "---\n---\n@import \"../../../../../../../../../\(outside.root.path)/secret\";\n",
            "assets/abs.scss": "---\n---\n@import \"\(outside.root.path)/secret\";\n",
            "assets/link.scss": "---\n---\n@import \"linked\";\n",
            "assets/good.scss": "---\n---\n.g { h: i }\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("assets/_linked.scss").path,
                                                   withDestinationPath: outside.root.appendingPathComponent("_secret.scss").path)
        let summary = try await site.build()
        let warnings = summary.warnings.map(\.description).filter { $0.contains("Sass") }.sorted()
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings.first == "assets/abs.scss:3: Sass: File to import not found or unreadable: \(outside.root.path)/secret "
                + "(looked for in _sass/, inside the site, files of at most 16 MB); /assets/abs.css is not published")
        #expect(warnings.contains("assets/bad.scss:4: Sass: style declaration must contain a value; /assets/bad.css is not published"))
        for name in ["bad", "out", "abs", "link"] {
            #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/\(name).css").path))
        }
        #expect(try site.page("assets/good.css") == ".g { h: i; }\n")
    }

    @Test("imports of plain CSS stay @import rules; an empty stylesheet is published empty; the file's own folder is not looked in, as in Jekyll")
    func plainImportsAndEmptyFiles() async throws {
        let site = try await builtWithoutWarnings("title: Site\n", [
            "_sass/_style.scss": ".partial { a: b }\n",
            "css/style.scss": "---\n---\n@import \"style\";\n@import \"base.css\";\n@import \"https://example.org/x.css\";\n",
            "css/base.css": ".base { c: d }\n",
            "css/empty.scss": "---\n---\n",
            "about.md": "About\n",
        ])
        #expect(try site.page("css/style.css") == "@import url(base.css);\n@import \"https://example.org/x.css\";\n.partial { a: b; }\n")
        #expect(try site.page("css/empty.css") == "")
        #expect(try site.page("css/base.css") == ".base { c: d }\n")
    }

    @Test("a Jekyll site's stylesheet at the path of the theme's own replaces it, as a file of static/ does")
    func replacesTheThemesStylesheet() async throws {
        let site = try await builtWithoutWarnings("title: Site\n", [
            "assets/style.scss": "---\n---\n.mine { a: b }\n",
            "assets/other/app.css": ".app { c: d }\n",
            "about.md": "About\n",
        ])
        #expect(try site.page("assets/style.css") == ".mine { a: b; }\n")
    }

    @Test("the sitegen command compiles in a process of its own: a stylesheet that takes all memory fails alone")
    func worker() throws {
        let site = try TestSite(jekyll: "title: Site\n", Self.sass.merging([
            "assets/bomb.scss": "---\n---\n$s: \"aaaaaaaaaaaaaaaa\";\n@while true { $s: $s + $s; }\n",
        ]) { $1 })
        let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path, "-o", site.output.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("assets/bomb.scss: Sass: "), "\(result.error)")
        #expect(try site.page("assets/css/main.css") == ".x { b: 1; }\n\n.a .b { color: red; width: 20px; }\n\n/* Site */\n")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/bomb.css").path))
    }
}

extension JekyllSassTests {
    @Test("scssify and sassify compile Sass in Liquid, with the site's sass: settings")
    func filters() async throws {
        let site = try await builtWithoutWarnings("title: Site\nsass:\n  style: compressed\n", [
            "_sass/_c.scss": "$c: red;\n",
            "assets/nav.css": "---\n---\n{% capture s %}@import \"c\"; .a { .b { color: $c; } }{% endcapture %}{{ s | scssify }}|{{ \".i\n  d: e\" | sassify }}\n",
            "about.md": "About\n",
        ])
        #expect(try site.page("assets/nav.css") == ".a .b{color:red}\n|.i{d:e}\n\n")
    }

    @Test("Sass that scssify cannot compile is its input, with a warning, and the rest of the Liquid runs")
    func filterErrors() async throws {
        let site = try TestSite(jekyll: "title: Site\n", [
            "assets/x.css": "---\n---\n[{{ \"a {\" | scssify }}] {{ site.title }}\n",
            "about.md": "About\n",
        ])
        let summary = try await site.build()
        #expect(try site.page("assets/x.css") == "[a {] Site\n")
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("assets/x.css: `scssify`: Sass: ") }, "\(summary.warnings)")
    }
}
