import ArgumentParser
import Foundation
import Sitegen
import SitegenLimits

/// `sitegen check [PATH]`: builds in memory and reports every broken internal reference.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build in memory and report broken internal links, missing #anchors, missing images and files, and unreadable front matter; with --external, broken links to other sites.",
        discussion: "Exit status 1 when anything is found. Nothing is written to disk."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, github
    }

    @Argument(help: "The site folder, or a folder of Markdown files.")
    var path: String = "."

    @Option(help: "text (file:line: message) or github (workflow annotations).")
    var format: Format = .text

    @OptionGroup var site: SiteOptions

    @Flag(help: "Stop on a name in a template that can never have a value, such as {{page.tilte}}, instead of warning.")
    var strict = false

    @Flag(help: "Also check links to other sites, over HTTP.")
    var external = false

    @Option(help: "With --external: seconds each request may take, from connecting to its last byte.")
    var timeout: Double = Limits.externalRequestSeconds

    @Option(help: "With --external: how many requests at once (at most \(Limits.externalRequestsPerHost) to one host).")
    var concurrency: Int = Limits.externalRequests

    func run() async throws {
        let root = URL(fileURLWithPath: path)
        let layout = SiteLayout(root: root, configuration: site.config.map { URL(fileURLWithPath: $0) })
        try BuildCommand.requireConfiguration(site.config, of: layout)
        if try SwiftSiteRunner.delegate(folder: root.standardizedFileURL, quiet: format == .github) { return }
        let builder = SiteBuilder(site: SitegenCLI.configuredSite ?? Site(), layout: layout,
                                  options: site.buildOptions(strict: strict))
        var problems: [LinkChecker.Problem] = []
        do {
            let build = try await builder.buildInMemory()
            if format == .text, let foreign = build.summary.foreignConfiguration { TerminalOutput.plain("sitegen: \(foreign)") }
            problems += build.summary.warnings.map { LinkChecker.Problem(file: $0.file ?? path, line: $0.line, message: $0.message) }
            let checker = LinkChecker(build: build, layout: layout, baseURL: build.baseURL)
            problems += checker.problems()
            if external {
                problems += await ExternalLinkChecker(checker: checker, timeout: timeout, concurrency: concurrency).problems()
            }
        } catch let errors as SiteErrors {
            problems = errors.errors.map { LinkChecker.Problem(file: $0.file ?? path, line: $0.line, message: $0.message) }
        } catch let error as SiteError {
            problems = [LinkChecker.Problem(file: error.file ?? path, line: error.line, message: error.message)]
        }
        problems.sort { ($0.file, $0.line ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.message) }
        for problem in problems {
            switch format {
            case .text: print(problem.description)
            case .github: print("::error file=\(problem.file)\(problem.line.map { ",line=\($0)" } ?? "")::\(problem.message)")
            }
        }
        if problems.isEmpty {
            if format == .text { print("No problems found.") }
        } else {
            if format == .text { TerminalOutput.plain("\(CountedNoun.phrase(problems.count, "problem")) found.") }
            throw ExitCode.failure
        }
    }
}
