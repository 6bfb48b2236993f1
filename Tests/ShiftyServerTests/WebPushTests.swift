import Foundation
import Logging
@testable import ShiftyNotifications
import ShiftyPostgres
import ShiftySecurity
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Web Push end to end against an independent implementation: the Python stand-in verifies the
/// VAPID JWT and decrypts the aes128gcm body that Shifty's sender POSTed through libcurl.
@Suite struct WebPushTests {
    static let loopback = PushEndpointPolicy(allowLoopbackHTTP: true)

    @Test func senderIsReadByAnIndependentPushService() async throws {
        let standIn = try PushServiceStandIn()
        defer { standIn.stop() }
        let key = try P256KeyPair.generate()
        let sender = WebPushSender(vapidKey: key, subject: "mailto:ops@example.com", policy: Self.loopback)
        let subscription = PushSubscription(
            id: 1, userID: 1, endpoint: standIn.origin + "/push/device-1",
            p256dh: try #require(Base64URL.decode(standIn.p256dh)), auth: try #require(Base64URL.decode(standIn.auth)))
        let payload = #"{"title":"Shift soon","body":"Your shift starts at 16:00 — Küche"}"#
        let outcome = try await sender.send(payload: Data(payload.utf8), to: subscription, ttl: 600, urgency: .high)
        #expect(outcome == .delivered)
        let received = try await standIn.nextRequest()
        #expect(received["ok"] as? Bool == true, "\(received["error"] ?? "")")
        #expect(received["payload"] as? String == payload)
        let claims = try #require(received["claims"] as? [String: Any])
        #expect(claims["aud"] as? String == standIn.origin)
        #expect(claims["sub"] as? String == "mailto:ops@example.com")
        #expect(claims["k"] as? String == Base64URL.encode(key.publicKey))
        let headers = try #require(received["headers"] as? [String: String])
        #expect(headers["ttl"] == "600")
        #expect(headers["urgency"] == "high")
        #expect(headers["content-encoding"] == "aes128gcm")
        #expect(received["length"] as? Int == 86 + payload.utf8.count + 1 + 16)

        // A signature made with another key than the one named in k= is refused by the stand-in.
        var wrongKeys = subscription
        wrongKeys.auth = SecureRandom.bytes(16)
        let undecryptable = try await sender.send(payload: Data("x".utf8), to: wrongKeys, ttl: 60)
        guard case .retryLater(let reason) = undecryptable else { Issue.record("expected retryLater, got \(undecryptable)"); return }
        #expect(reason.contains("400"))
        #expect(try await standIn.nextRequest()["ok"] as? Bool == false)
    }

    @Test func outcomesFollowThePushServiceStatus() async throws {
        let standIn = try PushServiceStandIn()
        defer { standIn.stop() }
        let sender = WebPushSender(vapidKey: try P256KeyPair.generate(), subject: "https://shifty.example", policy: Self.loopback)
        func device(_ path: String) throws -> PushSubscription {
            PushSubscription(id: 1, userID: 1, endpoint: standIn.origin + path,
                             p256dh: try #require(Base64URL.decode(standIn.p256dh)), auth: try #require(Base64URL.decode(standIn.auth)))
        }
        guard case .gone = try await sender.send(payload: Data("a".utf8), to: try device("/push/gone-1"), ttl: 60) else { Issue.record("410 is gone"); return }
        guard case .gone = try await sender.send(payload: Data("a".utf8), to: try device("/push/missing-1"), ttl: 60) else { Issue.record("404 is gone"); return }
        guard case .retryLater = try await sender.send(payload: Data("a".utf8), to: try device("/push/busy-1"), ttl: 60) else { Issue.record("429 is retry"); return }
        // Nobody listening: retry later, not an error.
        var closed = try device("/push/x")
        closed.endpoint = "http://127.0.0.1:1/push/x"
        guard case .retryLater = try await sender.send(payload: Data("a".utf8), to: closed, ttl: 60) else { Issue.record("refused connection is retry"); return }
        // An endpoint the policy refuses is never contacted.
        let strict = WebPushSender(vapidKey: sender.vapidKey, subject: sender.subject, policy: PushEndpointPolicy())
        guard case .gone = try await strict.send(payload: Data("a".utf8), to: try device("/push/ok"), ttl: 60) else { Issue.record("policy"); return }
    }

    @Test func endpointPolicyAllowsOnlyKnownPushServices() {
        let policy = PushEndpointPolicy(extraHosts: ["push.example.org"])
        #expect(policy.allows("https://fcm.googleapis.com/fcm/send/abc:def"))
        #expect(policy.allows("https://updates.push.services.mozilla.com/wpush/v2/gAAA"))
        #expect(policy.allows("https://web.push.apple.com/QAbc"))
        #expect(policy.allows("https://wns2-par02p.notify.windows.com/w/?token=x"))
        #expect(policy.allows("https://push.example.org/x"))
        #expect(!policy.allows("https://evilfcm.googleapis.com.attacker.net/x"))
        #expect(!policy.allows("https://fcm.googleapis.com@attacker.net/x"))
        #expect(!policy.allows("http://fcm.googleapis.com/x"))
        #expect(!policy.allows("https://169.254.169.254/latest/meta-data"))
        #expect(!policy.allows("http://127.0.0.1:9000/push"))
        #expect(PushEndpointPolicy(allowLoopbackHTTP: true).allows("http://127.0.0.1:9000/push"))
        #expect(!PushEndpointPolicy(allowLoopbackHTTP: true).allows("http://10.0.0.1:9000/push"))
    }

    @Test func subscriptionsAreStoredPerDeviceListedAndRevocable() async throws {
        try await TestServer.with(configure: { $0.pushEndpoints.allowLoopbackHTTP = true }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let other = try await server.createWorkplace()

            #expect(try await server.client.json(.GET, "/api/v1/push/vapid-public-key").status == 401)
            let key = try await server.client.json(.GET, "/api/v1/push/vapid-public-key", token: anna.token)
            let publicKey = try #require(key.json["publicKey"] as? String)
            #expect(Base64URL.decode(publicKey)?.count == 65)
            // One key for the deployment: every caller and every later call sees the same one.
            #expect(try await server.client.json(.GET, "/api/v1/push/vapid-public-key", token: other.token).json["publicKey"] as? String == publicKey)
            let fromSecond = try await server.withAnotherInstance { second throws -> String? in
                try await second.client.json(.GET, "/api/v1/push/vapid-public-key", token: anna.token).json["publicKey"] as? String
            }
            #expect(fromSecond == publicKey)
            let stored: Int64 = try await server.pool.withConnection { try $0.query("SELECT count(*)::bigint AS n FROM vapid_keys")[0].decode("n") }
            #expect(stored == 1)

            let browserKey = try P256KeyPair.generate()
            func subscribe(_ endpoint: String, _ account: TestServer.Account, p256dh: String? = nil, auth: String? = nil) async throws -> TestHTTPClient.Response {
                try await server.client.json(.POST, "/api/v1/push/subscriptions", [
                    "endpoint": endpoint, "expirationTime": NSNull(),
                    "keys": ["p256dh": p256dh ?? Base64URL.encode(browserKey.publicKey), "auth": auth ?? Base64URL.encode(SecureRandom.bytes(16))],
                ], token: account.token, headers: [("User-Agent", "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36")])
            }
            let phone = try await subscribe("https://fcm.googleapis.com/fcm/send/anna-phone", anna)
            #expect(phone.status == 201, "\(phone.text)")
            #expect(phone.json["device"] as? String == "Chrome on Android")
            #expect(phone.json["service"] as? String == "https://fcm.googleapis.com")
            #expect(phone.json["thisDevice"] as? Bool == true)
            #expect(phone.json["p256dh"] == nil && phone.json["endpoint"] == nil)
            #expect(try await subscribe("http://127.0.0.1:1/push/laptop", anna).status == 201)

            let refused = try await subscribe("https://169.254.169.254/latest", anna)
            #expect(refused.status == 422 && refused.problemCode == "push_endpoint_refused", "\(refused.text)")
            let badKey = try await subscribe("https://fcm.googleapis.com/fcm/send/x", anna, p256dh: Base64URL.encode([4] + [UInt8](repeating: 1, count: 64)))
            #expect(badKey.status == 422 && badKey.problemCode == "validation_failed")
            let badAuth = try await subscribe("https://fcm.googleapis.com/fcm/send/x", anna, auth: "AAAA")
            #expect(badAuth.status == 422 && badAuth.problemCode == "validation_failed")

            let list = try await server.client.json(.GET, "/api/v1/push/subscriptions?endpoint=https%3A%2F%2Ffcm.googleapis.com%2Ffcm%2Fsend%2Fanna-phone", token: anna.token)
            #expect(list.jsonArray.count == 2)
            #expect(list.jsonArray.filter { $0["thisDevice"] as? Bool == true }.count == 1)
            #expect(try await server.client.json(.GET, "/api/v1/push/subscriptions", token: boss.token).jsonArray.isEmpty)

            // Revoking: only one's own devices; another workplace's member gets 404.
            let phoneID = try #require(phone.json["id"] as? Int)
            #expect(try await server.client.json(.DELETE, "/api/v1/push/subscriptions/\(phoneID)", token: other.token).status == 404)
            #expect(try await server.client.json(.DELETE, "/api/v1/push/subscriptions/\(phoneID)", token: boss.token).status == 404)
            #expect(try await server.client.json(.DELETE, "/api/v1/push/subscriptions/\(phoneID)", token: anna.token).status == 204)
            #expect(try await server.client.json(.DELETE, "/api/v1/push/subscriptions/\(phoneID)", token: anna.token).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/push/subscriptions", token: anna.token).jsonArray.count == 1)
        }
    }

    /// Subscribes `endpoint` for `account` with a fresh browser key pair.
    static func subscribe(_ endpoint: String, _ account: TestServer.Account, _ server: TestServer) async throws -> TestHTTPClient.Response {
        try await server.client.json(.POST, "/api/v1/push/subscriptions", [
            "endpoint": endpoint, "keys": ["p256dh": Base64URL.encode(try P256KeyPair.generate().publicKey), "auth": Base64URL.encode(SecureRandom.bytes(16))],
        ], token: account.token)
    }

    /// A subscription belongs to the member who made it: another member posting the same endpoint
    /// (who learnt it somehow) is refused, and the owner keeps it.
    @Test func aSubscriptionStaysWithTheMemberWhoMadeIt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let stranger = try await server.createWorkplace()
            let endpoint = "https://fcm.googleapis.com/fcm/send/annas-phone"
            let made = try await Self.subscribe(endpoint, anna, server)
            #expect(made.status == 201, "\(made.text)")
            let id = try #require(made.json["id"] as? Int)

            for other in [bram, boss, stranger] {
                let taken = try await Self.subscribe(endpoint, other, server)
                #expect(taken.status == 409, "\(taken.text)")
                #expect(taken.problemCode == "push_endpoint_taken")
                #expect(try await server.client.json(.GET, "/api/v1/push/subscriptions", token: other.token).jsonArray.isEmpty)
            }
            let owner: Int64 = try await server.pool.query("SELECT user_id FROM push_subscriptions WHERE endpoint = $1", [endpoint])[0].decode("user_id")
            #expect(owner == anna.userID, "still Anna's")
            let annas = try await server.client.json(.GET, "/api/v1/push/subscriptions", token: anna.token).jsonArray
            #expect(annas.map { $0["id"] as? Int } == [id])

            // Anna's browser posting its endpoint again renews her own subscription.
            let renewed = try await Self.subscribe(endpoint, anna, server)
            #expect(renewed.status == 201, "\(renewed.text)")
            #expect(renewed.json["id"] as? Int == id)
            #expect(try await server.client.json(.GET, "/api/v1/push/subscriptions", token: anna.token).jsonArray.count == 1)
        }
    }

