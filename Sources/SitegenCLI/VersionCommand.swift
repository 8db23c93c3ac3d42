import ArgumentParser
import Sitegen

/// `sitegen version`: prints what `sitegen --version` prints (``SitegenVersion``).
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print sitegen's version (the same as sitegen --version)."
    )

    func run() {
        print(SitegenVersion.text)
    }
}
