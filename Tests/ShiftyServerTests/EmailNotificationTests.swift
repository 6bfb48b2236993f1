import Foundation
import Logging
import ShiftyDomain
import ShiftyTestSupport
import Testing

@testable import ShiftyServer
@testable import ShiftyNotifications

/// E-mail notifications end to end against a real SMTP server (aiosmtpd with STARTTLS and AUTH):
/// the outbox fan-out, delivery, the message's form, quiet hours, the digest, password reset by
/// mail, take-over of a crashed instance's claims and failures shown to managers.
///
/// The server's own delivery service runs once an hour here, so the tests drive ticks at chosen
/// instants with a service of their own on the same database.
@Suite(.serialized) struct EmailNotificationTests {
    static func service(_ server: TestServer, settings: SMTPSettings? = nil, maximumAttempts: Int = 6) -> NotificationDeliveryService {
        var configuration = server.configuration
        if let settings { configuration.smtp = settings }
        var service = NotificationDeliveryService(
            pool: server.pool, senders: configuration.allNotificationSenders, links: configuration.notificationLinks,
            logger: Logger(label: "test.notifications"))
        service.maximumAttempts = maximumAttempts
        return service
    }

    /// A server that mails through `smtp`, its delivery loop idle so the test decides when mail goes.
    static func withMailingServer<T: Sendable>(
        _ smtp: TestSMTPServer, _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let settings = try smtp.settings()
        return try await TestServer.with(configure: {
            $0.smtp = settings
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
            $0.publicURL = "https://shifty.test"
        }, body)
    }

    static func setEmail(_ account: TestServer.Account, _ email: String, by boss: TestServer.Account, _ server: TestServer) async throws {
        let response = try await server.client.json(.PATCH, "/api/v1/users/\(account.userID)", ["email": email], token: boss.token)
        try #require(response.status == 200, "set email: \(response.status) \(response.text)")
    }

    /// Anna supplies a shift, Bram picks it up, the boss rejects it with `note`; returns the deal.
    static func rejectedPickUp(
        _ server: TestServer, boss: TestServer.Account, anna: TestServer.Account, bram: TestServer.Account, note: String, inDays: Int = 2
    ) async throws -> Int {
        let shift = try await server.createShift(by: boss, for: anna, inDays: inDays)
        #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
        let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
        let rejected = try await server.act("/deals/\(dealID)/reject", ["note": note], as: boss)
        try #require(rejected.status == 200, "\(rejected.text)")
        return dealID
    }

    static func eventID(_ server: TestServer, type: String, dealID: Int) async throws -> Int64 {
        try await server.pool.query(
            "SELECT id FROM events WHERE type = $1 AND (payload ->> 'dealId')::bigint = $2", [type, Int64(dealID)])[0].decode("id")
    }