    @Test func aMemberHasNotificationsOnAtMostTenDevices() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            var ids: [Int] = []
            for device in 1...10 {
                let made = try await Self.subscribe("https://fcm.googleapis.com/fcm/send/anna-\(device)", anna, server)
                #expect(made.status == 201, "\(made.text)")
                ids.append(made.json["id"] as? Int ?? 0)
            }
            let eleventh = try await Self.subscribe("https://fcm.googleapis.com/fcm/send/anna-11", anna, server)
            #expect(eleventh.status == 409, "\(eleventh.text)")
            #expect(eleventh.problemCode == "push_device_limit")
            #expect(try await server.client.json(.GET, "/api/v1/push/subscriptions", token: anna.token).jsonArray.count == 10)
            #expect(try await Self.subscribe("https://fcm.googleapis.com/fcm/send/anna-3", anna, server).status == 201, "renewing is not one more")
            #expect(try await Self.subscribe("https://fcm.googleapis.com/fcm/send/boss-1", boss, server).status == 201, "the limit is per member")
            #expect(try await server.client.json(.DELETE, "/api/v1/push/subscriptions/\(ids[0])", token: anna.token).status == 204)
            #expect(try await Self.subscribe("https://fcm.googleapis.com/fcm/send/anna-11", anna, server).status == 201, "room again after revoking one")
        }
    }

    @Test func endpointsUsePort443UnlessTheOperatorNamesAnother() async throws {
        let known = PushEndpointPolicy()
        #expect(known.allows("https://fcm.googleapis.com/fcm/send/x"))
        #expect(known.allows("https://fcm.googleapis.com:443/fcm/send/x"))
        for refused in [
            "https://fcm.googleapis.com:8443/fcm/send/x", "https://fcm.googleapis.com:22/x", "https://web.push.apple.com:6379/x",
            "https://fcm.googleapis.com:/x", "https://fcm.googleapis.com:443x/x", "https://fcm.googleapis.com:99999/x",
            "https://fcm.googleapis.com\r\n:443/x",
        ] {
            #expect(!known.allows(refused), "\(refused.debugDescription)")
        }
        let operators = PushEndpointPolicy(extraHosts: ["push.example.org", "push.internal.example:8443"])
        #expect(operators.allows("https://push.example.org/x"))
        #expect(!operators.allows("https://push.example.org:8443/x"), "a host without a port is port 443 only")
        #expect(operators.allows("https://push.internal.example:8443/x"))
        #expect(operators.allows("https://eu.push.internal.example:8443/x"))
        #expect(!operators.allows("https://push.internal.example/x"), "host:port allows that port only")
        #expect(!operators.allows("https://push.internal.example:9443/x"))

        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let refused = try await Self.subscribe("https://fcm.googleapis.com:8443/fcm/send/x", boss, server)
            #expect(refused.status == 422 && refused.problemCode == "push_endpoint_refused", "\(refused.text)")
        }
    }

    /// A server whose own delivery loop idles (once an hour), so the test decides when pushes go.
    static func withPushingServer<T: Sendable>(_ body: @Sendable (TestServer) async throws -> T) async throws -> T {
        try await TestServer.with(configure: {
            $0.pushEndpoints.allowLoopbackHTTP = true
            $0.vapidSubject = "mailto:ops@example.com"
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
            $0.publicURL = "https://shifty.test"
        }, body)
    }

    /// The delivery service with the senders the server runs (Web Push included), driven by the test.
    static func deliveries(_ server: TestServer) -> NotificationDeliveryService {
        NotificationDeliveryService(
            pool: server.pool, senders: server.configuration.notificationSenders(pool: server.pool, keyring: PushKeyring(pool: server.pool)),
            links: server.configuration.notificationLinks, logger: Logger(label: "test.push"))
    }

    static func subscribe(_ account: TestServer.Account, _ path: String, _ standIn: PushServiceStandIn, _ server: TestServer) async throws {
        let created = try await server.client.json(.POST, "/api/v1/push/subscriptions", [
            "endpoint": standIn.origin + path, "keys": ["p256dh": standIn.p256dh, "auth": standIn.auth],
        ], token: account.token)
        try #require(created.status == 201, "\(created.text)")
    }

    /// Writes a personal event for `userID` as the services do; returns its id.
    static func personalEvent(_ type: String, for userID: Int64, in workplaceID: Int64, _ server: TestServer) async throws -> Int64 {
        try await server.pool.withConnection { connection in
            try connection.query(
                "INSERT INTO events (workplace_id, type, audience, user_ids, payload) VALUES ($1, $2, 'users', ARRAY[$3::bigint], '{}') RETURNING id",
                [workplaceID, type, userID])[0].decode("id")
        }
    }

    /// The push the stand-in received next, decrypted.
    static func nextPush(_ standIn: PushServiceStandIn) async throws -> (path: String, message: [String: Any], subject: String?) {
        let received = try await standIn.nextRequest()
        #expect(received["ok"] as? Bool == true, "\(received["error"] ?? "")")
        let message = try JSONSerialization.jsonObject(with: Data((received["payload"] as? String ?? "").utf8)) as? [String: Any] ?? [:]
        return (received["path"] as? String ?? "", message, (received["claims"] as? [String: Any])?["sub"] as? String)
    }

    @Test func personalEventsArePushedAndAGoneSubscriptionIsRemoved() async throws {
        let standIn = try PushServiceStandIn()
        defer { standIn.stop() }
        try await Self.withPushingServer { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let ben = try await server.createEmployee(in: boss, username: "ben")
            let service = Self.deliveries(server)
            _ = try await service.tick(now: Date())  // whatever setting up the workplace wrote, before anyone has a device
            for (account, path) in [(anna, "/push/anna-ok"), (anna, "/push/gone-anna"), (ben, "/push/ben-ok")] {
                try await Self.subscribe(account, path, standIn, server)
            }

            // A reminder for Anna only (as ShiftReminderService writes it), and a workplace-wide event.
            _ = try await server.pool.withConnection { connection in
                try connection.execute(
                    "INSERT INTO events (workplace_id, type, audience, payload) VALUES ($1, 'schedule.changed', 'workplace', '{}')", [boss.workplaceID])
            }
            let eventID = try await Self.personalEvent("shift.reminder", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 1)  // one message: Anna's reminder, to each of her devices
            var paths: [String] = []
            for _ in 0..<2 {
                let push = try await Self.nextPush(standIn)
                paths.append(push.path)
                #expect(push.message["title"] as? String == "Shift soon")
                #expect(push.message["url"] as? String == "/#/schedule")
                #expect(push.message["kind"] as? String == "reminder")
                #expect(push.message["tag"] as? String == "e\(eventID).u\(anna.userID).push@shifty.test")
                #expect(push.subject == "mailto:ops@example.com")
            }
            #expect(Set(paths) == ["/push/anna-ok", "/push/gone-anna"])

            // The 410 removed that subscription; the one that worked records its success.
            let devices = try await server.client.json(.GET, "/api/v1/push/subscriptions", token: anna.token).jsonArray
            #expect(devices.count == 1)
            #expect(devices.first?["lastSuccessAt"] is String)
            // One outbox row, done: the next pass sends nothing.
            let rows = try await server.pool.query(
                "SELECT user_id, status FROM notification_deliveries WHERE channel = 'push' ORDER BY id")
            #expect(rows.count == 1)
            #expect(try rows.first?.decode("user_id") as Int64? == Int64(anna.userID))
            #expect(try rows.first?.decode("status") as String? == "delivered")
            #expect(try await service.tick(now: Date()) == 0)
            // The next request the stand-in sees is the next event's: nothing was sent in between.
            let next = try await Self.personalEvent("shift.assigned", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 1)
            let push = try await Self.nextPush(standIn)
            #expect(push.path == "/push/anna-ok")
            #expect(push.message["tag"] as? String == "e\(next).u\(anna.userID).push@shifty.test")
            #expect(push.message["title"] as? String == "Your shifts changed")
        }
    }

    @Test func pushFollowsThePreferences() async throws {
        let standIn = try PushServiceStandIn()
        defer { standIn.stop() }
        try await Self.withPushingServer { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let service = Self.deliveries(server)
            _ = try await service.tick(now: Date())
            try await Self.subscribe(anna, "/push/anna-ok", standIn, server)

            // Reminders only in the page; the server offers push.
            let saved = try await server.client.json(
                .PUT, "/api/v1/me/notification-preferences", ["channels": ["reminder": ["inApp"]]], token: anna.token)
            try #require(saved.status == 200, "\(saved.text)")
            #expect(saved.json["pushEnabled"] as? Bool == true)

            let reminder = try await Self.personalEvent("shift.reminder", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 0)
            let written: Int64 = try await server.pool.query(
                "SELECT count(*)::bigint AS n FROM notification_deliveries WHERE event_id = $1", [reminder])[0].decode("n")
            #expect(written == 0)

            // A shift change still goes by push (the default), and it is the first thing the stand-in sees.
            let change = try await Self.personalEvent("shift.assigned", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 1)
            let push = try await Self.nextPush(standIn)
            #expect(push.message["tag"] as? String == "e\(change).u\(anna.userID).push@shifty.test")
            #expect(push.message["kind"] as? String == "shiftChange")
        }
    }

    @Test func aPersonsOutcomeComesFromTheirDevices() {
        typealias Sender = WebPushNotificationSender
        #expect(Sender.outcome([.gone("410"), .delivered, .retryLater("503")]) == .delivered)
        guard case .retryLater = Sender.outcome([.gone("410"), .retryLater("503")]) else { Issue.record("a device may come back"); return }
        guard case .gone = Sender.outcome([.gone("410"), .gone("404")]) else { Issue.record("no device left"); return }
        guard case .gone = Sender.outcome([]) else { Issue.record("no device at all"); return }
        #expect(PushMessage.route(ofLink: "https://shifty.test/#/swaps") == "/#/swaps")
        #expect(PushMessage.route(ofLink: "https://shifty.test/") == "/#/notifications")
        let digest = OutgoingNotification(
            items: [.init(kind: .decision, subject: "Approved: the shift on 2026-11-30", body: "Ann approved it.", link: "https://shifty.test/#/swaps"),
                    .init(kind: .reminder, subject: "Reminder", body: "Soon.", link: "https://shifty.test/#/schedule")],
            messageID: "<digest.u3.d9@shifty.test>", preferencesLink: "https://shifty.test/#/account", workplaceName: "Cafe")
        let message = PushMessage(digest)
        #expect(message.tag == "digest.u3.d9@shifty.test")
        #expect(message.url == "/#/swaps")
        #expect(!message.body.contains("2026-11-30"))  // the lock screen never shows the details
    }
}
