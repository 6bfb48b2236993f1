import Foundation
import ShiftyTestSupport
import Testing

@testable import ShiftyServer

/// A committed change wakes the delivery at once: the mail leaves without waiting for the poll.
@Suite(.serialized) struct NotificationWakeupTests {
    @Test func aRejectionIsMailedWithoutWaitingForThePoll() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        let settings = try smtp.settings()
        try await TestServer.with(configure: {
            $0.smtp = settings
            // The poll would come after an hour: only the wake-up can send this mail in time.
            $0.notificationInterval = .seconds(3600)
            $0.publicURL = "https://shifty.test"
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await EmailNotificationTests.setEmail(bram, "bram@example.test", by: boss, server)
            _ = try await EmailNotificationTests.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "Not this week")

            let deadline = ContinuousClock.now + .seconds(20)
            var mails = try smtp.mails(to: "bram@example.test")
            while mails.isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                mails = try smtp.mails(to: "bram@example.test")
            }
            #expect(mails.count == 1, "the rejection is mailed once, by the wake-up")
        }
    }
}
