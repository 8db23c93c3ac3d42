import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Checks the links of a built site that lead to other sites, over HTTP: each address once,
/// a few at a time, each within a time limit. A status of 400 or more, or no answer, is a
/// problem, reported where the link is written.
public struct ExternalLinkChecker: Sendable {
    private let checker: LinkChecker
    private let timeout: TimeInterval
    private let concurrency: Int

    /// A checker for the external links `checker`'s build has; `timeout` seconds per request,
    /// at most `concurrency` requests at once.
    public init(checker: LinkChecker, timeout: TimeInterval = 10, concurrency: Int = 8) {
        self.checker = checker
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
    }

    /// Every external link that does not answer, or answers with an error status.
    public func problems() async -> [LinkChecker.Problem] {
        let references = checker.externalReferences()
        let addresses = Array(Set(references.map(\.address))).sorted()
        let session = URLSession(configuration: {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            return configuration
        }())
        defer { session.invalidateAndCancel() }
        var failures: [String: String] = [:]
        await withTaskGroup(of: (String, String?).self) { group in
            var next = 0
            func addNext() {
                guard next < addresses.count else { return }
                let address = addresses[next]
                next += 1
                group.addTask { (address, await Self.failure(of: address, session: session)) }
            }
            for _ in 0..<concurrency { addNext() }
            for await (address, failure) in group {
                if let failure { failures[address] = failure }
                addNext()
            }
        }
        return references.compactMap { reference in
            failures[reference.address].map { checker.locate(reference.written, message: "\($0): \(reference.written)",
                                                              outputPath: reference.outputPath) }
        }
    }

    /// Why `address` is broken, or `nil` when it answers. A server that refuses HEAD is asked with GET.
    private static func failure(of address: String, session: URLSession) async -> String? {
        guard let url = URL(string: address) else { return "malformed external link" }
        var status: Int?
        for method in ["HEAD", "GET"] {
            var request = URLRequest(url: url)
            request.httpMethod = method
            request.setValue("sitegen link checker", forHTTPHeaderField: "User-Agent")
            do {
                let (_, response) = try await session.data(for: request)
                status = (response as? HTTPURLResponse)?.statusCode
            } catch {
                return "external link does not answer (\(error.localizedDescription))"
            }
            if let code = status, method == "HEAD", [403, 405, 501].contains(code) { continue }
            break
        }
        guard let status, status >= 400 else { return nil }
        return "broken external link (HTTP \(status))"
    }
}
