import Foundation
import Logging
import ShiftyFeatures
import ShiftyServer
import ShiftyTestSupport
import Testing

@Suite struct TimeclockDemoTests {
    @Test func theDemoHasAMonthOfPunchesAndSeedingTwiceAddsNothing() async throws {
        try await TestServer.with { server in
            let passwords = try PasswordService(parameters: .testing, threads: 1)
            let seeder = DemoSeeder(pool: server.pool, passwords: passwords)
            try await seeder.seed(logger: Logger(label: "test"))
            let count = try await server.pool.query("SELECT count(*)::bigint AS n FROM punches WHERE source = 'demo'")[0].decode("n", as: Int64.self)
            // Eight members, about 25 working days of four punches in five weeks.
            #expect(count > 8 * 15 * 4)
            try await seeder.seed(logger: Logger(label: "test"))
            #expect(try await seeder.seedPunches(logger: Logger(label: "test")) == 0)
            let again = try await server.pool.query("SELECT count(*)::bigint AS n FROM punches")[0].decode("n", as: Int64.self)
            #expect(again == count)
            try await passwords.shutdown()

            let maria = try await server.login(workplace: DemoSeeder.workplaceSlug, username: "maria", password: DemoSeeder.password)
            let chart = try await server.client.json(.GET, "/api/v1/reports/chart?range=30d", token: maria.token).json
            #expect((chart["totalWorkedMinutes"] as? Int ?? 0) > 8 * 15 * 7 * 60)
            let month = String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(-20 * 86_400)).prefix(7))
            let report = try await server.client.json(.GET, "/api/v1/reports/monthly?month=\(month)", token: maria.token).json
            let employees = try #require(report["employees"] as? [[String: Any]])
            #expect(employees.count == DemoSeeder.members.count)
            #expect(employees.allSatisfy { ($0["workedMinutes"] as? Int ?? 0) > 0 })
        }
    }
}
