import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Asks other sites for the status of an address, bounded whatever they send back: each request
/// ends at one deadline, from connecting to its last byte (a server trickling a byte a second
/// cannot hold it), and only its head is read: the transfer is cancelled as soon as the status
/// is known (a server sending an endless body cannot fill memory).
///
/// Built on a `URLSession` delegate rather than `data(for:)`, which reads the whole body before
/// it returns, and whose timeouts on Linux's FoundationNetworking count only the wait for each
/// read. FoundationNetworking ignores a delegate's `.cancel` disposition, so the task itself is
/// cancelled, and body bytes that still arrive while it winds down are dropped as they come.
final class LinkProbe: NSObject, URLSessionDataDelegate, Sendable {
    /// How a request ended.
    enum Outcome: Sendable, Equatable {
        /// The server answered with this status.
        case answered(status: Int)
        /// The deadline passed first.
        case timedOut
        /// No answer: the connection failed (the system's words).
        case failed(String)
    }

    /// A request under way: who waits for its outcome, and the task that ends it at its deadline.
    private struct Pending: Sendable {
        let continuation: CheckedContinuation<Outcome, Never>
        var deadline: Task<Void, Never>?
    }

    private let pending = Mutex<[Int: Pending]>([:])
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
        // FoundationNetworking queues every chunk of data it reads as one call of the delegate: on
        // a serial queue, the head of one transfer would wait behind the chunks of another, read
        // meanwhile at full speed. The delegate's calls are safe to run at once.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = OperationQueue.defaultMaxConcurrentOperationCount
        sessionBox.withLock { $0 = URLSession(configuration: configuration, delegate: self, delegateQueue: queue) }
    }

    /// Sends `request` and waits for its status: at the latest `timeout` seconds after it started.
    func outcome(of request: URLRequest, timeout: TimeInterval) async -> Outcome {
        guard let session = sessionBox.withLock({ $0 }) else { return .failed("no session") }
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return await withCheckedContinuation { continuation in
            pending.withLock { $0[id] = Pending(continuation: continuation) }
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
        // The head is all that is asked: the body is never read.
        completionHandler(.cancel)
        finish(dataTask.taskIdentifier, with: .answered(status: (response as? HTTPURLResponse)?.statusCode ?? 0))
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Only after the head, while the cancelled transfer winds down: dropped, and nothing
        // more is done here, as every chunk waits its turn on the one delegate queue.
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            // The session's own timeouts back up the deadline; either way it is the same problem.
            let timedOut = (error as? URLError)?.code == .timedOut
            finish(task.taskIdentifier, with: timedOut ? .timedOut : .failed(error.localizedDescription))
        } else {
            finish(task.taskIdentifier, with: .answered(status: (task.response as? HTTPURLResponse)?.statusCode ?? 0))
        }
    }
}
