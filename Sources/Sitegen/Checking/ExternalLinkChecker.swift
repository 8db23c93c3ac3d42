import Foundation
import SitegenLimits

/// Checks the links of a built site that lead to other sites, over HTTP: each address once, a
/// few at a time (and fewer to one host), each request within one deadline from connecting to
/// its last byte, each transfer stopped once its status has come. A status of 400 or more, no
/// answer, or no answer in time is a problem, reported where the link is written.
public struct ExternalLinkChecker: Sendable {
    private let checker: LinkChecker
    private let timeout: TimeInterval
    private let concurrency: Int
    private let concurrencyPerHost: Int

    /// A checker for the external links `checker`'s build has: each request ends `timeout`
    /// seconds after it started at the latest (default 10); at most `concurrency` requests at
    /// once (default 8), and at most 2 of them to one host.
    public init(checker: LinkChecker, timeout: TimeInterval? = nil, concurrency: Int? = nil) {
        self.checker = checker
        self.timeout = max(0.001, timeout ?? Limits.externalRequestSeconds)
        self.concurrency = max(1, concurrency ?? Limits.externalRequests)
        self.concurrencyPerHost = min(self.concurrency, Limits.externalRequestsPerHost)
    }

    /// Every external link that does not answer in time, or answers with an error status.
    public func problems() async -> [LinkChecker.Problem] {
        let references = checker.externalReferences()
        let probe = LinkProbe(timeout: timeout)
        var queue = HostQueue(addresses: Set(references.map(\.address)).sorted(), perHost: concurrencyPerHost)
        var failures: [String: String] = [:]
        await withTaskGroup(of: (String, String?).self) { group in
            var running = 0
            func startWhatFits() {
                while running < concurrency, let address = queue.next() {
                    running += 1
                    group.addTask { (address, await Self.failure(of: address, probe: probe, timeout: timeout)) }
                }
            }
            startWhatFits()
            for await (address, failure) in group {
                running -= 1
                queue.finished(address)
                if let failure { failures[address] = failure }
                startWhatFits()
            }
        }
        return references.compactMap { reference in
            failures[reference.address].map { checker.locate(reference.written, message: "\($0): \(reference.written)",
                                                              outputPath: reference.outputPath) }
        }
    }

    /// Why `address` is broken, or `nil` when it answers. A server that refuses HEAD is asked
    /// with GET, whose body is not read either.
    private static func failure(of address: String, probe: LinkProbe, timeout: TimeInterval) async -> String? {
        guard let url = URL(string: address), url.host != nil else { return "malformed external link" }
        var status = 0
        for method in [LinkProbe.Method.head, .get] {
            switch await probe.outcome(of: method, to: address) {
            case .answered(let answer):
                status = answer
            case .timedOut:
                return "external link timed out after \(seconds(timeout)) s"
            case .failed(let reason):
                return "external link does not answer (\(reason))"
            }
            if method == .head, [403, 405, 501].contains(status) { continue }
            break
        }
        guard status >= 400 else { return nil }
        return "broken external link (HTTP \(status))"
    }

    /// `10` for ten seconds, `1.5` for one and a half.
    private static func seconds(_ interval: TimeInterval) -> String {
        interval.rounded() == interval && interval < 1e9 ? String(Int(interval)) : String(interval)
    }
}
