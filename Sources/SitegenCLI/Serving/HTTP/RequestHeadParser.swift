/// Finds request heads in the bytes a connection receives, as they arrive: each byte is looked at
/// once, and no more than the limits allow is ever kept, so a 100 KB URL or a megabyte of headers
/// costs one pass over at most ``HTTPLimits/requestLine`` or ``HTTPLimits/headers`` bytes.
///
/// Lines end with CRLF, or a bare LF (RFC 9112 §2.2); empty lines before a request line are
/// skipped. Bytes after a head (a pipelined request) stay for the next call.
struct RequestHeadParser {
    /// Why the bytes received cannot be a request the server answers; each has its status.
    enum Failure: Error, Equatable {
        /// The request line is longer than the limit: 414.
        case requestLineTooLong
        /// The header lines are longer than the limit: 431.
        case headersTooLarge
        /// Not HTTP/1.x syntax: 400, with the reason.
        case malformed(String)
        /// An HTTP version other than 1.0 and 1.1: 505.
        case unsupportedVersion
    }

    private let limits: HTTPLimits
    private var buffer: [UInt8] = []
    /// `buffer[..<scanned]` has been looked at.
    private var scanned = 0
    /// Where the line being scanned starts.
    private var lineStart = 0
    /// The request line once it is complete, without its line end.
    private var requestLine: Range<Int>?
    /// The first byte after the request line.
    private var headersStart = 0

    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Whether part of a request came that is not a whole head yet (for a 408 on a timeout).
    var hasPartialRequest: Bool {
        buffer.contains { $0 != Self.cr && $0 != Self.lf }
    }

    /// Adds received bytes.
    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete head, `nil` when more bytes are needed; throws as soon as the bytes so
    /// far are too long or cannot be a request.
    mutating func nextHead() throws(Failure) -> HTTPRequestHead? {
        while scanned < buffer.count {
            guard let lf = buffer[scanned...].firstIndex(of: Self.lf) else {
                scanned = buffer.count
                break
            }
            let end = lf > lineStart && buffer[lf - 1] == Self.cr ? lf - 1 : lf
            if requestLine == nil {
                if end > lineStart {
                    guard end - lineStart <= limits.requestLine else { throw .requestLineTooLong }
                    requestLine = lineStart..<end
                    headersStart = lf + 1
                }
            } else if end == lineStart {
                guard lineStart - headersStart <= limits.headers else { throw .headersTooLarge }
                let head = try parse(requestLine: requestLine!, fields: headersStart..<lineStart)
                buffer.removeSubrange(..<(lf + 1))
                (scanned, lineStart, requestLine, headersStart) = (0, 0, nil, 0)
                return head
            }
            lineStart = lf + 1
            scanned = lf + 1
        }
        // No whole head yet: is what came already too long? (+ 2: room for the line end.)
        if requestLine == nil {
            if buffer.count > limits.requestLine + 2 { throw .requestLineTooLong }
        } else if buffer.count - headersStart > limits.headers + 2 {
            throw .headersTooLarge
        }
        return nil
    }

    private func parse(requestLine: Range<Int>, fields: Range<Int>) throws(Failure) -> HTTPRequestHead {
        let parts = buffer[requestLine].split(separator: Self.space, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .malformed("the request line is not METHOD TARGET HTTP/1.1")
        }
        guard parts[0].allSatisfy(Self.isTokenByte) else { throw .malformed("the method is not a token") }
        guard parts[1].allSatisfy({ $0 > Self.space && $0 != 0x7F }) else {
            throw .malformed("the request target has spaces or control characters")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let digits = version.utf8.dropFirst(5)
            guard version.hasPrefix("HTTP/"), digits.count == 3, digits.dropFirst().first == UInt8(ascii: "."),
                  digits.first.map(Self.isDigit) == true, digits.last.map(Self.isDigit) == true else {
                throw .malformed("the request line does not end with an HTTP version")
            }
            throw .unsupportedVersion
        }

        var parsed: [HTTPRequestHead.Field] = []
        for line in buffer[fields].split(separator: Self.lf) {
            let line = line.last == Self.cr ? line.dropLast() : line
            guard let first = line.first, first != Self.space, first != Self.tab else {
                throw .malformed("a header line starts with a space (folded header lines are not accepted)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[..<colon].allSatisfy(Self.isTokenByte) else {
                throw .malformed("a header line is not NAME: VALUE")
            }
            let value = line[(colon + 1)...].drop { $0 == Self.space || $0 == Self.tab }
            let trimmed = value.reversed().drop { $0 == Self.space || $0 == Self.tab }.count
            let text = value.prefix(trimmed)
            guard text.allSatisfy({ $0 >= Self.space && $0 != 0x7F || $0 == Self.tab }) else {
                throw .malformed("a header value has control characters")
            }
            parsed.append(HTTPRequestHead.Field(name: String(decoding: line[..<colon], as: UTF8.self).lowercased(),
                                                value: String(decoding: text, as: UTF8.self)))
        }

        let head = HTTPRequestHead(method: String(decoding: parts[0], as: UTF8.self),
                                   target: String(decoding: parts[1], as: UTF8.self), minorVersion: minorVersion, fields: parsed)
        let hosts = parsed.filter { $0.name == "host" }.count
        if hosts > 1 || (minorVersion == 1 && hosts == 0) {
            throw .malformed("an HTTP/1.1 request needs exactly one Host header")
        }
        let lengths = Set(parsed.filter { $0.name == "content-length" }.map(\.value))
        if !lengths.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isDigit) }) || lengths.count > 1 {
            throw .malformed("Content-Length is not one number")
        }
        if !lengths.isEmpty && head.field("transfer-encoding") != nil {
            throw .malformed("both Content-Length and Transfer-Encoding")
        }
        return head
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
