import ArgumentParser
import Foundation
import Sitegen

/// `sitegen build [PATH]`: builds a site into its output folder.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a site: a folder with content/ (and optionally sitegen.yml, static/, templates/, data/), or a bare folder of Markdown.",
        discussion: "The site is written beside the output folder and swapped in only when the build succeeds."
    )

    @Argument(help: "The site folder, or a folder of Markdown files.")
    var path: String = "."

    @Option(name: [.short, .long, .customShort("d"), .customLong("destination")], help: "The output folder (default: PATH/public).")
    var output: String?

    @OptionGroup var site: SiteOptions

    @Flag(help: "Stop on a name in a template that can never have a value, such as {{page.tilte}}, instead of warning.")
    var strict = false

    @Flag(name: [.short, .long], help: "Print only errors and warnings.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Also print each step and its time.")
    var verbose = false

    @Flag(help: "Keep what the build learns in .sitegen-cache-NAME beside the output folder NAME (and, as .sitegen-spare-NAME, the output folder it replaces or hard links of the one it made), and start from what the last --cache build kept: only changed files are parsed, only what they change is rendered and written, nothing at all is done when no file changed.")
    var cache = false

    func run() async throws {
        let root = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            TerminalOutput.error("\(path): no such folder")
            throw ExitCode.failure
        }
        let layout = SiteLayout(root: root, output: output.map { URL(fileURLWithPath: $0) },
                                configuration: site.config.map { URL(fileURLWithPath: $0) })
        try Self.requireConfiguration(site.config, of: layout)
        if try SwiftSiteRunner.delegate(folder: root.standardizedFileURL, quiet: quiet) { return }
        let builder = SiteBuilder(site: SitegenCLI.configuredSite ?? Site(), layout: layout,
                                  options: site.buildOptions(strict: strict))
        let progress = BuildProgress(quiet: quiet, verbose: verbose, outputName: displayName(of: layout.output ?? root.appendingPathComponent("public")))
        let token = builder.observe(progress.handle)
        defer { token.cancel() }
        do {
            // Kept until the process exits, which frees it all at once.
            // A site's own Swift code (its plugins and steps) is not cached: the build starts from nothing.
            if cache && SitegenCLI.configuredSite == nil {
                Self.finishedBuild = try await builder.buildRemembering().values
            } else {
                Self.finishedBuild = try await builder.buildKeepingValues().values
            }
        } catch {
            progress.clearLine()
            TerminalOutput.error("build failed, the previous output is untouched:")
            TerminalOutput.plain(Self.describe(error))
            throw ExitCode.failure
        }
    }

    /// What the build made, never freed: `sitegen build` exits next.
    nonisolated(unsafe) private static var finishedBuild: BuildContext?

    private func displayName(of output: URL) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        let path = output.standardizedFileURL.path
        return (path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path) + "/"
    }

    /// Stops with an error when `--config` names a file that does not exist.
    static func requireConfiguration(_ config: String?, of layout: SiteLayout) throws {
        if let config, layout.configurationURL.map({ !FileManager.default.fileExists(atPath: $0.path) }) ?? true {
            TerminalOutput.error("\(config): no such configuration file")
            throw ExitCode.failure
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case let errors as SiteErrors: errors.errors.map { "  " + $0.description }.joined(separator: "\n")
        default: "  \(error)"
        }
    }
}
