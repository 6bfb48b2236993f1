import Foundation
import ShiftyTestSupport
import Testing

/// The team week grid is live for every member: each change of a shift reaches the whole
/// workplace as `team_schedule.changed`, and nobody in another workplace.
@Suite struct TeamScheduleLiveTests {
    /// The `team_schedule.changed` events `client` received, as payloads.
    static func teamChanges(_ client: TestLiveClient) -> [[String: Any]] {
        client.events.filter { $0["type"] as? String == "team_schedule.changed" }.compactMap { $0["data"] as? [String: Any] }
    }

    @Test func aThirdCoworkerHearsEveryShiftChangeAndAnotherWorkplaceDoesNot() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let carl = try await server.createEmployee(in: boss, username: "carl")
            let otherBoss = try await server.createWorkplace()
            let dora = try await server.createEmployee(in: otherBoss, username: "dora")

            // Carl takes part in nothing below; only the schedule topic.
            let carlsGrid = try await server.live(carl, query: "topics=schedule")
            let dorasGrid = try await server.live(dora, query: "topics=schedule")

            let date = TestServer.localDate(in: 3)
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            try await carlsGrid.waitForEvents(["team_schedule.changed"])
            let created = try #require(Self.teamChanges(carlsGrid).first)
            #expect(created["shiftIds"] as? [Int] == [Int(shift)])
            #expect(created["dates"] as? [String] == [date.description])
            #expect(created["ownerIds"] as? [Int] == [Int(anna.userID)])
            // The personal event stays personal: carl does not get anna's `shift.created`.
            #expect(!carlsGrid.eventTypes.contains("shift.created"))

            // A trade between two coworkers: offered, picked up (in a deal), approved.
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let pickUp = try await server.act("/shifts/\(shift)/pick-up", as: bram)
            #expect(pickUp.status == 201, "\(pickUp.text)")
            let dealID = try #require(pickUp.dealID, "\(pickUp.text)")
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            try await carlsGrid.waitForEvents(Array(repeating: "team_schedule.changed", count: 4))
            let approved = try #require(Self.teamChanges(carlsGrid).last)
            #expect(approved["shiftIds"] as? [Int] == [Int(shift)])
            // Both the former and the new owner, so each one's own page knows it is theirs.
            #expect(approved["ownerIds"] as? [Int] == [Int(anna.userID), Int(bram.userID)].sorted())

            // Deleting it is a change too.
            let deleted = try await server.client.json(.DELETE, "/api/v1/shifts/\(shift)", token: boss.token)
            #expect(deleted.status == 204, "\(deleted.text)")
            try await carlsGrid.waitForEvents(Array(repeating: "team_schedule.changed", count: 5))

            // Dora's workplace: her own change arrives, none of the five above did.
            _ = try await server.createShift(by: otherBoss, for: dora, inDays: 3)
            try await dorasGrid.waitForEvents(["team_schedule.changed"])
            #expect(Self.teamChanges(dorasGrid).count == 1)
            #expect(Self.teamChanges(dorasGrid).first?["ownerIds"] as? [Int] == [Int(dora.userID)])
            await carlsGrid.close()
            await dorasGrid.close()
        }
    }

    @Test func generatedAndFixedShiftChangesReachTheWholeWorkplace() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let carl = try await server.createEmployee(in: boss, username: "carl")
            let carlsGrid = try await server.live(carl, query: "topics=schedule")
            let day = TestServer.localDate(in: 4)
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": day.weekday.isoNumber, "startTime": "09:00", "durationMinutes": 480,
            ], token: boss.token)
            #expect(fixed.status == 201, "\(fixed.text)")
            try await carlsGrid.waitForEvents(["team_schedule.changed"])
            let generated = try #require(Self.teamChanges(carlsGrid).first { ($0["dates"] as? [String])?.isEmpty == false })
            #expect((generated["dates"] as? [String])?.contains(day.description) == true)
            #expect(generated["ownerIds"] as? [Int] == [Int(anna.userID)])
            #expect((generated["shiftIds"] as? [Int])?.isEmpty == false)

            let fixedID = try #require(fixed.json["id"] as? Int)
            let before = Self.teamChanges(carlsGrid).count
            let ended = try await server.client.json(.DELETE, "/api/v1/fixed-shifts/\(fixedID)", token: boss.token)
            #expect(ended.status == 204, "\(ended.text)")
            try await carlsGrid.wait(for: "the end of the rule") { _ in Self.teamChanges(carlsGrid).count > before }
            #expect(Self.teamChanges(carlsGrid).last?["fixedShiftId"] as? Int == fixedID)
            await carlsGrid.close()
        }
    }
}
