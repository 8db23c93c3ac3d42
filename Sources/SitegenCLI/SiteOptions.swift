import ArgumentParser
import Sitegen

/// The choices `build`, `serve` and `check` share, under sitegen's names and Hugo's
/// (`--buildDrafts`, `--buildFuture`, `--buildExpired`, `--baseURL`), so that a Hugo user's
/// habits work.
struct SiteOptions: ParsableArguments {
    @Option(name: [.customShort("b"), .customLong("base-url"), .customLong("baseURL")],
            help: "The URL the site is published at; overrides the configuration's baseURL (serve: the preview serves the site under its path, https://example.org/blog/ → http://127.0.0.1:8080/blog/).")
    var baseURL: String?

    @Flag(name: [.customShort("D"), .long, .customLong("buildDrafts")], help: "Include pages with draft: true.")
    var drafts = false

    @Flag(name: [.customShort("F"), .long, .customLong("buildFuture")], help: "Include pages dated in the future.")
    var future = false

    @Flag(name: [.customShort("E"), .long, .customLong("buildExpired")], help: "Include pages past their expiryDate.")
    var expired = false

    @Option(help: "The configuration file (default: PATH/sitegen.yml, else a Hugo, Zola or Jekyll config file there).")
    var config: String?

    /// The build's options with these choices; `baseURL` instead of ``baseURL`` when given (the
    /// preview's address).
    func buildOptions(baseURL: String? = nil, strict: Bool = false) -> BuildOptions {
        let baseURL = baseURL ?? self.baseURL
        var options = BuildOptions(includeDrafts: drafts, includeFuture: future, baseURL: baseURL, strict: strict)
        options.includeExpired = expired
        return options
    }

    /// The same choices as arguments, for a site's own program run as a worker.
    var arguments: [String] {
        (drafts ? ["--drafts"] : []) + (future ? ["--future"] : []) + (expired ? ["--expired"] : [])
            + (config.map { ["--config", $0] } ?? [])
    }
}
