import ArgumentParser
import Sitegen

/// The choices `build`, `serve` and `check` share, under sitegen's names and Hugo's
/// (`--buildDrafts`, `--buildFuture`, `--buildExpired`), so that a Hugo user's habits work.
struct SiteOptions: ParsableArguments {
    @Flag(name: [.customShort("D"), .long, .customLong("buildDrafts")], help: "Include pages with draft: true.")
    var drafts = false

    @Flag(name: [.customShort("F"), .long, .customLong("buildFuture")], help: "Include pages dated in the future.")
    var future = false

    @Flag(name: [.customShort("E"), .long, .customLong("buildExpired")], help: "Include pages past their expiryDate.")
    var expired = false

    @Option(help: "The configuration file (default: PATH/sitegen.yml, else a Hugo, Zola or Jekyll config file there).")
    var config: String?

    /// The build's options with these choices.
    func buildOptions(baseURL: String?, strict: Bool = false) -> BuildOptions {
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
