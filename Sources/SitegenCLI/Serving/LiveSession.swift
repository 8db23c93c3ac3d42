import ArgumentParser
import Foundation
import Sitegen

/// Builds a site, then builds it again on every batch of changed files, and says what
/// happened: a line on the terminal, and a live-reload event for the browsers.
struct LiveSession {
    let root: URL
    let output: URL?
    let configuration: URL?
    let options: BuildOptions
    let quiet: Bool
    /// Whether the first build tells the browsers to reload too (a restarted site program's does).
    var reloadsAfterFirstBuild = false
    /// The output files of the pages open in browsers (none known for a site program's worker).
    var viewedPages: @Sendable () -> Set<String> = { [] }
    /// What the first build answers before it is done.
    var early: EarlyPages?
    /// Tells the browsers: all, or only those showing one of the given output files.
    let emit: @Sendable (LiveReload.Event, _ onlyViewersOf: Set<String>?) -> Void

    /// Builds, calls `whenReady`, then rebuilds on changes until the task is cancelled.
    func run(whenReady: () -> Void = {}) async throws {
        let live = LiveSiteBuilder(site: SitegenCLI.configuredSite ?? Site(), root: root, output: output,
                                   configuration: configuration, options: options, earlyPages: early)
        let outputFolder = (live.layout.output ?? root.appendingPathComponent("public")).path
        let publishFolder = root.standardizedFileURL.path + "/public"
        let watcher: FileWatcher
        do {
            // A linked content or static folder is watched where it really is.
            let layout = live.layout
            let linked = [layout.contentOnDisk, layout.onDisk(layout.staticFiles)?.resolvingSymlinksInPath()].compactMap { $0 }
                .filter { !$0.standardizedFileURL.path.hasPrefix(root.standardizedFileURL.path + "/") }
            // What `sitegen build` writes is no change to the site.
            watcher = try FileWatcher(roots: [root] + linked, skipping: [layout.output, root.appendingPathComponent(".build"),
                                                                         root.appendingPathComponent("public")].compactMap { $0 })
        } catch {
            TerminalOutput.error("\(error)")
            throw ExitCode.failure
        }
        defer { watcher.stop() }
        if !quiet, case .polling(let interval, let reason) = watcher.method {
            TerminalOutput.line(String(format: "Watching for changes by looking at every file each %.1f s (%@)", interval, reason))
        }
        let search = PreviewSearch(folder: outputFolder)
        var failed = await !build(live, changed: [], failedBefore: false, tells: reloadsAfterFirstBuild, search: search)
        whenReady()
        for await batch in watcher.changes {
            let changed = batch.filter {
                $0 != outputFolder && !$0.hasPrefix(outputFolder + "/") && $0 != publishFolder && !$0.hasPrefix(publishFolder + "/")
            }
            if changed.isEmpty { continue }
            // After a template or data change, the pages open in a browser first, then the rest.
            let start = DispatchTime.now().uptimeNanoseconds
            let shown = failed ? [] : Set(await live.renderFirst(viewedPages(), changed: changed))
            if !shown.isEmpty {
                emit(.reload, shown)
                if !quiet {
                    let pages = CountedNoun.phrase(shown.count, "page")
                    TerminalOutput.line(String(format: "Rendered %@ open in a browser first, in %.0f ms", pages,
                                               Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
                }
            }
            failed = await !build(live, changed: changed, failedBefore: failed, shownFirst: shown, search: search)
        }
    }

    /// Builds and tells the browsers; returns whether the build succeeded.
    /// `shownFirst`: pages already rendered and reloaded (``LiveSiteBuilder/renderFirst(_:changed:)``);
    /// then only browsers whose page this build changed reload. A site with search has its
    /// index made again once a build has changed a page.
    private func build(_ live: LiveSiteBuilder, changed: Set<String>, failedBefore: Bool, tells: Bool = true,
                       shownFirst: Set<String> = [], search: PreviewSearch) async -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let result = try await live.build(changed: changed)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if !quiet, changed.isEmpty, let foreign = result.summary.foreignConfiguration { TerminalOutput.plain("sitegen: \(foreign)") }
            for warning in result.summary.warnings where changed.isEmpty || result.rendered > 0 {
                TerminalOutput.warning(warning.description)
            }
            if !quiet {
                let files = CountedNoun.phrase(result.changedFiles.count, "file")
                let what = changed.isEmpty
                    ? "Built \(CountedNoun.phrase(result.summary.pages, "page"))"
                    : "Rendered \(result.rendered.formatted()) of \(CountedNoun.phrase(result.rendered + result.kept, "output")), wrote \(files)"
                TerminalOutput.line(String(format: "%@ in %.0f ms", what, milliseconds))
            }
            let onlyStylesheets = !result.changedFiles.isEmpty && result.changedFiles.allSatisfy { $0.hasSuffix(".css") }
            if !tells {
                // The first build of a preview: only pages answered early are showing, which reload where the build made them otherwise.
                if !result.revised.isEmpty { emit(.reload, Set(result.revised)) }
            } else if onlyStylesheets && !failedBefore {
                emit(.css, nil)
            } else if !shownFirst.isEmpty {
                emit(.reload, Set(result.changedFiles))
            } else if !result.changedFiles.isEmpty || failedBefore {
                emit(.reload, nil)
            }
            if live.searchIsOn, changed.isEmpty || result.changedFiles.contains(where: { $0.hasSuffix(".html") }) {
                await search.refresh()
            }
            return true
        } catch {
            let message = BuildCommand.describe(error)
            TerminalOutput.error("build failed, the preview shows the last good build:")
            TerminalOutput.plain(message)
            emit(.failed(message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")), nil)
            return false
        }
    }
}

/// How a site's own program, run by `sitegen serve` as a worker, tells it about its builds:
/// one line on standard output per event.
enum WorkerEvents {
    private static let prefix = "sitegen-event "

    static func line(for event: LiveReload.Event) -> String {
        switch event {
        case .reload: prefix + "reload"
        case .css: prefix + "css"
        case .failed(let message): prefix + "failed " + String(decoding: (try? JSONEncoder().encode(message)) ?? Data(), as: UTF8.self)
        }
    }

    /// The event a line stands for, or `nil` for any other output.
    static func event(from line: String) -> LiveReload.Event? {
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        switch rest {
        case "reload": return .reload
        case "css": return .css
        default:
            guard rest.hasPrefix("failed "),
                  let message = try? JSONDecoder().decode(String.self, from: Data(rest.dropFirst("failed ".count).utf8)) else { return nil }
            return .failed(message)
        }
    }
}
