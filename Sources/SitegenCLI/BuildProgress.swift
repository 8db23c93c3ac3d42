import Foundation
import Sitegen
import Synchronization

/// The command line's view of a build, as an observer: a progress line on a terminal for
/// long builds, warnings, and the closing summary.
final class BuildProgress: Sendable {
    let quiet: Bool
    let verbose: Bool
    let outputName: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lastDrawn = Mutex<UInt64>(0)
    private let start = DispatchTime.now().uptimeNanoseconds

    init(quiet: Bool, verbose: Bool, outputName: String) {
        self.quiet = quiet
        self.verbose = verbose
        self.outputName = outputName
    }

    func handle(_ event: BuildEvent) {
        switch event {
        case .started, .failed:
            break
        case .stepFinished(let name, let seconds):
            if verbose { TerminalOutput.plain(String(format: "  %@ %.3f s", name, seconds)) }
        case .pageRendered(_, let done, let total):
            // Redraw at most ten times a second, and only after half a second of building.
            guard isTerminal, !quiet else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now - start > 500_000_000 else { return }
            let draw = lastDrawn.withLock { last -> Bool in
                guard now - last > 100_000_000 || done == total else { return false }
                last = now
                return true
            }
            if draw { FileHandle.standardError.write(Data("\rRendering pages… \(done)/\(total)".utf8)) }
        case .finished(let summary):
            clearLine()
            if !quiet, let foreign = summary.foreignConfiguration { TerminalOutput.plain("sitegen: \(foreign)") }
            if !quiet { for note in summary.notes { TerminalOutput.plain("sitegen: \(note)") } }
            for warning in summary.warnings { TerminalOutput.warning(warning.description) }
            if !quiet {
                var built = CountedNoun.phrase(summary.pages, "page")
                if summary.imageCopiesMade > 0 { built += " and " + CountedNoun.phrase(summary.imageCopiesMade, "image copy", plural: "image copies") }
                print(String(format: "Built %@ in %.2f s → %@", built, summary.seconds, outputName))
            }
        }
    }

    func clearLine() {
        if isTerminal && !quiet { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
