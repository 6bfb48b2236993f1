import Foundation
import Logging
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The workplace's deal expiry (issue 17's settings list): a deal nobody decided expires
/// `dealExpiryHours` before its shift starts, in its `expiresAt`, the reads and the maintenance job.
@Suite struct DealExpirySettingTests {
    static func setExpiry(_ hours: Any, _ server: TestServer, boss: TestServer.Account) async throws -> TestHTTPClient.Response {
        try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["dealExpiryHours": hours]], token: boss.token)
    }

    static func isoDate(_ text: Any?) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let string = try #require(text as? String)
        return try #require(formatter.date(from: string) ?? ISO8601DateFormatter().date(from: string), "\(string)")
    }

    @Test func aDealExpiresTheSetHoursBeforeItsShiftAndLateTradesAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")

            for bad in [-1, 169] as [Any] {
                let refused = try await Self.setExpiry(bad, server, boss: boss)
                #expect(refused.status == 422, "\(bad): \(refused.text)")
                #expect((refused.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "settings.dealExpiryHours", "\(refused.text)")
            }
            let wrongType = try await Self.setExpiry("a day", server, boss: boss)
            #expect(wrongType.status == 422, "\(wrongType.text)")
            let saved = try await Self.setExpiry(48, server, boss: boss)
            #expect(saved.status == 200 && (saved.json["settings"] as? [String: Any])?["dealExpiryHours"] as? Int == 48, "\(saved.text)")

            // A shift in four days: the pick-up's deal expires 48 hours before it starts.
            let later = try await server.createShift(by: boss, for: anna, inDays: 4)
            let laterStart = try Self.isoDate(try await server.shift(later, as: boss)["startsAt"])
            #expect(try await server.act("/shifts/\(later)/supply", as: anna).status == 200)
            let picked = try await server.act("/shifts/\(later)/pick-up", as: bram)
            #expect(picked.status == 201, "\(picked.text)")
            let deal = try #require(picked.json["deal"] as? [String: Any])
            let expiresAt = try Self.isoDate(deal["expiresAt"])
            #expect(abs(expiresAt.timeIntervalSince(laterStart) + 48 * 3600) < 1, "48 hours before the start")

            // The maintenance job expires it then, and not before.
            let executor = MarketplaceExecutor(pool: server.pool, logger: Logger(label: "test.expiry"), clock: { Date() })
            #expect(try await executor.expireDue(workplaceID: boss.workplaceID, now: expiresAt.addingTimeInterval(-60)) == 0)
            #expect(try await executor.expireDue(workplaceID: boss.workplaceID, now: expiresAt.addingTimeInterval(1)) == 1)
            let expired = try await server.client.json(.GET, "/api/v1/deals/\(try #require(deal["id"] as? Int))", token: bram.token)
            #expect(expired.json["state"] as? String == "expired", "\(expired.text)")

            // A shift tomorrow is inside the 48 hours: a pick-up that would wait for a manager is refused.
            let soon = try await server.createShift(by: boss, for: anna, inDays: 1)
            #expect(try await server.act("/shifts/\(soon)/supply", as: anna).status == 200)
            let late = try await server.act("/shifts/\(soon)/pick-up", as: bram)
            #expect(late.status == 409 && late.problemCode == "deal_expired", "\(late.text)")

            // Back to 0: it expires at the start, as before the setting, and tomorrow's shift can be traded.
            #expect(try await Self.setExpiry(0, server, boss: boss).status == 200)
            let onTime = try await server.act("/shifts/\(soon)/pick-up", as: bram)
            #expect(onTime.status == 201, "\(onTime.text)")
            let soonStart = try Self.isoDate(try await server.shift(soon, as: boss)["startsAt"])
            let onTimeExpiry = try Self.isoDate((onTime.json["deal"] as? [String: Any])?["expiresAt"])
            #expect(abs(onTimeExpiry.timeIntervalSince(soonStart)) < 1)
        }
    }
}
