import Foundation
import ShiftyNotifications
import ShiftyServer
import ShiftyTestSupport
import Testing

/// Every route that takes an e-mail address (a new workplace's manager, joining with an invite
/// code, a manager adding or editing a member, an invite sent by mail) applies the one rule: an
/// RFC 5321 mailbox without control characters, within the length limits; anything else is 422
/// `validation_failed` naming the field, and nothing is stored.
@Suite struct EmailAddressRouteTests {
    /// Not addresses; the first ones passed the old check (which refused only spaces).
    static let refused = [
        "anna@example.test>\r\nRCPT\tTO:<victim@target.test>\r\nDATA",
        "anna@example.test\nBcc:victim@target.test",
        "anna@exa\rmple.test",
        "anna\t@example.test",
        "anna@example.test\u{2028}",
        "anna@example.test\u{85}",
        "<anna@example.test>",
        "anna@example.test,victim@target.test",
        "anna..de.vries@example.test",
        ".anna@example.test",
        "anna@-example.test",
        "anna@example..test",
        "anna@exämple.test",
        "anna@[300.1.2.3]",
        "anna\"quote@example.test",
        String(repeating: "a", count: 65) + "@example.test",
        "anna@" + String(repeating: "a", count: 64) + ".test",
        "anna@" + Array(repeating: String(repeating: "b", count: 60), count: 5).joined(separator: "."),
        "anna",
        "anna@",
    ]

    /// Addresses, unusual ones included.
    static let accepted = [
        "anna.de-vries+shifty@example.test",
        "\"anna de vries\"@example.test",
        "o'brien@example.test",
        "anna@[192.0.2.1]",
        "anna@[IPv6:2001:db8::1]",
        "ANNA@xn--exmple-cua.test",
        "anna@localhost",
        String(repeating: "a", count: 64) + "@example.test",
    ]

    static func fields(_ response: TestHTTPClient.Response) -> [String] {
        (response.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    static func expectRefused(_ response: TestHTTPClient.Response, field: String, _ address: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 422, "\(address.debugDescription): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.problemCode == "validation_failed", "\(address.debugDescription)", sourceLocation: sourceLocation)
        #expect(fields(response) == [field], "\(address.debugDescription): \(response.text)", sourceLocation: sourceLocation)
    }

    @Test func everyRouteThatTakesAnAddressRefusesOneThatIsNotAMailbox() async throws {
        try await TestServer.with(configure: {
            // Invites are mailed only with e-mail on; nothing is sent here (the loop idles).
            $0.smtp = try? SMTPSettings(url: "smtp://shifty:secret@127.0.0.1:9", from: "shifty@shifty.test")
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
            $0.loginThrottle.maxSignupsPerAddress = 1000
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let invite = try await server.client.json(.POST, "/api/v1/invites", ["maxUses": 1000], token: boss.token)
            let code = try #require(invite.json["code"] as? String, "\(invite.text)")

            for (index, address) in Self.refused.enumerated() {
                let workplace = try await server.client.json(.POST, "/api/v1/workplaces", [
                    "name": "Cafe \(index)", "timeZone": "Europe/Amsterdam", "client": "bearer",
                    "manager": ["username": "maria", "displayName": "Maria", "password": TestServer.password, "email": address],
                ])
                Self.expectRefused(workplace, field: "manager.email", address)
                let joined = try await server.client.json(.POST, "/api/v1/signup", [
                    "workplace": boss.slug, "inviteCode": code, "username": "new\(index)", "displayName": "New",
                    "password": TestServer.password, "email": address, "client": "bearer",
                ])
                Self.expectRefused(joined, field: "email", address)
                let created = try await server.client.json(.POST, "/api/v1/users", [
                    "username": "made\(index)", "displayName": "Made", "password": TestServer.password, "email": address,
                ], token: boss.token)
                Self.expectRefused(created, field: "email", address)
                let edited = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": address], token: boss.token)
                Self.expectRefused(edited, field: "email", address)
                let own = try await server.client.json(.PATCH, "/api/v1/users/\(boss.userID)", ["email": address], token: boss.token)
                Self.expectRefused(own, field: "email", address)
                let invited = try await server.client.json(.POST, "/api/v1/invites", ["email": address], token: boss.token)
                Self.expectRefused(invited, field: "email", address)
            }
            let stored = try await server.pool.query("SELECT count(*)::int AS n FROM users WHERE email IS NOT NULL")[0].decode("n") as Int
            #expect(stored == 0, "nothing refused was stored")
            let mails = try await server.pool.query("SELECT count(*)::int AS n FROM notification_deliveries")[0].decode("n") as Int
            #expect(mails == 0, "no invitation was queued")

            for (index, address) in Self.accepted.enumerated() {
                let edited = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": " \(address) "], token: boss.token)
                #expect(edited.status == 200, "\(address): \(edited.text)")
                #expect(edited.json["email"] as? String == address, "kept as given, without the spaces around it")
                #expect(edited.json["emailInvalid"] == nil)
                let joined = try await server.client.json(.POST, "/api/v1/signup", [
                    "workplace": boss.slug, "inviteCode": code, "username": "ok\(index)", "displayName": "Okay",
                    "password": TestServer.password, "email": address, "client": "bearer",
                ])
                #expect(joined.status == 201, "\(address): \(joined.text)")
                let invited = try await server.client.json(.POST, "/api/v1/invites", ["email": address], token: boss.token)
                #expect(invited.status == 201, "\(address): \(invited.text)")
            }
            let cleared = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": NSNull()], token: boss.token)
            #expect(cleared.status == 200 && cleared.json["email"] == nil)
            let blank = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": "  "], token: boss.token)
            #expect(blank.status == 200 && blank.json["email"] == nil, "blank means none")
        }
    }
}
