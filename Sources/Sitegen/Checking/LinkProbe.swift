import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Asks other sites for the status of an address, bounded whatever they send back: each request
/// ends at one deadline, from connecting to its last byte (a server trickling a byte a second
/// cannot hold it), and only its head is read: the transfer is cancelled as soon as the status
/// is known (a server sending an endless body is not read to its end).
///
/// Built on a `URLSession` delegate rather than `data(for:)`, which reads the whole body before
/// it returns, and whose timeouts on Linux's FoundationNetworking count only the wait for each
/// read. FoundationNetworking ignores a delegate's `.cancel` disposition, so the task itself is
/// cancelled, and body bytes that still arrive while it winds down are dropped as they come.
/// Each host has a session of its own, and cancelling and closing one never hold up the check:
/// FoundationNetworking reads a redirect's body whole before following it, and a server that
/// answers with an endless one keeps its session busy, so that it answers no call, until the
/// process ends; other hosts' links go on.
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

    private let timeout: TimeInterval
    private let pending = Mutex<[ObjectIdentifier: Pending]>([:])
    private let sessions = Mutex<[String: URLSession]>([:])
    /// FoundationNetworking queues every chunk of data it reads as one call of the delegate: on a
    /// serial queue, the head of one transfer would wait behind the chunks of another, read
    /// meanwhile at full speed. The delegate's calls are safe to run at once.
    private let queue: OperationQueue

    /// A probe for requests whose deadline is `timeout` seconds.
    init(timeout: TimeInterval) {
        self.timeout = timeout
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = OperationQueue.defaultMaxConcurrentOperationCount
    }

    /// Sends `request` to `host` and waits for its status: at the latest `timeout` seconds after
    /// it started.
    func outcome(of request: URLRequest, host: String) async -> Outcome {
        let task = session(for: host).dataTask(with: request)
        let id = ObjectIdentifier(task)
        let timeout = timeout
        return await withCheckedContinuation { continuation in
            pending.withLock { $0[id] = Pending(continuation: continuation) }
            let deadline = Task { [weak self] in
                // Cancelled when the request ends first.
                guard (try? await Task.sleep(for: .seconds(timeout))) != nil else { return }
                self?.finish(task, with: .timedOut)
            }
            pending.withLock { $0[id]?.deadline = deadline }
            task.resume()
        }
    }

    /// Ends every request under way and lets the sessions go, without waiting for them.
    func invalidate() {
        for session in sessions.withLock({ $0.values }) {
            // May wait for a session kept busy by what a server sends: not here.
            DispatchQueue.global().async { session.invalidateAndCancel() }
        }
    }

    private func session(for host: String) -> URLSession {
        sessions.withLock { sessions in
            if let session = sessions[host] { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
            sessions[host] = session
            return session
        }
    }

    /// Resumes the request's waiter once and stops its transfer; later calls (the transfer's own
    /// end after a cancel) do nothing.
    private func finish(_ task: URLSessionTask, with outcome: Outcome) {
        guard let request = pending.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        request.deadline?.cancel()
        request.continuation.resume(returning: outcome)
        // Cancelling waits for the session's queue, which a server can keep busy.
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        // The head is all that is asked: the body is never read.
        completionHandler(.cancel)
        finish(dataTask, with: .answered(status: (response as? HTTPURLResponse)?.statusCode ?? 0))
        // At once, on this thread of the delegate's queue: every moment of waiting is body read.
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Only after the head, while the cancelled transfer winds down: dropped, and nothing
        // more is done here, as every chunk is a call of its own.
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            // The session's own timeouts back up the deadline; either way it is the same problem.
            let timedOut = (error as? URLError)?.code == .timedOut
            finish(task, with: timedOut ? .timedOut : .failed(error.localizedDescription))
        } else {
            finish(task, with: .answered(status: (task.response as? HTTPURLResponse)?.statusCode ?? 0))
        }
    }
}
