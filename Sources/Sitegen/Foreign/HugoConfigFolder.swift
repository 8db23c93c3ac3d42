import Foundation
import SitegenMarkdown
import SitegenLimits

/// Hugo's split configuration: `config/_default/hugo.toml` (or `config.toml`, `.yaml`, `.yml`,
/// `.json`) with one file per top-level key beside it (`languages.toml` is the `languages`
/// table, `params.toml` the `params`, `menu.toml` or `menus.toml` the `menu`).
///
/// The main file's keys win; a table given both in the main file and in its own file is merged
/// key by key, the main file's keys first.
enum HugoConfigFolder {
    /// The folder Hugo reads for its default environment, relative to the site folder.
    static let folder = "config/_default"

    /// The main file of `config/_default/` in `source`, if the folder has one.
    static func mainFile(in source: any SiteSource) -> String? {
        guard let entries = try? source.entries(in: Self.folder) else { return nil }
        for name in ["hugo", "config"] {
            for ext in ["toml", "yaml", "yml", "json"] where entries.contains(SiteSourceEntry(name: name + "." + ext, kind: .file)) {
                return Self.folder + "/" + name + "." + ext
            }
        }
        return nil
    }

    /// Whether `file` is the main file of a `config/_default/` folder.
    static func isMainFile(_ file: String) -> Bool {
        URLPath.folder(of: file) == Self.folder
    }

    /// `values` of the main file with the tables of the other files of its folder.
    ///
    /// - Throws: ``SiteError`` naming the file and line of text that is not valid TOML, YAML or JSON.
    static func merged(_ values: FrontMatter, besides file: String, in source: any SiteSource,
                       displayFolder: String) throws(SiteError) -> FrontMatter {
        let folder = URLPath.folder(of: file)
        let names = ((try? source.entries(in: folder)) ?? []).map(\.name).sorted()
        var entries = values.entries
        for name in names where name != URLPath.lastComponent(of: file) {
            let path = folder + "/" + name
            let fileExtension = URLPath.fileExtension(of: name)
            guard ["toml", "yaml", "yml", "json"].contains(fileExtension) else { continue }
            var key = String(name.dropLast(fileExtension.count + 1))
            if ["hugo", "config"].contains(key) { continue }
            if key == "menus" { key = "menu" }
            let display = displayFolder + "/" + name
            // As for every file of the site: one whose real path is outside the site folder is not read.
            if let disk = source.folder {
                let site = FileSystem.realPath(disk.rootPath)
                guard let real = FileSystem.resolved(disk.diskPath(path)), real.hasPrefix(site + "/") else {
                    throw SiteError(file: display, "is a link to \(FileSystem.resolved(disk.diskPath(path)) ?? "a file that is not there"), "
                                    + "outside the site folder; sitegen reads no configuration from outside it: copy the file into config/_default/")
                }
            }
            let table = try read(path, in: source, display: display)
            if let index = entries.firstIndex(where: { $0.key.lowercased() == key.lowercased() }) {
                guard let given = entries[index].value.map else { continue }
                let extra = table.entries.filter { entry in !given.keys.contains { $0.lowercased() == entry.key.lowercased() } }
                entries[index].value = .map(FrontMatter(given.entries + extra))
            } else {
                entries.append((key, .map(table)))
            }
        }
        return FrontMatter(entries)
    }

    /// The table of one file of the folder.
    private static func read(_ path: String, in source: any SiteSource, display: String) throws(SiteError) -> FrontMatter {
        let text = try source.readText(path, maximumSize: Limits.configurationBytes, shownAs: display)
        do {
            switch URLPath.fileExtension(of: path) {
            case "toml": return try FrontMatter(toml: text)
            case "json": return try FrontMatter(json: text)
            default: return try FrontMatter(yaml: text)
            }
        } catch {
            throw SiteError(file: display, line: error.line, error.message)
        }
    }
}
