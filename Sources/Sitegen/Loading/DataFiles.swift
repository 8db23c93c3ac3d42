import Foundation
import SitegenMarkdown
import SitegenLimits

/// Reads `data/*.yml`, `*.yaml`, `*.json` and `*.toml` into values templates see as `data.NAME`; a
/// Jekyll site's `_data/` also `*.csv` and `*.tsv`, each a list of its rows, each row a map
/// of the first row's names to its cells, as Jekyll reads them.
enum DataFiles {
    /// Data files larger than this are not read: they are held in memory, as values, at many
    /// times their size.
    static let maximumBytes = Limits.dataFileBytes

    /// Whether a file of `data/` is a data file.
    static func isDataFile(_ name: String) -> Bool {
        name.hasSuffix(".yml") || name.hasSuffix(".yaml") || name.hasSuffix(".json") || name.hasSuffix(".toml")
    }

    /// Whether a file of a Jekyll site's `_data/` is a data file: tables too.
    static func isJekyllDataFile(_ name: String) -> Bool {
        isDataFile(name) || name.hasSuffix(".csv") || name.hasSuffix(".tsv")
    }

    /// The files of `folder` by name; `shownAs` is how messages name the folder (`data/`, `i18n/`).
    /// A file that does not read is an error, or, with `skipped`, left out and given to it (a
    /// Jekyll site's `_data/`, which sitegen reads for its pages' Liquid: Jekyll's own uses of
    /// a file, such as its themes' navigation, are not sitegen's to refuse).
    static func load(_ folder: String?, shownAs: String = "data/", walker: FolderWalker,
                     skipped: ((SiteError) -> Void)? = nil) throws -> FrontMatter {
        var data = FrontMatter.empty
        for file in try read(folder, shownAs: shownAs, walker: walker, skipped: skipped) { data[file.name] = file.value }
        return data
    }

    /// The files of `folder`, each with its name (without extension), the path messages name it
    /// by, and its value.
    static func read(_ folder: String?, shownAs: String = "data/", walker: FolderWalker,
                     skipped: ((SiteError) -> Void)? = nil) throws -> [(name: String, shown: String, value: FrontMatterValue)] {
        guard let folder else { return [] }
        let tables = folder == "_data"
        let listing = walker.list(folder, shownAs: shownAs, verb: "read", recursive: false, accepting: tables ? isJekyllDataFile : isDataFile)
        guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
        var data: [(name: String, shown: String, value: FrontMatterValue)] = []
        for path in listing.files {
            let file = FolderWalker.join(folder, path)
            let name = String(path.dropLast(URLPath.fileExtension(of: path).count + 1))
            // Text that is not UTF-8 is an error at its line, not read with U+FFFD in place of its bytes.
            let text = try walker.source.readText(file, maximumSize: maximumBytes, shownAs: file)
            do throws(SiteError) {
                if tables, path.hasSuffix(".csv") || path.hasSuffix(".tsv") {
                    data.append((name, file, DelimitedTable.rows(of: text,
                                                                  separator: path.hasSuffix(".tsv") ? "\t" : ",")))
                } else if path.hasSuffix(".json") {
                    guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                        throw SiteError(file: file, "is not valid JSON")
                    }
                    data.append((name, file, json.value))
                } else if path.hasSuffix(".toml") {
                    do {
                        data.append((name, file, .map(try FrontMatter(toml: text))))
                    } catch {
                        throw SiteError(file: file, line: error.line, error.message)
                    }
                } else {
                    do {
                        data.append((name, file, try FrontMatterValue(yaml: text)))
                    } catch {
                        throw SiteError(file: file, line: error.line, error.message)
                    }
                }
            } catch {
                guard let skipped else { throw error }
                skipped(error)
            }
        }
        return data
    }
}

/// A JSON value, decoded in the types front matter uses.
private struct JSONValue: Decodable {
    let value: FrontMatterValue

    init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [FrontMatterValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self).value) }
            value = .list(values)
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            value = .map(FrontMatter(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try object.decode(JSONValue.self, forKey: $0).value)
            }))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { value = .null }
            else if let bool = try? single.decode(Bool.self) { value = .bool(bool) }
            else if let int = try? single.decode(Int.self) { value = .int(int) }
            else if let double = try? single.decode(Double.self) { value = .double(double) }
            else { value = .string(try single.decode(String.self)) }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
