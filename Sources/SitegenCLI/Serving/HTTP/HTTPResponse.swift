import Foundation

/// A response of the preview server: a status, header fields, and the whole body, a file sent a
/// chunk at a time, or a stream of server-sent events.
struct HTTPResponse: Sendable {
    /// What follows the head.
    enum Body: Sendable {
        /// The whole body, sent with its `Content-Length`.
        case bytes(Data)
        /// A file, sent a chunk at a time with its `Content-Length`.
        case file(FileBody)
        /// Server-sent events, each sent as it comes, until the client goes away.
        case events(AsyncStream<String>)
    }

    let status: Int
    /// Header fields besides `Content-Length`, `Connection` and `Cache-Control`, which the
    /// connection writes itself.
    var fields: [(name: String, value: String)]
    var body: Body

    init(status: Int, fields: [(name: String, value: String)] = [], body: Body = .bytes(Data())) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A short plain-text response, for errors.
    static func text(_ status: Int, _ message: String, fields: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, fields: [("Content-Type", "text/plain; charset=utf-8")] + fields,
                     body: .bytes(Data((message + "\n").utf8)))
    }

    /// A redirect to `path` on this same server. Leading slashes and backslashes become one
    /// slash: a browser reads `//evil.com/` (or `/\evil.com/`) as another host, so a request
    /// for `//evil.com` must not be sent there.
    static func redirect(_ status: Int, to path: String) -> HTTPResponse {
        let location = "/" + path.drop { $0 == "/" || $0 == "\\" }
        return .text(status, "Moved to \(location)", fields: [("Location", location)])
    }

    /// The status line and header fields, ending with the empty line. `keepAlive` says whether
    /// the connection stays open; HTTP/1.0 clients are told so explicitly.
    func head(keepAlive: Bool, minorVersion: Int) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for field in fields { text += "\(field.name): \(field.value)\r\n" }
        switch body {
        case .bytes(let data): text += "Content-Length: \(data.count)\r\n"
        case .file(let file): text += "Content-Length: \(file.length)\r\n"
        case .events: break
        }
        text += "Cache-Control: no-store\r\n"
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if minorVersion == 0 {
            text += "Connection: keep-alive\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
