import Foundation
import Logging
@testable import ShiftyFeatures
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

@Suite struct ShiftDemoTests {
    @Test func theDemoShowsEveryMarketplaceWorkflowAndSeedingTwiceAddsNothing() async throws {
        try await TestServer.with { server in
            let passwords = try PasswordService(parameters: .testing, threads: 1)
            let seeder = DemoSeeder(pool: server.pool, passwords: passwords)
            try await seeder.seed(logger: Logger(label: "test"))
            func counts() async throws -> [Int64] {
                let row = try await server.pool.query(
                    """
                    SELECT (SELECT count(*) FROM fixed_shifts)::bigint AS fixed, (SELECT count(*) FROM shifts)::bigint AS shifts,
                           (SELECT count(*) FROM deals)::bigint AS deals, (SELECT count(*) FROM requests)::bigint AS requests
                    """)[0]
                return [try row.decode("fixed"), try row.decode("shifts"), try row.decode("deals"), try row.decode("requests")]
            }
            let first = try await counts()
            #expect(first[0] == Int64(DemoSeeder.demoFixedShifts.count))
            #expect(first[1] >= 7 * 16 - 16, "about eight weeks of two shifts for seven members")
            try await seeder.seed(logger: Logger(label: "test"))
            #expect(try await counts() == first)
            try await passwords.shutdown()

            let maria = try await server.login(workplace: DemoSeeder.workplaceSlug, username: "maria", password: DemoSeeder.password)
            let daan = try await server.login(workplace: DemoSeeder.workplaceSlug, username: "daan", password: DemoSeeder.password)
            // Two offered shifts, plus sara's shifts of next week, released by her approved holiday.
            let released = try await server.pool.query(
                "SELECT count(*)::bigint AS n FROM shifts s JOIN users u ON u.id = s.owner_id WHERE u.username = 'sara' AND s.unassigned")[0]
                .decode("n", as: Int64.self)
            #expect(released >= 1, "sara works every week, so her holiday releases shifts")
            #expect(try await server.client.json(.GET, "/api/v1/marketplace", token: daan.token).jsonArray.count == 2 + Int(released))
            let holiday = try await server.client.json(.GET, "/api/v1/time-off?status=approved", token: maria.token).jsonArray
            #expect(holiday.count == 1 && holiday.first?["userName"] as? String == "Sara El Amrani")
            let withAvailability = try await server.client.json(.GET, "/api/v1/availability", token: maria.token).jsonArray
                .filter { ($0["entries"] as? [Any])?.isEmpty == false }
            #expect(withAvailability.count == 1 && (withAvailability.first?["entries"] as? [Any])?.count == 2)
            let queue = try await server.client.json(.GET, "/api/v1/deals/approvals", token: maria.token).jsonArray
            #expect(queue.count == 1)
            let requests = try await server.client.json(.GET, "/api/v1/requests", token: daan.token).jsonArray
            #expect(requests.count == 1)
            #expect((requests.first?["suggestions"] as? [Any])?.count == 1)
            let schedule = try await server.client.json(.GET, "/api/v1/schedule", token: daan.token).jsonArray
            #expect(schedule.count >= 8)
        }
    }
}
