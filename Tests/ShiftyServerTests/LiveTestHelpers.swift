import Foundation
import ShiftyTestSupport
import Testing

extension TestServer {
    /// Opens a live connection as `account` and waits for its `hello`.
    func live(_ account: Account, query: String = "topics=marketplace,requests,deals,notifications,schedule") async throws -> TestLiveClient {
        let client = try await TestLiveClient.connect(port: port, token: account.token, query: query)
        try await client.next("hello")
        return client
    }

    /// The status and problem code the server answers a WebSocket upgrade of `/api/v1/live` with, when it refuses.
    func liveUpgradeRefusal(query: String = "", headers: [(String, String)]) async throws -> (Int, String?) {
        let upgrade: [(String, String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]
        let response = try await client.send(.GET, query.isEmpty ? "/api/v1/live" : "/api/v1/live?\(query)", headers: upgrade + headers)
        return (response.status, response.problemCode)
    }
}

extension TestLiveClient {
    /// Waits until events with these types arrived (in this order, among possibly others) and returns all events.
    @discardableResult
    func waitForEvents(_ types: [String], timeout: Duration = TestLiveClient.hangGuard) async throws -> [[String: Any]] {
        try await wait(for: "events \(types)", timeout: timeout) { messages in
            let received = messages.compactMap { ($0["event"] as? [String: Any])?["type"] as? String }
            var remaining = types[...]
            for type in received where type == remaining.first { remaining.removeFirst() }
            return remaining.isEmpty
        }
        return events
    }

    var eventTypes: [String] { events.compactMap { $0["type"] as? String } }
}
