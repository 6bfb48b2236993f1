import Foundation
@testable import ShiftyNotifications
import ShiftySecurity
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// An operator's own push service: on a port other than 443 (named as `host:port` with
/// `--push-service-host`) and with a certificate from a private CA (`--push-ca-file`), against the
/// stand-in serving HTTPS with a self-signed certificate.
@Suite struct WebPushPrivateServiceTests {
    @Test func anOperatorsOwnPushServiceIsReachedWithItsPortAndCA() async throws {
        let standIn = try PushServiceStandIn(tls: true)
        defer { standIn.stop() }
        let caFile = try #require(standIn.caFile)
        #expect(standIn.origin.hasPrefix("https://127.0.0.1:"))
        let hostAndPort = String(standIn.origin.dropFirst("https://".count))
        let subscription = PushSubscription(
            id: 1, userID: 1, endpoint: standIn.origin + "/push/own-service",
            p256dh: try #require(Base64URL.decode(standIn.p256dh)), auth: try #require(Base64URL.decode(standIn.auth)))
        let key = try P256KeyPair.generate()

        // The host alone means port 443: the service's own port is not reached.
        let hostOnly = WebPushSender(vapidKey: key, subject: "mailto:ops@example.com", policy: PushEndpointPolicy(extraHosts: ["127.0.0.1"]))
        guard case .gone = try await hostOnly.send(payload: Data("x".utf8), to: subscription, ttl: 60) else {
            Issue.record("an endpoint on another port than the operator named was contacted"); return
        }

        // Its port named, but its certificate not trusted: nothing is delivered.
        var sender = WebPushSender(vapidKey: key, subject: "mailto:ops@example.com", policy: PushEndpointPolicy(extraHosts: [hostAndPort]))
        let untrusted = try await sender.send(payload: Data("x".utf8), to: subscription, ttl: 60)
        guard case .retryLater(let reason) = untrusted else { Issue.record("expected a TLS failure, got \(untrusted)"); return }
        #expect(reason.contains("unreachable"), "\(reason)")

        // With the operator's CA it arrives, and the stand-in verifies and decrypts it.
        sender.caFile = caFile
        let payload = #"{"title":"Own service"}"#
        #expect(try await sender.send(payload: Data(payload.utf8), to: subscription, ttl: 60) == .delivered)
        let received = try await standIn.nextRequest()
        #expect(received["ok"] as? Bool == true, "\(received["error"] ?? "")")
        #expect(received["payload"] as? String == payload)
        #expect((received["claims"] as? [String: Any])?["aud"] as? String == standIn.origin)
    }

    @Test func serviceEntriesAreAHostOrAHostAndPort() {
        #expect(PushEndpointPolicy.isValidEntry("push.internal.example"))
        #expect(PushEndpointPolicy.isValidEntry("push.internal.example:8443"))
        #expect(PushEndpointPolicy.isValidEntry("127.0.0.1:8443"))
        for bad in ["https://push.example", "push.example:0", "push.example:65536", "push.example:http", "push.example/x", "user@push.example", "push.example:", ":8443", "[::1"] {
            #expect(!PushEndpointPolicy.isValidEntry(bad), "\(bad)")
        }
    }

    /// The server's push channel trusts `--push-ca-file` and subscriptions may name the
    /// operator's `host:port`: a member's reminder reaches the operator's own service.
    @Test func theServerPushesThroughTheConfiguredServiceAndCA() async throws {
        let standIn = try PushServiceStandIn(tls: true)
        defer { standIn.stop() }
        let caFile = try #require(standIn.caFile)
        let hostAndPort = String(standIn.origin.dropFirst("https://".count))
        try await TestServer.with(configure: {
            $0.pushEndpoints.extraHosts = [hostAndPort]
            $0.pushCAFile = caFile
            $0.vapidSubject = "mailto:ops@example.com"
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
            $0.publicURL = "https://shifty.test"
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let service = WebPushTests.deliveries(server)
            _ = try await service.tick(now: Date())
            try await WebPushTests.subscribe(anna, "/push/anna-own-service", standIn, server)
            _ = try await WebPushTests.personalEvent("shift.reminder", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 1)
            let push = try await WebPushTests.nextPush(standIn)
            #expect(push.path == "/push/anna-own-service")
            #expect(push.message["kind"] as? String == "reminder")
        }
    }
}
