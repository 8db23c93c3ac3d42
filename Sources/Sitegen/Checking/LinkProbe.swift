import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Asks other sites for the status of an address, bounded whatever they send back: each request
/// ends at one deadline, from connecting to its last byte (a server trickling a byte a second
/// cannot hold it), and it reads the head and at most `bodyLimit` bytes of the body (a server
/// sending an endless body cannot fill memory).
///
/// Built on a `URLSession` delegate rather than `data(for:)`, which reads the whole body before
/// it returns, and whose timeouts on Linux's FoundationNetworking count only the wait for each
/// read.
final class LinkProbe: NSObject, URLSessionDataDelegate, Sendable {
    /// How a request ended.
    enum Outcome: Sendable, Equatable {
        /// The server answered with this status; `body` holds the first bytes of the body read
        /// (none unless asked for).
        case answered(status: Int, body: Data)
        /// The deadline passed first.
        case timedOut
        /// No answer: the connection failed (the system's words).
        case failed(String)
    }

    /// A request under way: who waits for its outcome, and what of its body has come.
    private struct Pending: Sendable {
        let continuation: CheckedContinuation<Outcome, Never>
        let bodyLimit: Int
        var status: Int?
        var body = Data()
        var deadline: Task<Void, Never>?
    }

    private let pending = Mutex<[Int: Pending]>([:])
    /// Body bytes read in all, by every request (what a server managed to make the probe read).
    private let bodyBytes = Atomic(0)
    /// Set once, right after `init`, since the session's delegate is this object.
    private let sessionBox = Mutex<URLSession?>(nil)

    /// A probe for requests whose deadline is `timeout` seconds; at most `connectionsPerHost`
    /// connections to one host at once.
    init(timeout: TimeInterval, connectionsPerHost: Int) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        sessionBox.withLock { $0 = URLSession(configuration: configuration, delegate: self, delegateQueue: nil) }
    }

    /// The body bytes read so far, by all requests.
    var bodyBytesRead: Int { bodyBytes.load(ordering: .relaxed) }

    /// Sends `request` and waits for how it ended: at the latest `timeout` seconds after it
    /// started. Reads at most `bodyLimit` bytes of the body, then stops the transfer.
    func outcome(of request: URLRequest, timeout: TimeInterval, bodyLimit: Int = 0) async -> Outcome {
        guard let session = sessionBox.withLock({ $0 }) else { return .failed("no session") }
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return await withCheckedContinuation { continuation in
            pending.withLock { $0[id] = Pending(continuation: continuation, bodyLimit: bodyLimit) }
            let deadline = Task { [weak self] in
                // Cancelled when the request ends first.
                guard (try? await Task.sleep(for: .seconds(timeout))) != nil else { return }
                self?.finish(id, with: .timedOut)
                task.cancel()
            }
            pending.withLock { $0[id]?.deadline = deadline }
            task.resume()
        }
    }

    /// Stops every request under way and lets the session go.
    func invalidate() {
        sessionBox.withLock { $0 }?.invalidateAndCancel()
    }

    /// Resumes the request's waiter once; later calls (the transfer's own end after a cancel)
    /// do nothing.
    private func finish(_ id: Int, with outcome: Outcome) {
        guard let request = pending.withLock({ $0.removeValue(forKey: id) }) else { return }
        request.deadline?.cancel()
        request.continuation.resume(returning: outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let wantsBody = pending.withLock { requests -> Bool in
            requests[dataTask.taskIdentifier]?.status = status
            return (requests[dataTask.taskIdentifier]?.bodyLimit ?? 0) > 0
        }
        guard wantsBody else {
            // The head is all that was asked: the body is never read.
            completionHandler(.cancel)
            finish(dataTask.taskIdentifier, with: .answered(status: status, body: Data()))
            dataTask.cancel()
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodyBytes.add(data.count, ordering: .relaxed)
        let full = pending.withLock { requests -> (status: Int, body: Data)? in
            guard var request = requests[dataTask.taskIdentifier] else { return nil }
            request.body.append(data.prefix(request.bodyLimit - request.body.count))
            requests[dataTask.taskIdentifier] = request
            return request.body.count >= request.bodyLimit ? (request.status ?? 0, request.body) : nil
        }
        guard let full else { return }
        // Enough to look in: the rest is never read.
        finish(dataTask.taskIdentifier, with: .answered(status: full.status, body: full.body))
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let sofar = pending.withLock { requests in
            requests[task.taskIdentifier].map { (status: $0.status, body: $0.body) }
        }
        guard let sofar else { return }
        if let error {
            finish(task.taskIdentifier, with: .failed(error.localizedDescription))
        } else {
            let status = sofar.status ?? (task.response as? HTTPURLResponse)?.statusCode ?? 0
            finish(task.taskIdentifier, with: .answered(status: status, body: sofar.body))
        }
    }
}
