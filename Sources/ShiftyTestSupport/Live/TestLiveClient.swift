import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ShiftyWebSocket

/// A live-stream client for tests: our own WebSocket client over a real socket, collecting every JSON
/// message the server sends so a test can wait for the ones it expects.
/// `@unchecked`: the JSON objects are only touched under the lock.
public final class TestLiveClient: @unchecked Sendable {
    struct State {
        var messages: [[String: Any]] = []
        var closeCode: WebSocketCloseCode??
    }

    public let channel: any Channel
    public let connection: WebSocketConnection
    private let state: LockedState

    private init(channel: any Channel, connection: WebSocketConnection, state: LockedState) {
        self.channel = channel
        self.connection = connection
        self.state = state
    }

    /// Connects to `/api/v1/live` (plus `query`) with a bearer token.
    public static func connect(port: Int, token: String, query: String = "", headers: [(String, String)] = []) async throws -> TestLiveClient {
        let state = LockedState()
        let callbacks = WebSocketCallbacks(
            onMessage: { message, _ in
                guard let text = message.text,
                      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return }
                state.withLockedValue { $0.messages.append(object) }
            },
            onClose: { code, _ in
                state.withLockedValue { $0.closeCode = .some(code) }
            })
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        do {
            let target = query.isEmpty ? "/api/v1/live" : "/api/v1/live?\(query)"
            let connection = try await WebSocketClient.upgrade(
                channel: channel, url: WebSocketURL(host: "127.0.0.1", port: port, target: target),
                headers: [("Authorization", "Bearer \(token)")] + headers,
                configuration: WebSocketConfiguration(pingInterval: nil),
                callbacks: callbacks).get()
            return TestLiveClient(channel: channel, connection: connection, state: state)
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// Every message received so far.
    public var messages: [[String: Any]] { state.withLockedValue { $0.messages } }

    /// Ids of the `event` messages received so far, in arrival order.
    public var eventIDs: [Int64] {
        messages.compactMap { message in
            guard message["type"] as? String == "event", let event = message["event"] as? [String: Any] else { return nil }
            return (event["id"] as? NSNumber)?.int64Value
        }
    }

    /// The events received so far (the `event` object of each `event` message).
    public var events: [[String: Any]] {
        messages.compactMap { $0["type"] as? String == "event" ? $0["event"] as? [String: Any] : nil }
    }

    /// The close code once the connection closed (`.some(nil)`: closed without a code).
    public var closeCode: WebSocketCloseCode?? { state.withLockedValue { $0.closeCode } }

    public func send(json: String) {
        connection.send(text: json)
    }

    /// How long a wait lasts before it fails: a guard against a test hanging, not a speed
    /// requirement (the suite must pass on a loaded two-core machine, where a live message can take
    /// seconds to arrive while every test runs at once).
    public static let hangGuard: Duration = .seconds(60)

    /// Waits until `condition` holds for the messages received so far, or throws after `timeout`.
    @discardableResult
    public func wait(
        for description: String, timeout: Duration = hangGuard,
        until condition: @escaping @Sendable ([[String: Any]]) -> Bool
    ) async throws -> [[String: Any]] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (current, closed) = state.withLockedValue { ($0.messages, $0.closeCode != nil) }
            if condition(current) { return current }
            if closed { throw TestLiveClientError.closed(waitingFor: description, received: current.count) }
            if ContinuousClock.now >= deadline { throw TestLiveClientError.timedOut(waitingFor: description, received: current.map(Self.describe)) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for a message of this `type` (the first one not in `after` messages).
    @discardableResult
    public func next(_ type: String, after count: Int = 0, timeout: Duration = hangGuard) async throws -> [String: Any] {
        let messages = try await wait(for: type, timeout: timeout) { messages in
            messages.dropFirst(count).contains { $0["type"] as? String == type }
        }
        return messages.dropFirst(count).first { $0["type"] as? String == type } ?? [:]
    }

    /// Waits for the connection to close and returns the close code; nil when the TCP connection
    /// closed without a close frame.
    public func waitForClose(timeout: Duration = hangGuard) async throws -> WebSocketCloseCode? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let code = closeCode { return code }
            // The TCP connection is gone: a close frame read just before it still counts, and nil says
            // there was none (the server dropped the connection).
            if !channel.isActive {
                try await Task.sleep(for: .milliseconds(50))
                return closeCode ?? nil
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestLiveClientError.timedOut(waitingFor: "close", received: [])
    }

    public func close() async {
        connection.close(code: .normalClosure)
        try? await channel.closeFuture.get()
    }

    /// Drops the TCP connection without a close handshake (a flaky network).
    public func drop() async {
        try? await channel.close()
    }

    static func describe(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

public enum TestLiveClientError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, received: [String])
    case closed(waitingFor: String, received: Int)

    public var description: String {
        switch self {
        case .timedOut(let what, let received): "timed out waiting for \(what); received: \(received.joined(separator: "\n"))"
        case .closed(let what, let received): "connection closed while waiting for \(what) (after \(received) messages)"
        }
    }
}

/// The client's mutable state behind a lock (`@unchecked`: JSON objects are not `Sendable`).
final class LockedState: @unchecked Sendable {
    private let lock = NIOLock()
    private var state = TestLiveClient.State()

    func withLockedValue<T>(_ body: (inout TestLiveClient.State) -> T) -> T {
        lock.withLock { body(&state) }
    }
}
