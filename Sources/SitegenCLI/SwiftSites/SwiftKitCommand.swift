import ArgumentParser
import Foundation

/// `sitegen swift-kit --install-into FOLDER`: puts this sitegen's compiled modules (the kit a
/// site's Swift code is compiled against, ``EngineModules``) into a folder, for a copy of
/// this sitegen installed beside it. Run by `Scripts/setup --install`; hidden from the help.
struct SwiftKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift-kit",
        abstract: "Install the modules a site's Swift code is compiled against, for an installed copy of this sitegen.",
        shouldDisplay: false
    )

    @Option(help: "The kit's folder: PREFIX/lib/sitegen/swift-kit for a sitegen installed as PREFIX/bin/sitegen.")
    var installInto: String

    @Option(help: "The installed sitegen the kit belongs to.")
    var executable: String

    func run() throws {
        switch EngineModules.locate() {
        case .success(let modules):
            do {
                try modules.install(into: URL(fileURLWithPath: installInto).standardizedFileURL.path,
                                    executable: URL(fileURLWithPath: executable).standardizedFileURL.path)
            } catch {
                TerminalOutput.error("cannot install the Swift kit into \(installInto): \(error)")
                throw ExitCode.failure
            }
        case .failure(let problem):
            TerminalOutput.error(problem.description)
            throw ExitCode.failure
        }
    }
}
