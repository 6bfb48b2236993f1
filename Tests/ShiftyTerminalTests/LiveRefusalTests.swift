import ShiftyTerminal
import ShiftyWebSocket
import Testing

@Suite struct LiveRefusalTests {
    /// `shifty watch` refused because the account holds too many live connections says so (the
    /// handshake's answer carries only the status), and stops instead of hammering the server.
    @Test func tooManyLiveConnectionsIsExplainedAndNotRetried() {
        let failure = LiveSocket.classify(WebSocketClientError.unexpectedStatus(429, "Too Many Requests"))
        guard case .refused(429, let message) = failure else {
            Issue.record("expected a refusal, got \(failure)")
            return
        }
        #expect(message.contains("live connections"))
        var client = LiveClientState(topics: ["marketplace"])
        _ = client.start()
        #expect(client.connectFailed(failure, random: 0).contains(.finish))
    }
}
