import Foundation
import Logging
import ShiftyDomain
import ShiftyTestSupport
import Testing

@testable import ShiftyServer
@testable import ShiftyNotifications

/// SMTP command injection through an e-mail address, against the real SMTP test server: an
/// address with CR LF in it ends `RCPT TO:<…>` early, and what follows is read by the mail server
/// as commands of the same session (another recipient, DATA, a forged message). Every route
/// refuses such an address, one stored earlier is never mailed, and the transport refuses it once
/// more where the envelope is built.
@Suite(.serialized) struct SMTPInjectionTests {
    /// A manager's own address that, mailed, makes the session relay a forged message to
    /// victim@target.test (written with tabs: the old check refused only spaces, and Postfix, like
    /// the test server, reads `RCPT<TAB>TO:` as `RCPT TO:`).
    static let tabbedInjection = "boss@evil.test>\r\nRCPT\tTO:<victim@target.test>\r\nDATA\r\nSubject:\tForged\r\n\r\nForged\tby\tthe\tboss\r\n.\r\nNOOP\t<x"
    /// The same with spaces, as an address stored before any check (or by hand) may hold it.
    static let spacedInjection = "anna@example.test>\r\nRCPT TO:<victim@target.test>\r\nDATA\r\nSubject: Forged\r\n\r\nForged by Anna\r\n.\r\nNOOP <x"

    /// Waits until everything sent so far has reached the test server: a sentinel mail over a new
    /// session (STARTTLS, AUTH: many round trips) arrives after whatever an earlier session's
    /// pipelined commands delivered.
    static func settle(_ smtp: TestSMTPServer) async throws {
        let sentinel = "sentinel-\(UUID().uuidString.prefix(8).lowercased())@shifty.test"
        let transport = CurlSMTPTransport(settings: try smtp.settings())
        try await transport.send(to: sentinel, message: "Subject: sentinel\r\n\r\nsentinel\r\n")
        for _ in 0..<300 where try smtp.mails(to: sentinel).isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        try #require(try !smtp.mails(to: sentinel).isEmpty, "the sentinel mail never arrived")
    }

    static func fields(_ response: TestHTTPClient.Response) -> [String] {
        (response.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    @Test func aManagersOwnAddressCannotMakeAResetMailRelayAForgedMessage() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await EmailNotificationTests.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let patched = try await server.client.json(.PATCH, "/api/v1/users/\(boss.userID)", ["email": Self.tabbedInjection], token: boss.token)
            #expect(patched.status == 422, "\(patched.text)")
            #expect(patched.problemCode == "validation_failed")
            #expect(Self.fields(patched) == ["email"])

            let asked = try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "boss"])
            #expect(asked.status == 202)
            _ = try await EmailNotificationTests.service(server).tick(now: Date())
            try await Self.settle(smtp)
            #expect(try smtp.mails(to: "victim@target.test").isEmpty, "the SMTP session relayed a forged message to the victim")
            #expect(try smtp.mails().allSatisfy { $0.recipients.allSatisfy { $0.hasPrefix("sentinel-") } }, "nothing but the sentinel was sent")
        }
    }

    @Test func aStoredAddressThatIsNotAMailboxIsNeverMailedAndIsMarkedForManagers() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await EmailNotificationTests.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await EmailNotificationTests.setEmail(bram, "bram@example.test", by: boss, server)
            // Stored before addresses were checked.
            try await server.pool.execute("UPDATE users SET email = $2 WHERE id = $1", [anna.userID, Self.spacedInjection])

            #expect(try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "anna"]).status == 202)
            #expect(try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "bram"]).status == 202)
            let sent = try await EmailNotificationTests.service(server).tick(now: Date())
            try await Self.settle(smtp)
            #expect(try smtp.mails(to: "victim@target.test").isEmpty, "the stored address relayed a forged message")
            #expect(try smtp.mails(to: "bram@example.test").count == 1, "a good address is still mailed")
            #expect(sent == 1)

            let rows = try await server.pool.query(
                "SELECT status, last_error FROM notification_deliveries WHERE user_id = $1", [anna.userID])
            #expect(rows.count == 1)
            #expect(try rows.first?.decode("status") as String? == "failed", "given up at once, never retried")
            let reason = try rows.first?.decode("last_error") as String? ?? ""
            #expect(reason.contains("stored e-mail address"), "\(reason)")

            let failures = try await server.client.json(.GET, "/api/v1/notification-failures", token: boss.token)
            #expect(failures.jsonArray.contains { $0["recipient"] as? String == "Anna" })

            let members = try await server.client.json(.GET, "/api/v1/users", token: boss.token).jsonArray
            let byName = Dictionary(uniqueKeysWithValues: members.map { ($0["username"] as? String ?? "", $0) })
            #expect(byName["anna"]?["emailInvalid"] as? Bool == true, "the manager sees the address is not usable")
            #expect(byName["bram"]?["emailInvalid"] == nil, "left out for a good address")
            #expect(byName["boss"]?["emailInvalid"] == nil, "left out without an address")
            let annaAlone = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token)
            #expect(annaAlone.json["emailInvalid"] as? Bool == true)

            // Correcting it clears the mark.
            try await EmailNotificationTests.setEmail(anna, "anna@example.test", by: boss, server)
            let corrected = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token)
            #expect(corrected.json["emailInvalid"] == nil)
        }
    }

    /// The mail layer checks the envelope itself, whatever its caller did: a recipient with a line
    /// break is a permanent failure and the SMTP server is never contacted.
    @Test func theSMTPTransportRefusesALineBreakInTheEnvelope() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        let transport = CurlSMTPTransport(settings: try smtp.settings())
        do {
            try await transport.send(to: Self.spacedInjection, message: "Subject: hello\r\n\r\nhello\r\n")
            Issue.record("the transport sent to an address with a line break")
        } catch let failure as CurlSMTPTransport.Failure {
            #expect(failure.permanent, "\(failure)")
        }
        for recipient in ["anna@example.test\n", "anna@example.test\rRCPT TO:<victim@target.test>", "anna@exa\u{0}mple.test"] {
            await #expect(throws: CurlSMTPTransport.Failure.self, "\(recipient.debugDescription)") {
                try await transport.send(to: recipient, message: "Subject: hello\r\n\r\nhello\r\n")
            }
        }
        let sender = EmailSender(settings: try smtp.settings())
        let message = OutgoingNotification(
            items: [.init(kind: .account, subject: "Hello", body: "Hello.", link: "https://shifty.test/#/")],
            messageID: "<m1@shifty.test>", preferencesLink: "https://shifty.test/#/account", workplaceName: "Cafe")
        let outcome = try await sender.send(message, to: NotificationRecipient(userID: 1, displayName: "Anna", emailAddress: Self.spacedInjection))
        guard case .gone = outcome else { Issue.record("expected a permanent failure, got \(outcome)"); return }
        try await Self.settle(smtp)
        #expect(try smtp.mails(to: "victim@target.test").isEmpty)
        #expect(try smtp.mails().allSatisfy { $0.recipients.allSatisfy { $0.hasPrefix("sentinel-") } }, "nothing but the sentinel was sent")
    }
}
