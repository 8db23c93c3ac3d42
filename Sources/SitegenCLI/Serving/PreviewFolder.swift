import Foundation
import Sitegen

/// The private folder a preview renders into, in the system's temporary folder: `sitegen serve`
/// never writes into the folder that `sitegen build` publishes. Removed when the preview stops
/// (Ctrl-C, `kill`); folders of previews that were killed outright are removed by the next one.
struct PreviewFolder: Sendable {
    /// The folder.
    let url: URL

    private static let prefix = "sitegen-preview-"

    /// Makes a new, empty preview folder for this process and removes those of previews that
    /// no longer run.
    static func make() throws -> PreviewFolder {
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            guard let owner = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }).map(ProcessID.init),
                  owner != .current, owner.hasEnded else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let url = temporary.appendingPathComponent("\(prefix)\(ProcessID.current.value)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return PreviewFolder(url: url)
    }

    /// Removes the folder when the process is asked to stop (SIGINT, SIGTERM, SIGHUP), after
    /// stopping a Pagefind that indexes it, then exits; the signal sources returned must be kept alive while the preview runs.
    func removeOnExit() -> [any DispatchSourceSignal] {
        let path = url.path
        return [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                // A Pagefind indexing the preview would write into it again.
                SearchIndexer.stopRunning()
                try? FileManager.default.removeItem(atPath: path)
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }
}
