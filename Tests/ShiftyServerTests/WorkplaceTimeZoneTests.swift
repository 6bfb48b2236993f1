import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Changing a workplace's time zone moves its generated schedule with it.
@Suite struct WorkplaceTimeZoneTests {
    /// Each future occurrence of the fixed shift: id, local date, start instant, owner, touched.
    static func occurrences(of fixedShiftID: Int, server: TestServer) async throws -> [(id: Int64, date: String, start: Date, owner: Int64, touched: Bool)] {
        try await server.pool.query(
            """
            SELECT id, local_date::text AS d, starts_at, owner_id, touched FROM shifts
            WHERE fixed_shift_id = $1 AND status <> 'cancelled' AND starts_at > now() ORDER BY local_date
            """,
            [Int64(fixedShiftID)]
        ).map { (try $0.decode("id"), try $0.decode("d"), try $0.decode("starts_at"), try $0.decode("owner_id"), try $0.decode("touched")) }
    }

    @Test func untouchedShiftsKeepTheirWallClockTimeTradedOnesTheirInstant() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let weekday = TestServer.localDate(in: 3).weekday.isoNumber
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": weekday, "startTime": "09:00", "durationMinutes": 480,
            ], token: boss.token)
            #expect(fixed.status == 201, "\(fixed.text)")
            let fixedID = try #require(fixed.json["id"] as? Int)
            let before = try await Self.occurrences(of: fixedID, server: server)
            #expect(before.count >= 7)

            // One occurrence is traded to bram (touched); another is deleted by the manager.
            let traded = before[0]
            #expect(try await server.act("/shifts/\(traded.id)/supply", as: anna).status == 200)
            let deal = try #require(try await server.act("/shifts/\(traded.id)/pick-up", as: bram).dealID)
            #expect(try await server.act("/deals/\(deal)/approve", as: boss).status == 200)
            let deleted = before[1]
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(deleted.id)", token: boss.token).status < 300)

            let changed = try await server.client.json(.PATCH, "/api/v1/workplace", ["timeZone": "America/New_York"], token: boss.token)
            #expect(changed.status == 200, "\(changed.text)")
            #expect(changed.json["timeZone"] as? String == "America/New_York")

            let newYork = try WorkplaceTimeZone(identifier: "America/New_York")
            let amsterdam = TestServer.amsterdam
            let after = try await Self.occurrences(of: fixedID, server: server)
            let byID = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0) })
            // The traded one keeps its instant (09:00 Amsterdam) and its new owner.
            let tradedAfter = try #require(byID[traded.id])
            #expect(tradedAfter.start == traded.start)
            #expect(tradedAfter.owner == bram.userID)
            // The deleted one stays deleted (not brought back by the regeneration).
            #expect(byID[deleted.id] == nil)
            #expect(!after.contains { $0.date == deleted.date })
            // Every other one is at 09:00 New York time on its date now, same ids.
            let untouched = before.dropFirst(2)
            for shift in untouched {
                let moved = try #require(byID[shift.id], "shift \(shift.id) on \(shift.date) is gone")
                let date = try #require(LocalDate(shift.date))
                #expect(moved.start == newYork.instant(on: date, at: LocalTime("09:00")!), "\(shift.date)")
                #expect(moved.start != amsterdam.instant(on: date, at: LocalTime("09:00")!))
            }

            // Everyone hears of it.
            let events = try await server.pool.query(
                "SELECT audience, payload->>'timeZone' AS zone FROM events WHERE workplace_id = $1 AND type = 'workplace.time_zone_changed'",
                [boss.workplaceID])
            #expect(events.count == 1)
            #expect(try events.first?.decode("audience", as: String.self) == "workplace")
            #expect(try events.first?.decode("zone", as: String.self) == "America/New_York")

            // Setting the same zone again moves nothing and says nothing.
            #expect(try await server.client.json(.PATCH, "/api/v1/workplace", ["timeZone": "America/New_York"], token: boss.token).status == 200)
            let again = try await server.pool.query(
                "SELECT 1 FROM events WHERE workplace_id = $1 AND type = 'workplace.time_zone_changed'", [boss.workplaceID])
            #expect(again.count == 1)
        }
    }
}
