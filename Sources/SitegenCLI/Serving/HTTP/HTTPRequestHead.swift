import Foundation

/// A parsed HTTP/1.x request line and its header fields (the server never reads request bodies).
struct HTTPRequestHead: Sendable, Equatable {
    /// One header line: the name in lowercase, the value without surrounding spaces.
    struct Field: Sendable, Equatable {
        let name: String
        let value: String
    }

    /// The method as sent (methods are case-sensitive).
    let method: String
    /// The request target as sent: `/posts/?page=2`, or an absolute URL.
    let target: String
    /// The minor version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    let minorVersion: Int
    let fields: [Field]

    /// The first value of the header `name` (lowercase).
    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The target's path, still percent-encoded (an absolute URL's path; `""` for `*` and other
    /// targets without one).
    var path: String {
        var rest = Substring(target)
        if !rest.hasPrefix("/") {
            guard let scheme = rest.range(of: "://"),
                  ["http", "https"].contains(rest[..<scheme.lowerBound].lowercased()) else { return "" }
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...] } ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        return String(rest.prefix { $0 != "?" && $0 != "#" })
    }

    /// The percent-decoded value of the query parameter `name`, if the target has it.
    func queryValue(_ name: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        let query = target[target.index(after: mark)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name {
                let value = parts.count > 1 ? String(parts[1]) : ""
                return value.removingPercentEncoding ?? value
            }
        }
        return nil
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let options = connectionOptions
        return minorVersion >= 1 ? !options.contains("close") : options.contains("keep-alive")
    }

    /// Whether a body follows the head (which the server does not read: it answers, then closes).
    var declaresBody: Bool {
        field("transfer-encoding") != nil || (field("content-length").flatMap { Int($0) } ?? 0) > 0
    }

    private var connectionOptions: Set<String> {
        Set(fields.filter { $0.name == "connection" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }
}