    @Test func aRejectionWithTheManagersNoteArrivesOnceAsAWellFormedMultipartMail() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(bram, "bram@example.test", by: boss, server)
            let note = "Not trained for the <b>bar</b> & kitchen yet"
            let dealID = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: note)

            let service = Self.service(server)
            #expect(try await service.tick(now: Date()) == 1, "one mail: Bram has an address, Anna has none")
            #expect(try await service.tick(now: Date()) == 0, "nothing twice")
            #expect(try await service.tick(now: Date().addingTimeInterval(600)) == 0)

            let mails = try smtp.mails(to: "bram@example.test")
            try #require(mails.count == 1)
            let mail = mails[0]
            #expect(mail.summary["tls"] as? Bool == true, "STARTTLS before the mail")
            #expect(mail.summary["authenticated"] as? Bool == true, "AUTH before the mail")
            #expect((mail.summary["defects"] as? [Any])?.isEmpty == true, "Python's e-mail parser finds no defect")
            #expect(mail.summary["contentType"] as? String == "multipart/alternative")
            let text = try #require(mail.part("text/plain"))
            let html = try #require(mail.part("text/html"))
            #expect(text.contains(note), "the note, verbatim, in the text part")
            #expect(text.contains("The Boss rejected"))
            #expect(html.contains("Not trained for the &lt;b&gt;bar&lt;/b&gt; &amp; kitchen yet"), "escaped in HTML")
            #expect(!html.contains("<b>bar</b>"))
            #expect(html.contains("href=\"https://shifty.test/#/swaps\""), "a link to the right page")
            let event = try await Self.eventID(server, type: "deal.rejected", dealID: dealID)
            #expect(mail.headers["Message-ID"] == "<e\(event).u\(bram.userID).email@shifty.test>", "Message-ID from (event, person)")
            #expect(mail.headers["List-Unsubscribe"] == "<https://shifty.test/#/account>")
            #expect(mail.headers["Subject"]?.hasPrefix("Rejected: the shift on") == true)
            #expect(mail.headers["To"]?.contains("bram@example.test") == true)
        }
    }

    @Test func aResetLinkByMailLogsInOnceAndThenExpires() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(bram, "Bram@Example.test", by: boss, server)

            let asked = try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "bram@example.test"])
            let unknown = try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "nobody@example.test"])
            #expect(asked.status == 202)
            #expect(unknown.status == 202)
            #expect(asked.text == unknown.text, "the same answer for an unknown address: no account enumeration")

            #expect(try await Self.service(server).tick(now: Date()) == 1)
            let mail = try #require(try smtp.mails(to: "Bram@Example.test").first)
            let text = try #require(mail.part("text/plain"))
            let token = try #require(text.components(separatedBy: "#/reset?token=").dropFirst().first?.prefix { !$0.isWhitespace })
            #expect(mail.headers["Message-ID"]?.hasPrefix("<reset") == true)
            let stored = try await server.pool.query("SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = $1", [String(token)])
            #expect(try stored[0].decode("n") as Int == 0, "only the hash is stored")
            let outbox = try await server.pool.query("SELECT body, link FROM notification_deliveries WHERE kind = 'account'")
            #expect(try outbox.allSatisfy { !(try $0.decode("link") as String).contains(String(token)) }, "the sent link is scrubbed from the outbox")

            let redeemed = try await server.client.json(.POST, "/api/v1/password-resets/redeem", [
                "token": String(token), "newPassword": "a brand new secret", "client": "bearer",
            ])
            #expect(redeemed.status == 201, "\(redeemed.text)")
            #expect(try await server.client.json(.GET, "/api/v1/me", token: bram.token).status == 401, "other sessions ended")
            let fresh = try #require(redeemed.json["token"] as? String)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: fresh).status == 200, "the link logged in")
            _ = try await server.login(workplace: boss.slug, username: "bram", password: "a brand new secret")

            let again = try await server.client.json(.POST, "/api/v1/password-resets/redeem", [
                "token": String(token), "newPassword": "yet another secret", "client": "bearer",
            ])
            #expect(again.status == 422)
            #expect(again.json["code"] as? String == "reset_link_invalid", "works once")
        }
    }

    @Test func aManagerMakesAResetLinkForAMember() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let refused = try await server.client.json(.POST, "/api/v1/password-resets", ["userId": Int(bram.userID)], token: bram.token)
            #expect(refused.status == 403)
            let made = try await server.client.json(.POST, "/api/v1/password-resets", ["userId": Int(bram.userID)], token: boss.token)
            #expect(made.status == 201, "\(made.text)")
            let link = try #require(made.json["link"] as? String)
            let token = try #require(link.components(separatedBy: "token=").last)
            #expect(try await server.client.json(.GET, "/api/v1/password-resets/check?token=\(token)").status == 204)
            let redeemed = try await server.client.json(.POST, "/api/v1/password-resets/redeem", ["token": token, "newPassword": "handed over secret", "client": "bearer"])
            #expect(redeemed.status == 201)
            #expect(try await server.client.json(.GET, "/api/v1/password-resets/check?token=\(token)").status == 422)
            // Without --smtp-url, "forgot password" says e-mail is off instead of pretending.
            let forgot = try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "bram"])
            #expect(forgot.status == 409)
            #expect(forgot.json["code"] as? String == "email_disabled")
            let other = try await server.createWorkplace()
            let crossed = try await server.client.json(.POST, "/api/v1/password-resets", ["userId": Int(bram.userID)], token: other.token)
            #expect(crossed.status == 404, "no links for another workplace's members")
        }
    }

    @Test func anInviteCodeGoesOutByMailAndLeavesNoCopyInTheOutbox() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let created = try await server.client.json(.POST, "/api/v1/invites", ["email": "new.hire@example.test", "maxUses": 1], token: boss.token)
            #expect(created.status == 201, "\(created.text)")
            let code = try #require(created.json["code"] as? String)
            #expect(try await Self.service(server).tick(now: Date()) == 1)
            let mail = try #require(try smtp.mails(to: "new.hire@example.test").first)
            #expect(mail.part("text/plain")?.contains(code) == true, "the code is in the mail")
            #expect(mail.part("text/plain")?.contains(boss.slug) == true, "and the workplace to join")
            let bodies = try await server.pool.query("SELECT body FROM notification_deliveries").map { try $0.decode("body") as String }
            #expect(bodies.allSatisfy { !$0.contains(code) }, "the sent code is scrubbed from the outbox")
            let bad = try await server.client.json(.POST, "/api/v1/invites", ["email": "not an address"], token: boss.token)
            #expect(bad.status == 422)
        }
    }

    /// 23:00 tonight in Amsterdam (the test workplaces' time zone).
    static func amsterdam(hour: Int, minute: Int = 0, daysAhead: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!
        let today = calendar.startOfDay(for: Date())
        let day = calendar.date(byAdding: .day, value: daysAhead, to: today)!
        return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)!
    }

    @Test func quietHoursHoldMailsUntilMorning() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(bram, "bram@example.test", by: boss, server)
            let put = try await server.client.json(.PUT, "/api/v1/me/notification-preferences", ["quietHours": ["start": "22:00", "end": "07:00"]], token: bram.token)
            #expect(put.status == 200, "\(put.text)")
            _ = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "late-night decision")

            let service = Self.service(server)
            let night = Self.amsterdam(hour: 23, minute: 10)
            #expect(try await service.tick(now: night) == 0, "23:10: inside quiet hours, held")
            #expect(try await service.tick(now: Self.amsterdam(hour: 6, minute: 59, daysAhead: 1)) == 0, "06:59: still quiet")
            #expect(try smtp.mails().isEmpty)
            #expect(try await service.tick(now: Self.amsterdam(hour: 7, minute: 0, daysAhead: 1)) == 1, "07:00: sent in the morning")
            #expect(try smtp.mails(to: "bram@example.test").count == 1)
        }
    }

    @Test func theDigestBundlesADaysMailsIntoOne() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(bram, "bram@example.test", by: boss, server)
            let put = try await server.client.json(.PUT, "/api/v1/me/notification-preferences", ["digest": true, "digestTime": "07:30"], token: bram.token)
            #expect(put.status == 200, "\(put.text)")
            _ = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "first", inDays: 2)
            _ = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "second", inDays: 3)

            let service = Self.service(server)
            let afternoon = Self.amsterdam(hour: 14)
            #expect(try await service.tick(now: afternoon) == 0, "held for the digest")
            #expect(try await service.tick(now: Self.amsterdam(hour: 7, minute: 31, daysAhead: 1)) == 1, "one digest")
            let mails = try smtp.mails(to: "bram@example.test")
            try #require(mails.count == 1)
            let text = try #require(mails[0].part("text/plain"))
            #expect(text.contains("first") && text.contains("second"), "both rejections in one mail")
            #expect(mails[0].headers["Subject"] == "Shifty: 2 updates from Workplace \(boss.slug)")
            #expect(mails[0].headers["Message-ID"]?.hasPrefix("<digest.u\(bram.userID).") == true)
        }
    }

    /// A crashed instance's claim (killed after the mail server took the mail, before it marked
    /// the row) is taken over after its lease by one of two live instances: every row ends
    /// delivered, live instances never send a row twice, and the one resent mail carries the
    /// same Message-ID as the first, so the duplicate is recognisable (at-least-once).
    @Test func twoInstancesAndACrashedClaimDeliverEveryMailWithAStableMessageID() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(anna, "anna@example.test", by: boss, server)
            try await Self.setEmail(bram, "bram@example.test", by: boss, server)
            for day in 2...5 {
                _ = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "no \(day)", inDays: day)
            }
            let now = Date()
            let crashed = Self.service(server)
            try await crashed.fanOut.pass(now: now, pool: server.pool)
            let rows = try await server.pool.query("SELECT count(*)::int AS n FROM notification_deliveries")[0].decode("n") as Int
            let kinds = try await server.pool.query("SELECT string_agg(DISTINCT kind, ',' ORDER BY kind) AS k FROM notification_deliveries")[0].decode("k") as String
            #expect(kinds == "decision,shiftChange", "pick-ups tell Anna, rejections tell both")
            #expect(rows >= 8, "4 rejections × (Anna, Bram), and the pick-ups to Anna")
            // The crashed instance claimed two rows and got one of them to the mail server.
            let claimed = try await server.pool.transaction { connection in
                try NotificationDeliveryStore.claim(channel: .email, now: now, lease: .seconds(60), limit: 2, on: connection)
            }
            #expect(claimed.count == 2)
            let sender = try #require(crashed.senders.first)
            _ = try await crashed.deliver([claimed[0]], with: sender, now: now)
            try await server.pool.execute("UPDATE notification_deliveries SET status = 'sending', claimed_until = $2 WHERE id = $1",
                                          [claimed[0].id, now.addingTimeInterval(60)])

            let instances = [Self.service(server), Self.service(server)]
            let before = try await withThrowingTaskGroup(of: Int.self) { group in
                for instance in instances { group.addTask { try await instance.tick(now: now.addingTimeInterval(1)) } }
                return try await group.reduce(0, +)
            }
            #expect(before == rows - 2, "while the lease holds, the live instances send the others, each once")
            let after = try await withThrowingTaskGroup(of: Int.self) { group in
                for instance in instances { group.addTask { try await instance.tick(now: now.addingTimeInterval(61)) } }
                return try await group.reduce(0, +)
            }
            #expect(after == 2, "after the lease, the crashed claims are taken over once")
            let mails = try smtp.mails()
            let ids = mails.compactMap { $0.headers["Message-ID"] }
            #expect(mails.count == rows + 1, "every row, one of them resent after the crash")
            #expect(Set(ids).count == rows, "the resent mail has the same Message-ID")
            #expect(ids.filter { $0 == claimed[0].messageID }.count == 2)
            let states = try await server.pool.query("SELECT status, count(*)::int AS n FROM notification_deliveries GROUP BY status")
            #expect(try states.map { "\(try $0.decode("status") as String)=\(try $0.decode("n") as Int)" } == ["delivered=\(rows)"])
        }
    }

    @Test func aMailServerThatRefusesEndsInAFailureManagersSee() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await Self.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.setEmail(bram, "bram@example.test", by: boss, server)
            _ = try await Self.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "n")
            let wrong = Self.service(server, settings: try smtp.settings(password: "wrong"), maximumAttempts: 2)
            let now = Date()
            #expect(try await wrong.tick(now: now) == 0)
            #expect(try await wrong.tick(now: now.addingTimeInterval(10)) == 0, "backing off")
            #expect(try await wrong.tick(now: now.addingTimeInterval(3600)) == 0, "second attempt fails too: gives up")
            #expect(try smtp.mails().isEmpty)
            let failures = try await server.client.json(.GET, "/api/v1/notification-failures", token: boss.token)
            #expect(failures.status == 200)
            let failure = try #require(failures.jsonArray.first)
            #expect(failure["recipient"] as? String == "Bram")
            #expect(failure["attempts"] as? Int == 2)
            #expect(failure["channel"] as? String == "email")
            #expect((failure["lastError"] as? String)?.isEmpty == false)
            #expect(try await server.client.json(.GET, "/api/v1/notification-failures", token: bram.token).status == 403)
            #expect(try await wrong.tick(now: now.addingTimeInterval(7200)) == 0, "a failure is not retried")
        }
    }

    @Test func preferencesHaveDefaultsAndRefuseUnknownKinds() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let got = try await server.client.json(.GET, "/api/v1/me/notification-preferences", token: boss.token)
            #expect(got.status == 200)
            #expect(got.json["emailEnabled"] as? Bool == false, "no --smtp-url: e-mail is off")
            let kinds = try #require(got.json["kinds"] as? [[String: Any]])
            let byKind = Dictionary(uniqueKeysWithValues: kinds.map { ($0["kind"] as? String ?? "", $0["channels"] as? [String] ?? []) })
            #expect(byKind["decision"] == ["inApp", "email", "push"])
            #expect(byKind["reminder"] == ["inApp", "email", "push"])
            #expect(byKind["offer"] == ["inApp"])
            let bad = try await server.client.json(.PUT, "/api/v1/me/notification-preferences", ["channels": ["gossip": ["email"]]], token: boss.token)
            #expect(bad.status == 422)
            let badTime = try await server.client.json(.PUT, "/api/v1/me/notification-preferences", ["quietHours": ["start": "25:00", "end": "07:00"]], token: boss.token)
            #expect(badTime.status == 422)
            let saved = try await server.client.json(.PUT, "/api/v1/me/notification-preferences", ["channels": ["offer": ["inApp", "email"]], "digest": true], token: boss.token)
            #expect(saved.status == 200)
            let again = try await server.client.json(.GET, "/api/v1/me/notification-preferences", token: boss.token)
            let offer = (again.json["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == "offer" }
            #expect(offer?["channels"] as? [String] == ["inApp", "email"])
            #expect(again.json["digest"] as? Bool == true)
        }
    }
}
