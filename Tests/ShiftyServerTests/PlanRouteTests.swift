import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// `GET /plan` (docs/week-planning.md, slice 2): a manager's week with its totals, computed from
/// the shifts, contracts and limits created through the API; managers only, one workplace only.
@Suite struct PlanRouteTests {
    @Test func theTotalsMatchTheShiftsOfTheWeek() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let settings = try await server.client.json(
                .PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false, "hourLimits": ["maxWeeklyHours": ["limit": 40]]]], token: boss.token)
            try #require(settings.status == 200, "\(settings.text)")
            let contract = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/employment", ["contractMinutesPerWeek": 240], token: boss.token)
            try #require(contract.status == 200, "\(contract.text)")

            let monday = ISOWeek(containing: TestServer.localDate(in: 14)).monday
            let day = { (offset: Int) in monday.adding(days: offset).description }
            let annaMonday = try await server.createShift(by: boss, ownerID: anna.userID, on: day(0), at: "10:00", minutes: 300)
            let annaTuesday = try await server.createShift(by: boss, ownerID: anna.userID, on: day(1), at: "10:00", minutes: 240)
            let bramEarly = try await server.createShift(by: boss, ownerID: bram.userID, on: day(0), at: "07:00", minutes: 120)
            let bramLate = try await server.createShift(by: boss, ownerID: bram.userID, on: day(0), at: "18:00", minutes: 120)
            let released = try await server.createShift(by: boss, ownerID: bram.userID, on: day(2), at: "09:00", minutes: 480)
            let unassign = try await server.act("/shifts/\(released)/unassign", [String: Any](), as: boss)
            try #require(unassign.status == 200, "\(unassign.text)")
            let other = try await server.createWorkplace()
            let stranger = try await server.createEmployee(in: other, username: "anna")
            let foreign = try await server.createShift(by: other, ownerID: stranger.userID, on: day(0), at: "10:00", minutes: 600)

            let answer = try await server.client.json(.GET, "/api/v1/plan?from=\(day(0))&to=\(day(6))", token: boss.token)
            try #require(answer.status == 200, "\(answer.text)")
            let plan = answer.json
            #expect(plan["from"] as? String == day(0) && plan["to"] as? String == day(6))
            let ids = Set(((plan["shifts"] as? [[String: Any]]) ?? []).compactMap { ($0["id"] as? Int).map(Int64.init) })
            #expect(ids == [annaMonday, annaTuesday, bramEarly, bramLate, released])
            #expect(!ids.contains(foreign))

            let weeks = try #require((plan["totals"] as? [String: Any])?["weeks"] as? [[String: Any]])
            let week = try #require(weeks.first)
            #expect(weeks.count == 1 && week["monday"] as? String == day(0))
            #expect(week["minutes"] as? Int == 300 + 240 + 120 + 120, "the released shift counts for nobody")
            #expect(week["headcount"] as? Int == 2 && week["openShifts"] as? Int == 1)

            let people = try #require(week["people"] as? [[String: Any]])
            #expect(!people.contains { $0["userId"] as? Int == Int(stranger.userID) })
            let annaTotals = try #require(people.first { $0["userId"] as? Int == Int(anna.userID) })
            #expect(annaTotals["minutes"] as? Int == 540 && annaTotals["contractMinutes"] as? Int == 240)
            #expect(annaTotals["overContract"] as? Bool == true && annaTotals["overLimit"] as? Bool == false)
            #expect(annaTotals["weeklyLimitMinutes"] as? Int == 2400)
            let bramTotals = try #require(people.first { $0["userId"] as? Int == Int(bram.userID) })
            #expect(bramTotals["minutes"] as? Int == 240 && bramTotals["shifts"] as? Int == 2 && bramTotals["contractMinutes"] == nil)

            let days = try #require(week["days"] as? [[String: Any]])
            #expect(days.map { $0["date"] as? String } == (0..<7).map(day))
            #expect(days[0]["headcount"] as? Int == 2 && days[0]["minutes"] as? Int == 540, "bram's two shifts count him once")
            #expect(days[2]["headcount"] as? Int == 0 && days[2]["openShifts"] as? Int == 1)
        }
    }

    @Test func onlyManagersAskAndBadRangesAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let from = TestServer.localDate(in: 0)
            let refused = try await server.client.json(.GET, "/api/v1/plan?from=\(from)&to=\(from.adding(days: 6))", token: anna.token)
            #expect(refused.status == 403)
            #expect(refused.problemCode == "manager_only")
            #expect(try await server.client.json(.GET, "/api/v1/plan?from=\(from)&to=\(from)").status == 401)

            let backwards = try await server.client.json(.GET, "/api/v1/plan?from=\(from)&to=\(from.adding(days: -1))", token: boss.token)
            #expect(backwards.status == 422 && backwards.problemCode == "validation_failed")
            let eightWeeks = try await server.client.json(.GET, "/api/v1/plan?from=\(from)&to=\(from.adding(days: 55))", token: boss.token)
            #expect(eightWeeks.status == 200)
            let tooLong = try await server.client.json(.GET, "/api/v1/plan?from=\(from)&to=\(from.adding(days: 56))", token: boss.token)
            #expect(tooLong.status == 422 && tooLong.problemCode == "validation_failed")
            #expect(tooLong.text.contains("56"), "\(tooLong.text)")
            #expect(try await server.client.json(.GET, "/api/v1/plan?from=x&to=\(from)", token: boss.token).status == 400)
            #expect(try await server.client.json(.GET, "/api/v1/plan?from=\(from)", token: boss.token).status == 400)
        }
    }

    @Test func thePlanComparesTheStaffingNeedsWithTheShifts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            _ = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false]], token: boss.token)
            let friday = ISOWeek(containing: TestServer.localDate(in: 14)).monday.adding(days: 4)
            let saturday = friday.adding(days: 1)
            let needs: [[String: Any]] = [
                ["weekday": 5, "startTime": "17:00", "endTime": "23:00", "position": "Bar", "headcount": 2],
                ["weekday": 5, "startTime": "22:00", "endTime": "02:00", "headcount": 1],
            ]
            let saved = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": needs], token: boss.token)
            try #require(saved.status == 200, "\(saved.text)")
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: friday.description, at: "17:00", minutes: 360, position: "bar")
            _ = try await server.createShift(by: boss, ownerID: bram.userID, on: friday.description, at: "19:00", minutes: 120, position: "Bar")
            let released = try await server.createShift(by: boss, ownerID: bram.userID, on: friday.description, at: "21:00", minutes: 120, position: "Bar")
            try #require(try await server.act("/shifts/\(released)/unassign", [String: Any](), as: boss).status == 200)
            // Saturday's early shift reaches into Friday's overnight need.
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: saturday.description, at: "01:00", minutes: 60)

            let answer = try await server.client.json(.GET, "/api/v1/plan?from=\(friday)&to=\(friday)", token: boss.token)
            try #require(answer.status == 200, "\(answer.text)")
            let coverage = try #require(answer.json["coverage"] as? [[String: Any]], "\(answer.text)")
            let described = coverage.map { segment in
                "\(segment["position"] as? String ?? "anyone") \(segment["startTime"] as? String ?? "")-\(segment["endTime"] as? String ?? "") \(segment["needed"] as? Int ?? -1)/\(segment["staffed"] as? Int ?? -1)"
            }
            // Anyone overnight: anna's bar shift until 23:00 counts, then nobody until saturday's 01:00 shift.
            // Bar: two needed; the released shift staffs nothing.
            #expect(described == [
                "anyone 22:00-23:00 1/1", "anyone 23:00-01:00 1/0", "anyone 01:00-02:00 1/1",
                "Bar 17:00-19:00 2/1", "Bar 19:00-21:00 2/2", "Bar 21:00-23:00 2/1",
            ], "\(answer.text)")
            #expect(coverage.allSatisfy { $0["date"] as? String == friday.description })

            // Without needs the plan has no coverage, and an employee never reaches it.
            _ = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [[String: Any]]()], token: boss.token)
            let none = try await server.client.json(.GET, "/api/v1/plan?from=\(friday)&to=\(friday)", token: boss.token)
            #expect((none.json["coverage"] as? [Any])?.isEmpty == true, "\(none.text)")
            #expect(try await server.client.json(.GET, "/api/v1/plan?from=\(friday)&to=\(friday)", token: anna.token).status == 403)
        }
    }
}
