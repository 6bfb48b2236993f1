import Foundation
import ShiftyTestSupport
import Testing

/// `GET /metrics` reflects what this instance did, in the Prometheus text format.
@Suite struct MetricsTests {
    @Test func requestsConnectionsAndEventsAreCounted() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            let live = try await server.live(boss, query: "topics=marketplace")
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            try await live.waitForEvents(["shift.supplied"])
            #expect(try await server.client.json(.GET, "/api/v1/shifts/999999", token: anna.token).status == 404)

            let response = try await server.client.send(.GET, "/metrics")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = response.text
            let samples = Self.samples(text)
            // Routes are patterns, never raw ids.
            #expect(samples[#"shifty_http_requests_total{method="POST",route="/api/v1/shifts/{id}/supply",status="200"}"#] == 1)
            #expect(samples[#"shifty_http_requests_total{method="GET",route="/api/v1/shifts/{id}",status="404"}"#] == 1)
            #expect(!text.contains("999999"))
            #expect(samples["shifty_websocket_connections"] == 1)
            #expect(samples["shifty_db_unresponsive"] == 0)
            #expect((samples["shifty_live_events_delivered_total"] ?? 0) >= 1)
            #expect((samples["shifty_db_query_duration_seconds_count"] ?? 0) >= 0)
            for family in ["shifty_http_request_duration_seconds_bucket", "shifty_db_pool_connections_in_use", "shifty_db_pool_waiting_requests",
                           "shifty_live_listener_reconnects_total", "shifty_live_slow_client_closes_total", "shifty_live_events_dropped_total"] {
                #expect(text.contains(family), "\(family) missing")
            }
            await live.close()
        }
    }

    /// `name{labels} value` lines to a dictionary.
    static func samples(_ text: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            result[String(line[..<space])] = value
        }
        return result
    }
}
