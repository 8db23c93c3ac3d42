import ArgumentParser

/// The `sitegen` command line, for the `sitegen` executable and for a site's own Swift
/// configuration target.
public enum SitegenCLI {
    /// Parses the process arguments and runs the chosen command; exits the process on error.
    public static func main() async {
        await SitegenCommand.main()
    }

    /// Runs the command line for the given arguments (without the program name), as in a test.
    /// - Returns: the exit status the process would have.
    public static func run(arguments: [String]) async -> Int32 {
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
        subcommands: [BuildCommand.self, MarkdownCommand.self]
    )
}
