import Foundation
import SitegenMarkdown
import Synchronization

extension SiteBuilder {
    /// Builds the site into its output folder, remembering what it learned in the build cache
    /// (``BuildCache``) and starting from what the build before remembered: only changed files
    /// are parsed, only outputs whose values or facts changed are rendered, and the build is
    /// staged in the output folder before last (``SpareFolder``), which holds the other files
    /// already, or else in a new folder into which they are hard-linked; either is swapped in
    /// whole as ``build()`` does; when no file of the site changed, nothing is done at all. The output
    /// is the one ``build()`` makes. A site whose steps run code of their own builds as
    /// ``build()`` does, and so does a site not read from a folder on disk (the cache keeps the
    /// stamps of files on disk).
    @discardableResult
    package func buildRemembering() async throws -> (summary: BuildSummary, values: BuildContext?) {
        guard site.steps.allSatisfy(\.isBuiltIn), let siteFolder = layout.folder, let outputFolder = layout.output else {
            let (summary, values) = try await buildKeepingValues()
            return (summary, values)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        observers.send(.started)
        let cache = BuildCache(layout: layout, siteFolder: siteFolder, output: outputFolder, options: options)
        do {
            return try await buildRemembering(cache, siteFolder: siteFolder, outputFolder: outputFolder, start: start)
        } catch let damaged as CachedPageHTML.Damaged {
            // HTML the cache kept changed under it (or a page's details did not read), and was read: the output made from it is not published.
            let problem = SiteError(file: damaged.path, "holds pages other than the cache wrote; not used: the site is built from nothing")
            return try await buildRemembering(cache, siteFolder: siteFolder, outputFolder: outputFolder, start: start,
                                              readsCache: false, problems: [problem])
        }
    }

    /// ``buildRemembering()`` with the cache `cache` (left unread without `readsCache`), which
    /// adds `problems` to the warnings.
    private func buildRemembering(_ cache: BuildCache, siteFolder: URL, outputFolder: URL, start: UInt64, readsCache: Bool = true,
                                  problems: [SiteError] = []) async throws -> (summary: BuildSummary, values: BuildContext?) {
        let walked = Date()
        // The site's files are walked while the cache is read.
        async let walk = SiteFiles(layout: layout, siteFolder: siteFolder, output: outputFolder)
        var problems = problems
        var opened: BuildCache.Opened?
        switch readsCache ? cache.read() : .missing {
        case .missing, .stale: break
        case .refused(let reason): problems.append(SiteError(file: cache.path, "\(reason); not used: the site is built from nothing"))
        case .read(let read): opened = read
        }
        let files = await walk
        var previous = opened?.contents
        let output = FileSystem.realPath(outputFolder.path)
        // The outputs the build before wrote that stand as it wrote them (a stat each, on all cores).
        let recorded = previous.map { Array($0.outputs) } ?? []
        let standing = Self.standing(recorded, in: output)
        // Commonly every output stands: the cache's own table then, not a copy.
        let intact = !standing.contains(false) ? previous?.outputs ?? [:]
            : Dictionary(uniqueKeysWithValues: zip(recorded, standing).filter(\.1).map { ($0.0.key, $0.0.value) })
        // The site's files changed, came or went since the build before (found once, for both uses).
        let changed = previous.map { files.changes(since: SiteFiles(stamps: $0.inputs)) }
        if let previous, files.isComplete, changed?.isEmpty == true, options.now < previous.validUntil,
           intact.count == previous.outputs.count, FileSystem.kind(output + "/" + URLPath.manifestFile) == .file {
            let kept = previous.summary
            let summary = BuildSummary(pages: kept.pages, listPages: kept.listPages, files: kept.files, seconds: Self.elapsed(since: start),
                                       output: layout.output, warnings: problems + kept.warnings, notes: kept.notes,
                                       foreignConfiguration: kept.foreignConfiguration)
            observers.send(.finished(summary))
            return (summary, nil)
        }
        // The record and the parses are read only now that they are needed, one while the other is.
        let cached = opened
        async let withRecord = cached?.withRecord()
        let readPages = cached?.pages()
        previous = await withRecord
        let pages = previous == nil ? nil : readPages
        if let opened, pages == nil {
            // Named by the file at fault: the file of pages' HTML, or the cache's own.
            problems.append(opened.unreadablePagesFile.map { SiteError(file: $0, "is not the file the cache wrote; not used: the site is built from nothing") }
                            ?? SiteError(file: cache.path, "is corrupt; not used: the site is built from nothing"))
            previous = nil
        }
        // The output folder is made ready (the spare taken) while the memory is.
        let spare = previous?.spare
        async let madeFolder = Self.outputFolder(layout, outputFolder, spare: spare)
        let reader = ContentLoader.textReader(layout: layout, source: layout.source)
        let memory = previous.map { previous in
            BuildMemory(restoring: previous, parses: pages?.parses ?? [:],
                        texts: (pages?.texts ?? [:]).reduce(into: Dictionary(minimumCapacity: pages?.texts.count ?? 0)) {
                            $0[$1.key] = PageText(kept: $1.value, in: $1.key, read: reader)
                        })
        } ?? BuildMemory()
        memory.useStamps(files.stamps)
        var edited: Set<String>?
        if let previous, let changed {
            if !files.isComplete || changed.contains(where: { LiveSiteBuilder.isConfiguration($0, layout: layout) }) {
                memory.forgetPages()
            } else if changed.contains(where: { LiveSiteBuilder.changesParses($0, layout: layout) }) {
                memory.forgetParses()
            } else if intact.count == previous.outputs.count, options.now < previous.validUntil {
                edited = editedPages(changed, files: files, previous: previous)
            }
            // An output file changed or gone since is made again.
            memory.keepRecord { intact[$0] != nil }
        }
        // The site is loaded while the output folder is made ready; a problem of the folder is told first.
        let loading: Result<LoadedSite, any Error>
        do {
            loading = .success(try await load(memory: memory))
        } catch {
            loading = .failure(error)
        }
        let folder: OutputFolder
        let loaded: LoadedSite
        do {
            folder = try await madeFolder
            do {
                loaded = try loading.get()
            } catch {
                folder.discard()
                throw error
            }
        } catch {
            observers.send(.failed("\(error)"))
            throw error
        }
        let written = CachedOutput(folder: folder, previous: intact, pagesHTML: pages?.html)
        let plan = OutputPlan(previous: memory.record, recording: true, narrowsEdits: edited)
        let context = BuildContext(options: options, output: written, loadingMemory: memory,
                                   renderingMemory: LiveRendering(memory: memory, plan: plan), loaded: loaded)
        // What the cache keeps is worked out while the output is swapped in.
        let now = options.now
        let (editedPages, keptUntil) = (edited, previous?.validUntil ?? .distantPast)
        let keeping: @Sendable () -> Keeping = {
            var contents = BuildCache.Contents()
            let kept = memory.keptForNextBuild()
            // A file changed in the same tick of the clock as the build began could change again
            // and keep its stamp: the next build reads it again (as Git does with racily clean files).
            contents.sources = kept.sources.mapValues { source in
                source.stamp.isRacy(with: walked) ? BuildCache.KeptSource(stamp: source.stamp.spoiled, revision: source.revision, place: source.place) : source
            }
            contents.nextRevision = kept.nextRevision
            (contents.bundleFolders, contents.linkTargets) = (kept.bundleFolders, kept.linkTargets)
            contents.record = plan.takeRecord()
            contents.outputs = written.outputs
            contents.inputs = files.stamps.mapValues { $0.isRacy(with: walked) ? $0.spoiled : $0 }
            // After an edit of pages alone, only their dates can come sooner than the build before found.
            contents.validUntil = !files.isComplete ? .distantPast
                : editedPages.map { min(keptUntil, Self.nextChange(after: now, memory: memory, in: $0)) } ?? Self.nextChange(after: now, memory: memory)
            // The cache's write is made ready too: all but the summary and the spare's record.
            let prepared = cache.prepare(contents, parses: kept.parses, texts: kept.texts, html: pages?.html, kept: pages?.records,
                                         indexSize: cached?.indexSize ?? 0)
            return Keeping(parses: kept.parses, texts: kept.texts, prepared: prepared)
        }
        let worked = Mutex<Keeping?>(nil)
        written.whileCommitting { worked.withLock { $0 = keeping() } }
        var (summary, _) = try await run(context: context, announcing: false)
        let keep = worked.withLock { $0.take() } ?? keeping()
        let told = BuildCache.KeptSummary(pages: summary.pages, listPages: summary.listPages, files: summary.files,
                                          warnings: summary.warnings, notes: summary.notes,
                                          foreignConfiguration: summary.foreignConfiguration)
        // What is left at the spare's path when no spare was kept there is the user's (SpareFolder.remove).
        let sparePath = SpareFolder.path(for: output)
        if folder.spareRecord == nil, FileSystem.kind(sparePath) != nil {
            problems.append(SpareFolder.leftWarning(sparePath, cached: true))
        }
        if !cache.write(keep.prepared, summary: told, spare: folder.spareRecord, parses: keep.parses, texts: keep.texts, html: pages?.html,
                        kept: pages?.records) {
            // Named by the file at fault: the file of pages' HTML when something else is at its path.
            let reason = String(cString: strerror(errno)), pagesFile = CachedPageHTML(cachePath: cache.path).path
            let file = FileSystem.kind(pagesFile).map { $0 != .file } == true ? pagesFile : cache.path
            // Told once: a cache that was not read (a folder at its path) is not written either.
            if !problems.contains(where: { $0.file == file }) {
                problems.append(SiteError(file: file, "cannot be written (\(reason)); the next build starts from nothing"))
            }
        }
        written.finish()
        if !problems.isEmpty {
            summary = BuildSummary(pages: summary.pages, listPages: summary.listPages, files: summary.files, seconds: summary.seconds,
                                   output: summary.output, warnings: problems + summary.warnings, notes: summary.notes,
                                   foreignConfiguration: summary.foreignConfiguration)
        }
        // Told only now, with what reading and writing the cache found to say.
        observers.send(.finished(summary))
        // What the build read and kept is let go on another thread (a program that exits next does not wait for it).
        Parallel.release((consume opened, consume cached, consume readPages, consume pages, consume previous, consume keep,
                          consume recorded, consume standing))
        return (summary, context)
    }

    /// Whether each of `outputs` of the folder `output` stands as the build before wrote it,
    /// read on all cores from the open folder (no walk of the path to it each time).
    private static func standing(_ outputs: [(key: String, value: BuildCache.KeptOutput)], in output: String) -> [Bool] {
        FileSystem.read(outputs.count, entriesOf: output) { FileStamp(outputs[$1].key, in: $0) == outputs[$1].value.stamp }.map { $0 == true }
    }

    /// The output folder a cached build stages in (the spare `spare` records, when it can be
    /// taken), once the output's place is checked.
    private static func outputFolder(_ layout: SiteLayout, _ output: URL, spare: SpareFolder.Record?) throws -> OutputFolder {
        try OutputLocation.check(layout, output: output)
        return try OutputFolder(destination: output, removesInBackground: true, keepsSpare: true, spare: spare)
    }

    /// What the build cache keeps of a build, its write made ready but for the summary and spare.
    private struct Keeping: Sendable {
        let parses: [String: KeptParse]
        let texts: [String: PageText.Kept]
        let prepared: BuildCache.PreparedWrite
    }

    /// The content paths of `changed` files when each is a Markdown file the build before read
    /// and is there still; `nil` when any other file changed, came or went.
    private func editedPages(_ changed: Set<String>, files: SiteFiles, previous: BuildCache.Contents) -> Set<String>? {
        guard !changed.isEmpty, layout.contentFolders.isEmpty, let folder = layout.contentOnDisk else { return nil }
        let content = folder.standardizedFileURL.path + "/"
        var edited: Set<String> = []
        for path in changed {
            guard path.hasPrefix(content), files.stamps[path] != nil, previous.inputs[path] != nil else { return nil }
            let relative = String(path.dropFirst(content.count))
            guard previous.sources[relative] != nil else { return nil }
            edited.insert(relative)
        }
        return edited
    }

    /// The first moment after `now` at which a build of the same files would publish other
    /// pages or text: a page's date, publish date or expiry date still to come (as the loaded
    /// files give them, also those of pages not published yet; of those at the content paths
    /// `paths` alone, when given), or the next year (which footers show).
    private static func nextChange(after now: Date, memory: BuildMemory, in paths: Set<String>? = nil) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = calendar.component(.year, from: now)
        var next = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) ?? now
        // The soonest date still to come in the files' front matter, on all cores.
        let sources = paths.map { $0.compactMap { memory.knownSource($0)?.source } } ?? memory.loadedSources()
        let dateKeys = Set(PageReader.dateKeys), chunks = Parallel.chunks(sources.count)
        let soonest = Parallel.map(chunks.count, onAllCoresFrom: 2) { chunk -> Date? in
            var soonest: Date?
            for source in sources[chunks[chunk]] {
                for (key, value) in source.frontMatter.entries where dateKeys.contains(key) {
                    if let date = value.date, date > now, date < soonest ?? .distantFuture { soonest = date }
                }
            }
            return soonest
        }
        for date in soonest.compactMap(\.self) where date < next { next = date }
        for path in paths.map(Array.init) ?? memory.loadedPaths() {
            let stem = URLPath.lastComponent(of: path)
            // Only a name that starts with a year (`2025-03-01-title.md`) holds a date.
            guard let first = stem.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { continue }
            if let date = FileName.splitDatePrefix(String(stem.prefix { $0 != "." })).0, date > now, date < next { next = date }
        }
        return next
    }

    private static func elapsed(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
