import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// What closing a day does to the generated shifts on it, through HTTP against PostgreSQL: the
/// untouched ones go, and the ones a person decided (offered on the marketplace, traded) stay,
/// in the preview and in the closing alike. The rule is `ClosedDayDecider`'s.
@Suite struct ClosedDayShiftTests {
    @Test func closingKeepsTheGeneratedShiftsAPersonDecidedAndReopeningFillsInTheRest() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let cleo = try await server.createEmployee(in: boss, username: "cleo")
            let dirk = try await server.createEmployee(in: boss, username: "dirk")
            let day = TestServer.localDate(in: 5)
            func occurrence(of owner: TestServer.Account, at start: String) async throws -> Int64 {
                let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                    "ownerId": owner.userID, "weekday": day.weekday.isoNumber, "startTime": start, "durationMinutes": 120,
                ], token: boss.token)
                let id = try #require(fixed.json["id"] as? Int, "\(fixed.text)")
                return try await server.pool.query(
                    "SELECT id FROM shifts WHERE fixed_shift_id = $1 AND local_date = $2::date", [Int64(id), day.description]
                )[0].decode("id")
            }
            let annas = try await occurrence(of: anna, at: "08:00")
            let brams = try await occurrence(of: bram, at: "11:00")
            let cleos = try await occurrence(of: cleo, at: "14:00")
            // Bram offers his; Cleo's goes to Dirk through an approved pick-up.
            #expect(try await server.act("/shifts/\(brams)/supply", as: bram).status == 200)
            #expect(try await server.act("/shifts/\(cleos)/supply", as: cleo).status == 200)
            let pickUp = try await server.act("/shifts/\(cleos)/pick-up", as: dirk)
            #expect(try await server.act("/deals/\(try #require(pickUp.dealID, "\(pickUp.text)"))/approve", as: boss).status == 200)

            let preview = try await server.client.json(.GET, "/api/v1/closed-days/preview?date=\(day)", token: boss.token)
            #expect((preview.json["removed"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [Int(annas)], "\(preview.text)")
            #expect((preview.json["kept"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [Int(brams), Int(cleos)])

            let closed = try await server.client.json(.POST, "/api/v1/closed-days", ["date": day.description, "name": "Inventory"], token: boss.token)
            #expect(closed.status == 201, "\(closed.text)")
            let left = try await server.pool.query(
                "SELECT id FROM shifts WHERE workplace_id = $1 AND local_date = $2::date ORDER BY id", [boss.workplaceID, day.description]
            ).map { try $0.decode("id", as: Int64.self) }
            #expect(left == [brams, cleos])
            let told = try await server.pool.query(
                """
                SELECT user_ids, jsonb_array_length(payload->'removedShifts') AS count, (payload->'removedShifts'->0->>'id')::bigint AS removed
                FROM events WHERE workplace_id = $1 AND type = 'shift.closed_day'
                """, [boss.workplaceID])
            #expect(told.count == 1)
            #expect(try told.first?.decode("user_ids", as: [Int64].self) == [anna.userID], "only the owner of the removed shift")
            #expect(try told.first?.decode("count", as: Int32.self) == 1 && told.first?.decode("removed", as: Int64.self) == annas)

            #expect(try await server.client.json(.DELETE, "/api/v1/closed-days/\(day)", token: boss.token).status == 204)
            let refilled = try await server.pool.query(
                "SELECT owner_id FROM shifts WHERE workplace_id = $1 AND local_date = $2::date AND id NOT IN ($3, $4)",
                [boss.workplaceID, day.description, brams, cleos]
            ).map { try $0.decode("owner_id", as: Int64.self) }
            #expect(refilled == [anna.userID], "Anna's week is generated again")
        }
    }
}
