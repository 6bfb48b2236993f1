import ShiftyFeatures
import ShiftyServer
import ShiftyTestSupport
import Testing

/// Which address login throttling counts: the peer, or behind trusted proxies the real client.
@Suite struct ClientAddressTests {
    let proxies: Set<String> = ["127.0.0.1", "::1", "10.0.0.2"]

    @Test func withoutATrustedPeerTheHeaderIsIgnored() {
        #expect(ClientAddress.resolve(peer: "203.0.113.9", forwardedFor: ["1.2.3.4"], trustedProxies: proxies) == "203.0.113.9")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["1.2.3.4"], trustedProxies: []) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: nil, forwardedFor: ["1.2.3.4"], trustedProxies: proxies) == nil)
    }

    @Test func behindProxiesTheRightMostUntrustedHopIsTheClient() {
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        // A client that sends its own header cannot choose its key: nginx appends the real address.
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        // Two proxies in a row.
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 10.0.0.2"], trustedProxies: proxies) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "::1", forwardedFor: ["2001:db8::5"], trustedProxies: proxies) == "2001:db8::5")
        // Garbage ends the chain at the last address we trust.
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["<script>"], trustedProxies: proxies) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: [], trustedProxies: proxies) == "127.0.0.1")
    }

    @Test func throttlingCountsPerForwardedClient() async throws {
        try await TestServer.with(configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let boss = try await server.createWorkplace()
            var lastAttacker = 0
            for attempt in 1...40 {
                let response = try await server.client.json(.POST, "/api/v1/sessions", [
                    "workplace": boss.slug, "username": "ghost\(attempt)", "password": "wrong password",
                ], headers: [("X-Forwarded-For", "198.51.100.66")])
                lastAttacker = response.status
                if response.status == 429 { break }
            }
            #expect(lastAttacker == 429)
            // Another client behind the same proxy still logs in.
            let other = try await server.client.json(.POST, "/api/v1/sessions", [
                "workplace": boss.slug, "username": "boss", "password": TestServer.password,
            ], headers: [("X-Forwarded-For", "198.51.100.77")])
            #expect(other.status == 201, "\(other.text)")
        }
    }
}
