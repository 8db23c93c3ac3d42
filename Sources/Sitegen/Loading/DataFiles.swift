import Foundation
import SitegenMarkdown

/// Reads `data/*.yml`, `*.yaml` and `*.json` into values templates see as `data.NAME`.
enum DataFiles {
    static func load(_ folder: URL?, layout: SiteLayout) throws -> FrontMatter {
        guard let folder, let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else {
            return .empty
        }
        var data = FrontMatter.empty
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.deletingPathExtension().lastPathComponent
            switch file.pathExtension {
            case "yml", "yaml":
                do {
                    let text = try String(contentsOf: file, encoding: .utf8)
                    data[name] = try FrontMatterValue(yaml: text)
                } catch let error as MarkdownError {
                    throw SiteError(file: layout.display(file), line: error.line, error.message)
                }
            case "json":
                guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file)) else {
                    throw SiteError(file: layout.display(file), "is not valid JSON")
                }
                data[name] = json.value
            default:
                continue
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
