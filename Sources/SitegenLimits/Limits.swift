/// Every bound sitegen puts on what it reads, expands, renders and serves, in one place: each
/// limit is enforced where input enters, and going over one is an error at `file:line` that
/// names the limit (the previous output stays). The table of the DocC article "Limits"
/// (`Sources/SitegenLimits/SitegenLimits.docc/Limits.md`) lists the same numbers;
/// `LimitsDocumentationTests` keeps the two in step.
///
/// The numbers are far above what real sites use (the largest of the corpora and real sites
/// stays below a tenth of each) and low enough that no input can take more than seconds of
/// work or more than a few hundred megabytes of memory.
package enum Limits {
    // MARK: Files read

    /// The largest Markdown file, in bytes.
    package static let markdownFileBytes = 16_000_000
    /// The largest page after includes (mdBook `{{#include}}`) and shortcodes are expanded.
    package static let expandedPageBytes = 16_000_000
    /// The most includes one page may expand, counting nested ones.
    package static let includesPerPage = 1_000
    /// How deep includes may nest (an include inside an included file…): themes build their navigation with includes that include themselves, a level each.
    package static let includeDepth = 24
    /// How deep mdBook's `{{#include}}` may nest (an include inside an included file…).
    package static let bookIncludeDepth = 8
    /// The largest configuration file (`sitegen.yml`, `hugo.toml`, `_config.yml`, …).
    package static let configurationBytes = 1_000_000
    /// The largest data file (`data/`, `i18n/`, `_data/`).
    package static let dataFileBytes = 10_000_000
    /// The largest template or theme file.
    package static let templateFileBytes = 16_000_000
    /// How deep folders may nest below the site folder.
    package static let folderDepth = 64
    /// How many times one real folder may be reached through links.
    package static let folderVisits = 16
    /// How deep an mdBook `SUMMARY.md` may nest its chapters (menus and MkDocs' `nav` too).
    package static let summaryDepth = 16
    /// How many entries one menu, or MkDocs' `nav`, may hold: every page shows them.
    package static let menuEntries = 10_000
    /// The largest output manifest (`public/.sitegen-manifest`) read back.
    package static let manifestBytes = 64 << 20
    /// The largest build cache (`.sitegen-cache-NAME` beside the output folder) read back: a
    /// larger one is ignored and the site built from nothing.
    package static let buildCacheBytes = 4096 << 20
    /// The most pixels (width × height, one frame) of an image sitegen makes sizes of: a
    /// larger one (a decompression bomb is a few KB that say 50,000 × 50,000) is published as
    /// it is, with a warning, and never decoded.
    package static let imagePixels = 100_000_000

    // MARK: Sources a program gives (`SiteSource`)

    /// How many files and folders one walk of a source that is not a folder on disk may list:
    /// such a source (a database, an API) need not be a finite tree.
    package static let sourceEntries = 2_000_000

    // MARK: Front matter (YAML, TOML, JSON), checked before a parser we did not write sees it

    /// The longest front matter block, in bytes (a configuration file has its own limit,
    /// ``configurationBytes``, and a data file ``dataFileBytes``).
    package static let frontMatterBytes = 1_000_000
    /// How deep values may nest: maps, lists, TOML tables and the parts of a dotted key or a
    /// table header (`a.b.c` is three levels).
    package static let frontMatterDepth = 1_000
    /// How many values YAML aliases may repeat in all ("billion laughs").
    package static let aliasValues = 100_000

    // MARK: Markdown

    /// How deep shortcodes may nest in one page (`{{< tabs >}}{{< tab >}}…`).
    package static let shortcodeDepth = 64
    /// The longest opening tag of a shortcode, arguments and all, in bytes.
    package static let shortcodeTagBytes = 65_536

    /// How deep `:::` containers and alerts may nest in one page.
    package static let containerDepth = 100

    // MARK: Templates

    /// Sections, blocks and layouts open at once within one template.
    package static let templateNesting = 100
    /// Sections, blocks, layouts and includes along a chain of includes.
    package static let templateDepth = 200
    /// How many times one template may be open inside itself while rendering.
    package static let templateRecursion = 32
    /// How many partials and parents one render may open in all.
    package static let templateExpansions = 100_000
    /// How many loop iterations (items of sections over lists) one output's render may run.
    package static let templateIterations = 10_000_000
    /// The most bytes one output's render may write.
    package static let templateOutputBytes = 100_000_000

    // MARK: Math

    /// The longest formula (`$…$`, `$$…$$`, `\(…\)`), in bytes: a longer one is shown as
    /// written, with a warning (an inline `$` with no closing one within this many bytes is text).
    package static let mathFormulaBytes = 64 * 1024
    /// How deep a formula may nest groups, arguments, `\left…\right` and environments.
    package static let mathNesting = 50
    /// How many tokens the macros of one formula (`\newcommand`, `\def`) may expand to in all.
    package static let mathExpandedTokens = 10_000

    // MARK: Other generators' templates

    /// The largest template of another generator (a Hugo, Zola or Jekyll shortcode or include
    /// file), in bytes.
    package static let dialectTemplateBytes = 1_000_000
    /// Blocks (`if`, `with`, `range`, `for`, `capture`) and brackets open at once within one
    /// such template or expression (Liquid's includes count toward it).
    package static let dialectNesting = 100
    /// How many loop iterations one render of such a template may run.
    package static let dialectIterations = 1_000_000
    /// The most bytes one render of such a template may write, and the longest text it may build.
    package static let dialectOutputBytes = 16_000_000
    /// The most items a list or map built by such a template may hold (`seq`, `append`, `split`).
    package static let dialectCollectionItems = 100_000
    /// How many values (list items, object members, 64-byte runs of text) one Liquid or Tera
    /// render may walk to print, compare and filter values: a template cannot build a value
    /// too large to print (a list pushed onto itself) and hang on it.
    package static let dialectWalkedValues = 10_000_000

    // MARK: Child programs

    /// How long compiling one Sass stylesheet may take, in seconds (its loops can run forever).
    package static let sassSeconds = 30.0
    /// How much memory compiling one Sass stylesheet may take, in bytes.
    package static let sassMemoryBytes = 2_000_000_000
    /// The largest stylesheet Sass may make, in bytes.
    package static let sassOutputBytes = 64_000_000
    /// How long Pagefind may run, in seconds.
    package static let searchIndexSeconds = 600.0

    // MARK: `check --external`

    /// How long one request may take, from connecting to its last byte read, in seconds
    /// (`--timeout` changes it).
    package static let externalRequestSeconds = 10.0
    /// How many requests run at once in all (`--concurrency` changes it).
    package static let externalRequests = 8
    /// How many requests run at once to one host.
    package static let externalRequestsPerHost = 2

    // MARK: `serve`

    /// The longest request line, in bytes (longer gets 414).
    package static let requestLineBytes = 8 * 1024
    /// The most bytes of header lines (more gets 431).
    package static let requestHeaderBytes = 64 * 1024
    /// How many connections are served at once.
    package static let connections = 256
    /// How many live-reload listeners are kept at once.
    package static let liveReloadListeners = 64
    /// The size of the chunks a static file is sent in: memory per download, whatever the
    /// file's size.
    package static let responseChunkBytes = 256 * 1024
    /// The largest HTML file that gets the live-reload script; a larger one is sent as it is, a
    /// chunk at a time, rather than read whole to insert it.
    package static let liveReloadPageBytes = 16_000_000
}
