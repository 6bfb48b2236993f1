import Foundation
import NIOCore
import ShiftyWebSocket

/// The I/O shell of `shifty watch`: runs ``LiveClientState`` against a real WebSocket, the REST
/// client and a clock, applies events to a ``MarketBoard`` and shows it.
///
/// All inputs (socket callbacks, timers, HTTP results, Ctrl-C) go through one `AsyncStream`, so the
/// state machine sees them strictly one at a time and in order.
public final class LiveWatcher: Sendable {
    public struct Configuration: Sendable {
        public var server: ServerAddress
        public var token: String
        public var output: WatchOutputMode
        public var topics: [String]
        public var policy: ReconnectPolicy
        public var sink: WatchSink
        /// Certificates to trust for an `https://` server instead of the system's (SHIFTY_CA_FILE).
        public var caFile: String?

        public init(
            server: ServerAddress, token: String, output: WatchOutputMode,
            topics: [String] = LiveClientState.defaultTopics, policy: ReconnectPolicy = ReconnectPolicy(),
            sink: WatchSink = .standard
        ) {
            self.server = server
            self.token = token
            self.output = output
            self.topics = topics
            self.policy = policy
            self.sink = sink
        }
    }

    /// How `run` ended.
    public enum Outcome: Sendable, Hashable {
        case quit
        case sessionEnded
        case stopped(String)
    }

    let configuration: Configuration
    let inputs: AsyncStream<WatchInput>
    let continuation: AsyncStream<WatchInput>.Continuation
    let observers = Locked<[@Sendable (WatchSnapshot) -> Void]>([])

    public init(configuration: Configuration) {
        self.configuration = configuration
        (self.inputs, self.continuation) = AsyncStream<WatchInput>.makeStream()
    }

    /// Ends `run` (Ctrl-C): closes the connection normally.
    public func stop() { self.continuation.yield(.stop) }

    /// Drops the TCP connection without a close handshake, as a network failure would (for tests and
    /// for trying out reconnection).
    public func dropConnection() { self.continuation.yield(.drop) }

    /// Reconnects now instead of when the backoff's wait ends (a test decides when the reconnect
    /// happens instead of racing a wall-clock delay).
    public func reconnectNow() { self.continuation.yield(.reconnectNow) }

    /// Calls `observer` after every change (on the watcher's task; keep it short).
    public func observe(_ observer: @escaping @Sendable (WatchSnapshot) -> Void) {
        self.observers.withLock { $0.append(observer) }
    }

    /// Runs until the user quits, the session ends or the server refuses for good. Call it once.
    public func run() async -> Outcome {
        var loop = WatchLoop(configuration: self.configuration, continuation: self.continuation, observers: self.observers)
        let ticker = Task { [continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                continuation.yield(.tick)
            }
        }
        defer { ticker.cancel() }
        loop.begin()
        var outcome = LiveWatcher.Outcome.quit
        for await input in self.inputs {
            if let ended = loop.handle(input) {
                outcome = ended
                break
            }
        }
        // Returning ends the process: the close frame must be on the wire first. An event loop still
        // masking it (OpenSSL's RAND_bytes) while the exit handlers tear OpenSSL down crashes the
        // process (`watch --json | head -n 1` ended in a segfault).
        try? await loop.end()?.get()
        return outcome
    }
}

/// A tiny lock-protected box (the observers list is written rarely and read on every change).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        self.lock.lock()
        defer { self.lock.unlock() }
        return body(&self.value)
    }
}
