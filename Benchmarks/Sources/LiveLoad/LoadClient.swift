import Foundation
import NIOCore
import NIOPosix
import ShiftyWebSocket

/// Opens live WebSocket connections with our own client over several event loops and logs what
/// they receive (one ``DeliveryLog`` and one shared callbacks object per loop).
final class LoadClient: Sendable {
    enum Outcome: Sendable {
        case open(any Channel)
        /// The server answered the upgrade with this HTTP status instead of 101.
        case refused(Int)
        /// No answer within the timeout (e.g. stuck in the listen backlog of a server out of descriptors).
        case timedOut
        case failed(String)

        var label: String {
            switch self {
            case .open: "upgraded (101)"
            case .refused(let status): "refused with HTTP \(status)"
            case .timedOut: "no answer (timed out)"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    let group: MultiThreadedEventLoopGroup
    let loops: [any EventLoop]
    let logs: [DeliveryLog]
    private let callbacks: [WebSocketCallbacks]
    let host: String
    let port: Int
    let url: WebSocketURL
    let tokens: [String]
    private let configuration: WebSocketConfiguration

    init(host: String, port: Int, target: String, tokens: [String], threads: Int) {
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        self.loops = Array(group.makeIterator())
        self.logs = loops.map { _ in DeliveryLog() }
        self.callbacks = logs.map { log in
            WebSocketCallbacks(
                onMessage: { message, _ in log.record(message.data) },
                onClose: { code, _ in log.recordClose(code.map { "\($0.rawValue)" } ?? "none") })
        }
        self.host = host
        self.port = port
        self.url = WebSocketURL(host: host, port: port, target: target)
        self.tokens = tokens
        var configuration = WebSocketConfiguration(maxFrameSize: 1 << 20, maxMessageSize: 1 << 20, maxQueuedBytes: 1 << 20)
        configuration.pingInterval = nil  // the server pings; answering is enough
        self.configuration = configuration
    }

    /// Opens connection number `index` (its loop and token are chosen round-robin).
    func open(_ index: Int, timeout: TimeAmount = .seconds(10)) async -> Outcome {
        let loop = loops[index % loops.count]
        let token = tokens[index % tokens.count]
        let started = Clock.monotonic()
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(timeout)
                .channelOption(.socketOption(.so_reuseaddr), value: 1)
                .connect(host: host, port: port).get()
        } catch {
            return Clock.monotonic() - started >= UInt64(timeout.nanoseconds) ? .timedOut : .failed(Self.describe(error))
        }
        let watchdog = loop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        do {
            _ = try await WebSocketClient.upgrade(
                channel: channel, url: url, headers: [("Authorization", "Bearer \(token)")],
                configuration: configuration, callbacks: callbacks[index % callbacks.count]).get()
            watchdog.cancel()
            return .open(channel)
        } catch WebSocketClientError.unexpectedStatus(let status, _) {
            watchdog.cancel()
            channel.close(promise: nil)
            return .refused(status)
        } catch {
            watchdog.cancel()
            channel.close(promise: nil)
            return Clock.monotonic() - started >= UInt64(timeout.nanoseconds) ? .timedOut : .failed(Self.describe(error))
        }
    }

    /// Opens `count` connections with at most `concurrency` handshakes in flight, logging progress.
    func open(count: Int, concurrency: Int, firstIndex: Int = 0, timeout: TimeAmount = .seconds(10), label: String) async -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(count)
        let started = Clock.monotonic()
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            while next < min(concurrency, count) {
                let index = firstIndex + next
                group.addTask { await self.open(index, timeout: timeout) }
                next += 1
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if outcomes.count % 1000 == 0 || outcomes.count == count {
                    let open = outcomes.lazy.filter { if case .open = $0 { true } else { false } }.count
                    log("\(label): \(outcomes.count)/\(count) attempted, \(open) open, \(milliseconds(Clock.monotonic() - started)) ms")
                }
                if next < count {
                    let index = firstIndex + next
                    group.addTask { await self.open(index, timeout: timeout) }
                    next += 1
                }
            }
        }
        return outcomes
    }

    var hellos: Int { logs.reduce(0) { $0 + $1.hellos } }
    var deliveries: Int { logs.reduce(0) { $0 + $1.deliveries } }
    var closes: (count: Int, codes: [String: Int]) {
        logs.reduce((0, [:])) { total, log in
            let closes = log.closes
            return (total.0 + closes.count, total.1.merging(closes.codes, uniquingKeysWith: +))
        }
    }

    /// Waits until `count` hellos arrived (every connection registered with the hub) or `timeout`.
    func waitForHellos(_ count: Int, timeout: Duration) async -> Int {
        let deadline = ContinuousClock.now + timeout
        while hellos < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return hellos
    }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }

    /// A short reason without descriptor numbers, so equal failures count together.
    static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return describe(first.error)
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? ChannelError { return "\(error)" }
        if let error = error as? WebSocketClientError { return "\(error)" }
        return "\(type(of: error))"
    }
}

extension [LoadClient.Outcome] {
    var openChannels: [any Channel] { compactMap { if case .open(let channel) = $0 { channel } else { nil } } }

    /// Outcome label → count, largest first.
    var tally: [(String, Int)] {
        Dictionary(grouping: self, by: \.label).map { ($0.key, $0.value.count) }.sorted { $0.1 > $1.1 }
    }
}
