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

    /// The main file of `config/_default/` in `root`, if the folder has one.
    static func mainFile(in root: URL) -> URL? {
        let folder = root.appendingPathComponent(Self.folder)
        for name in ["hugo", "config"] {
            for ext in ["toml", "yaml", "yml", "json"] {
                let url = folder.appendingPathComponent(name + "." + ext)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue { return url }
            }
        }
        return nil
    }

    /// Whether `file` is the main file of a `config/_default/` folder.
    static func isMainFile(_ file: URL) -> Bool {
        let parent = file.deletingLastPathComponent()
        return parent.lastPathComponent == "_default" && parent.deletingLastPathComponent().lastPathComponent == "config"
    }

    /// `values` of the main file with the tables of the other files of its folder.
    ///
    /// - Throws: ``SiteError`` naming the file and line of text that is not valid TOML, YAML or JSON.
    static func merged(_ values: FrontMatter, besides file: URL, displayFolder: String) throws(SiteError) -> FrontMatter {
        let folder = file.deletingLastPathComponent()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var entries = values.entries
        for name in names where name != file.lastPathComponent {
            let url = folder.appendingPathComponent(name)
            guard ["toml", "yaml", "yml", "json"].contains(url.pathExtension) else { continue }
            var key = url.deletingPathExtension().lastPathComponent
            if ["hugo", "config"].contains(key) { continue }
            if key == "menus" { key = "menu" }
            let display = displayFolder + "/" + name
            // As for every file of the site: one whose real path is outside the site folder is not read.
            let site = FileSystem.realPath(folder.deletingLastPathComponent().deletingLastPathComponent().path)
            guard let real = FileSystem.resolved(url.path), real.hasPrefix(site + "/") else {
                throw SiteError(file: display, "is a link to \(FileSystem.resolved(url.path) ?? "a file that is not there"), outside the site "
                                + "folder; sitegen reads no configuration from outside it: copy the file into config/_default/")
            }
            let table = try read(url, display: display)
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
    private static func read(_ url: URL, display: String) throws(SiteError) -> FrontMatter {
        let text: String
        do {
            text = String(decoding: try RegularFile.contents(of: url.path, maximumSize: Limits.configurationBytes), as: UTF8.self)
        } catch {
            throw SiteError(file: display, error.reason)
        }
        do {
            switch url.pathExtension {
            case "toml": return try FrontMatter(toml: text)
            case "json": return try FrontMatter(json: text)
            default: return try FrontMatter(yaml: text)
            }
        } catch {
            throw SiteError(file: display, line: error.line, error.message)
        }
    }
}
