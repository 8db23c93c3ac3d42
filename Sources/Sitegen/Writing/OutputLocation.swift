import Foundation

/// The output folders a build refuses before it writes anything: a folder that is, or holds,
/// a part of the site (the site folder, `content/`, `static/`, `templates/`, `data/`, the
/// configuration, a Swift site's `Package.swift` and `Sources/`), a folder inside `static/`,
/// `templates/` or `data/` (whose files would be read back), `/`, the home folder, or a file.
enum OutputLocation {
    /// Throws an error saying why, when the build of the site at `layout` must not write to `destination`.
    static func check(_ layout: SiteLayout, output destination: URL) throws(SiteError) {
        let given = destination.path
        let output = FileSystem.realPath(given)
        func refuse(_ reason: String) -> SiteError {
            SiteError(file: given, "cannot be the output folder: \(reason). Choose an empty or new folder, such as \(suggestion(layout))")
        }
        if output == "/" { throw refuse("it is the root of the file system") }
        switch FileSystem.kind(output) {
        case nil, .folder?: break
        case .file?: throw refuse("it is a file, not a folder")
        // A link that leads nowhere is not followed to make a folder where it points.
        case .link?: throw refuse("it is a link to \((try? FileManager.default.destinationOfSymbolicLink(atPath: output)) ?? "nothing"), which is not there")
        case .other?: throw refuse("it is not a folder (a device, a socket or a pipe)")
        }
        // Compared by path and by device and inode, so that a bind mount or a second link is no way round.
        let outputIdentity = FileSystem.identity(output)
        func isOutput(_ path: String) -> Bool {
            path == output || (outputIdentity != nil && FileSystem.identity(path) == outputIdentity)
        }
        /// Whether `path` is the output folder or lies inside it.
        func liesInOutput(_ path: String) -> Bool {
            var current = FileSystem.realPath(path)
            while true {
                if isOutput(current) { return true }
                if current == "/" || current.isEmpty { return false }
                current = (current as NSString).deletingLastPathComponent
            }
        }
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, home != "/", liesInOutput(home) {
            throw refuse(isOutput(FileSystem.realPath(home)) ? "it is your home folder" : "it holds your home folder")
        }
        for (name, source) in sources(of: layout) where liesInOutput(source.path) {
            throw refuse(isOutput(FileSystem.realPath(source.path)) ? "it is \(name)" : "it holds \(name)")
        }
        let readBack = [("static/", layout.onDisk(layout.staticFiles)), ("templates/", layout.onDisk(layout.templates)),
                        ("data/", layout.onDisk(layout.data))]
            + (layout.content.isEmpty ? [] : [(layout.contentShown, layout.contentOnDisk)])
        for case let (name, folder?) in readBack where output.hasPrefix(FileSystem.realPath(folder.path) + "/") {
            throw refuse("it is inside the site's \(name) folder, whose files are read by the build")
        }
    }

    /// The parts of the site an output folder must never replace, with their names for messages.
    /// The parts of a site on disk the output must not be or hold; none for a site read from
    /// elsewhere.
    private static func sources(of layout: SiteLayout) -> [(String, URL)] {
        guard let root = layout.folder, let content = layout.contentOnDisk else { return [] }
        var sources: [(String, URL)] = [("the site folder", root), ("the content folder", content)]
        if let folder = layout.onDisk(layout.staticFiles) { sources.append(("the static/ folder", folder)) }
        if let folder = layout.onDisk(layout.templates) { sources.append(("the templates/ folder", folder)) }
        if let folder = layout.onDisk(layout.data) { sources.append(("the data/ folder", folder)) }
        if let file = layout.configurationURL ?? layout.onDisk(layout.foreignConfiguration) { sources.append(("the configuration file", file)) }
        for name in ["Package.swift", "Sources"] {
            let url = root.appendingPathComponent(name)
            if FileSystem.kind(url.path) != nil { sources.append(("the site's \(name)", url)) }
        }
        return sources
    }

    private static func suggestion(_ layout: SiteLayout) -> String {
        layout.folder.map { $0.appendingPathComponent("public").path } ?? "a new folder of your own"
    }
}
