import CCurl
import Foundation

/// Asks other sites for the status of an address, bounded whatever they send back: each request
/// ends at one deadline, from connecting to its last byte (a server trickling a byte a second
/// cannot hold it), and only its head is read: libcurl stops the transfer at the first byte of
/// a body, so memory does not depend on what a server sends.
///
/// libcurl rather than `URLSession`: FoundationNetworking on Linux goes on reading a body into
/// memory after its delegate has asked it to stop, until a cancel lands, and reads a redirect's
/// body whole before following it. This is the one file that imports `CCurl`.
struct LinkProbe: Sendable {
    /// How a request ended.
    enum Outcome: Sendable, Equatable {
        /// The server answered with this status.
        case answered(status: Int)
        /// The deadline passed first.
        case timedOut
        /// No answer: the connection failed (libcurl's words).
        case failed(String)
    }

    /// The HTTP method a probe sends.
    enum Method: Sendable {
        case head, get
    }

    /// Redirects followed before the link counts as not answering.
    private static let redirects = 10
    private let milliseconds: Int

    /// A probe for requests whose deadline is `timeout` seconds.
    init(timeout: TimeInterval) {
        // At least a millisecond (0 means "no deadline" to curl), and within a C `long`.
        milliseconds = Int(min(max(timeout * 1000, 1), Double(Int32.max)).rounded(.up))
    }

    /// Sends `method` to `address` and waits for its status: at the latest `timeout` seconds
    /// after it started.
    func outcome(of method: Method, to address: String) async -> Outcome {
        let milliseconds = milliseconds
        return await withCheckedContinuation { continuation in
            // curl_easy_perform blocks until the deadline at worst: on a thread of its own, not
            // one of the few the cooperative pool has. The checker bounds how many run at once.
            let thread = Thread {
                continuation.resume(returning: Self.perform(method, address, milliseconds: milliseconds))
            }
            thread.start()
        }
    }

    private static func perform(_ method: Method, _ address: String, milliseconds: Int) -> Outcome {
        var outcome = ccurl_request_status(address, method == .head ? 1 : 0, milliseconds, redirects,
                                           "sitegen link checker")
        switch outcome.kind {
        case CCURL_ANSWERED:
            return .answered(status: outcome.status)
        case CCURL_TIMED_OUT:
            return .timedOut
        default:
            let message = withUnsafeBytes(of: &outcome.message) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failed(message)
        }
    }
}
