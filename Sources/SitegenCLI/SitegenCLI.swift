import Foundation
import ArgumentParser
import Sitegen

/// The `sitegen` command line, for the `sitegen` executable and for a site's own Swift
/// configuration target.
public enum SitegenCLI {
    /// Parses the process arguments and runs the chosen command; exits the process on error.
    public static func main() async {
        runSassWorkerOrGoOn()
        suggestCommandOrGoOn(Array(CommandLine.arguments.dropFirst()))
        if siteHandover != nil {
            TerminalOutput.error("the site's Swift code calls SitegenCLI.main() without its site: call `try await SitegenCLI.main(site: site)`")
            SitegenCommand.exit(withError: ExitCode.failure)
        }
        // Started by itself to run a site's compiled Swift code (``SwiftSiteRunner``).
        if let library = SiteProgramChild.takeOver() {
            do {
                let site = try await SiteLibrary.site(fromLibraryAt: library)
                await $configuredSite.withValue(site) { await SitegenCommand.main() }
            } catch {
                SiteHandover.settled.store(true, ordering: .relaxed)
                TerminalOutput.error("\(error)")
                SitegenCommand.exit(withError: ExitCode.failure)
            }
            return
        }
        await SitegenCommand.main()
    }

    /// Compiles a Sass stylesheet and exits when started to (``SassStylesheet``); else makes
    /// this executable the one that compiles Sass in a process of its own.
    private static func runSassWorkerOrGoOn() {
        if let status = SassStylesheet.runWorker(CommandLine.arguments) { exit(status) }
        SassStylesheet.worker.withLock { $0 = Bundle.main.executablePath }
    }

    /// Exits with a suggestion when the first argument is a misspelt command.
    private static func suggestCommandOrGoOn(_ arguments: [String]) {
        guard let message = CommandSuggestion.message(for: arguments, commands: SitegenCommand.commandNames) else { return }
        TerminalOutput.error(message)
        SitegenCommand.exit(withError: ExitCode.failure)
    }

    /// The command line for a site's own Swift configuration target: `sitegen build` (and the
    /// other commands) build with `site`: its plugins, modifiers and steps.
    ///
    /// ```swift
    /// @main struct MySite {
    ///     static func main() async throws {
    ///         var site = Site()
    ///         site.install(.headingAnchors, .lazyImages)
    ///         try await SitegenCLI.main(site: site)
    ///     }
    /// }
    /// ```
    public static func main(site: Site) async throws {
        if let siteHandover {
            siteHandover.keep(site)
            return
        }
        runSassWorkerOrGoOn()
        // A program SwiftPM built for the site, started by `sitegen build`.
        _ = SiteProgramChild.takeOver()
        suggestCommandOrGoOn(Array(CommandLine.arguments.dropFirst()))
        await $configuredSite.withValue(site) { await SitegenCommand.main() }
    }

    /// The site configured in Swift, when running inside a site's own program.
    @TaskLocal static var configuredSite: Site?

    /// Set while a site's compiled library runs its `main()` (``SiteLibrary``), which then
    /// hands its site over here instead of running a command line.
    @TaskLocal static var siteHandover: SiteHandover?

    /// Runs the command line for the given arguments (without the program name), as in a test.
    /// - Returns: the exit status the process would have.
    public static func run(arguments: [String]) async -> Int32 {
        if let message = CommandSuggestion.message(for: arguments, commands: SitegenCommand.commandNames) {
            TerminalOutput.error(message)
            return ExitCode.failure.rawValue
        }
        do {
            var command = try SitegenCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return SitegenCommand.exitCode(for: error).rawValue
        }
    }
}

struct SitegenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "A static site generator: Markdown in, website out.",
        version: SitegenVersion.text,
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, MarkdownCommand.self,
                      VersionCommand.self, CompletionCommand.self, SwiftKitCommand.self]
    )

    /// The names a command line may start with.
    static let commandNames = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
}
