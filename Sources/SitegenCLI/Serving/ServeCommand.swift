import ArgumentParser
import Foundation
import Sitegen

/// `sitegen serve [PATH]`: builds the site, serves it on loopback, and rebuilds what changed
/// on every save, reloading the browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build a site, serve it for preview, and rebuild and reload the browser on every change.",
        discussion: """
            Watches content/, static/, data/, templates/, i18n/ and sitegen.yml (and a Swift configuration \
            target's Package.swift and Sources/). A changed page re-renders that page and only the pages \
            that show it; a template, data, i18n or configuration change re-renders everything. Pages are rendered, \
            with baseURL set to the preview's address (under the path of --base-url, if given), into a private folder in the system's temporary folder \
            that is removed when the preview stops: the output folder of `sitegen build` (public/) is never \
            touched. A failed build shows its error over the page in the browser; the server keeps running.
            """
    )

    @Argument(help: "The site folder, or a folder of Markdown files.")
    var path: String = "."

    @Option(name: [.short, .long], help: "The port to listen on (0: any free port); a busy one moves to the next free port.")
    var port: UInt16 = 8080

    @Option(help: "The address to listen on. Only this machine can connect unless you give another, such as 0.0.0.0.")
    var host: String = "127.0.0.1"

    @OptionGroup var site: SiteOptions

    /// Set by `sitegen serve` on a site's own program: the preview folder to render into.
    @Option(help: .hidden)
    var previewFolder: String?

    @Flag(help: "Open the site in the default browser once it is built.")
    var open = false

    @Flag(name: [.short, .long], help: "Print only errors and warnings.")
    var quiet = false

    /// Set by `sitegen serve` on a site's own program: build and report events, do not serve.
    @Option(help: .hidden)
    var workerBaseURL: String?

    /// Seconds a connection may wait for a whole request head (``HTTPLimits/headTimeout``);
    /// for the tests, which cannot wait the default ten seconds.
    @Option(help: .hidden)
    var connectionTimeout: Double?

    func run() async throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            TerminalOutput.error("\(path): no such folder")
            throw ExitCode.failure
        }
        let configuration = site.config.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if let baseURL = site.baseURL, let problem = BaseURL.problem(with: baseURL) {
            TerminalOutput.error("--base-url \(baseURL): \(problem)")
            throw ExitCode.failure
        }
        let basePath = site.baseURL.map(BaseURL.path(of:)) ?? ""
        if let workerBaseURL {
            // Inside a site's own program: the parent process serves and relays the events,
            // and holds this process's standard input open while it lives. A stop signal the
            // parent ignored (it handles them itself) is not ignored here.
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
            let watchdog = Thread {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                Foundation.exit(0)
            }
            watchdog.start()
            guard let previewFolder else {
                TerminalOutput.error("--worker-base-url needs --preview-folder")
                throw ExitCode.failure
            }
            let session = LiveSession(root: root, output: URL(fileURLWithPath: previewFolder), configuration: configuration,
                                      options: options(workerBaseURL),
                                      quiet: quiet, reloadsAfterFirstBuild: true) { event, _ in
                TerminalOutput.line(WorkerEvents.line(for: event))
            }
            try await session.run()
            return
        }
        let preview: PreviewFolder
        do {
            preview = try PreviewFolder.make()
        } catch {
            TerminalOutput.error("cannot create the preview folder: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        let signals = preview.removeOnExit()
        defer { withExtendedLifetime(signals) {}; try? FileManager.default.removeItem(at: preview.url) }
        let reload = LiveReload()
        let swiftSite = SitegenCLI.configuredSite == nil ? SwiftSiteRunner.find(in: root) : nil
        // A site's own program builds in another process, which answers nothing early.
        let early = swiftSite == nil ? EarlyPages() : nil
        let boundPort: UInt16
        var limits = HTTPLimits()
        if let connectionTimeout, connectionTimeout > 0 { limits.headTimeout = .milliseconds(Int(connectionTimeout * 1000)) }
        // A busy port moves to the next free one, as Hugo's server does (a port of 0 is any free one).
        var candidate = port
        while true {
            do {
                let made = try PreviewServer(root: preview.url, host: host, port: candidate, reload: reload, limits: limits,
                                             basePath: basePath, early: early)
                boundPort = try await made.start()  // serves until the process ends
                break
            } catch is PreviewServer.PortInUse where candidate != 0 && candidate < port &+ Self.portsTried && candidate < .max {
                candidate += 1
            } catch {
                TerminalOutput.error("cannot serve on \(host):\(candidate): \(error)")
                throw ExitCode.failure
            }
        }
        if candidate != port { TerminalOutput.line("Port \(port) is busy: using \(candidate)") }
        if !Self.isLoopback(host) {
            TerminalOutput.warning("serving on \(host): other machines on the network can read the site (and drafts, with --drafts); "
                                   + "the preview server is made for one person's browser, use --host 127.0.0.1 to keep it on this machine")
        }
        let shownHost = host == "0.0.0.0" || host == "::" ? "localhost" : (host.contains(":") ? "[\(host)]" : host)
        let address = "http://\(shownHost):\(boundPort)\(basePath)/"
        let emit: @Sendable (LiveReload.Event) -> Void = { reload.send($0) }
        if let swiftSite {
            try await SwiftSiteWorker(runner: swiftSite, arguments: workerArguments(baseURL: address, folder: preview.url), quiet: quiet,
                                      emit: emit) {
                announce(address, preview: preview.url.path)
            }.run()
        } else {
            let session = LiveSession(root: root, output: preview.url, configuration: configuration, options: options(address),
                                      quiet: quiet, viewedPages: { reload.viewedPages }, early: early) { event, pages in
                reload.send(event, toViewersOf: pages)
            }
            try await session.run { announce(address, preview: preview.url.path) }
        }
    }

    /// Whether `host` is an address only this machine can reach: `localhost`, 127.0.0.0/8, `::1`
    /// (and 127.0.0.0/8 mapped to IPv6).
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var ip4 = in_addr()
        if inet_pton(AF_INET, host, &ip4) == 1 {
            return UInt32(bigEndian: ip4.s_addr) >> 24 == 127
        }
        var ip6 = in6_addr()
        guard inet_pton(AF_INET6, host, &ip6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: ip6) { Array($0) }
        if bytes == [UInt8](repeating: 0, count: 15) + [1] { return true }
        return bytes.prefix(12) == [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] && bytes[12] == 127
    }

    /// How many ports after a busy one are tried.
    static let portsTried: UInt16 = 20

    private func options(_ baseURL: String) -> BuildOptions {
        site.buildOptions(baseURL: baseURL)
    }

    /// The arguments for a site's own program, run as a worker.
    private func workerArguments(baseURL: String, folder: URL) -> [String] {
        var arguments = ["serve", path, "--worker-base-url", baseURL, "--preview-folder", folder.path]
        if quiet { arguments.append("--quiet") }
        return arguments + site.arguments
    }

    private func announce(_ address: String, preview previewPath: String) {
        if !quiet { TerminalOutput.line("Preview files: \(previewPath) (public/ is left as sitegen build wrote it)") }
        TerminalOutput.line("Serving at \(address) — press Ctrl-C to stop")
        if open { Self.openBrowser(address) }
    }

    private static func openBrowser(_ address: String) {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        let opener = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { TerminalOutput.warning("cannot open a browser (\(opener)): open \(address) yourself") }
    }
}
