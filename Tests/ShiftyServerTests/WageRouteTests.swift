import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Wages and the labour budget (docs/week-planning.md, slice 7): managers set them, the plan costs
/// the week with them, and nobody else ever sees one.
@Suite struct WageRouteTests {
    @Test func thePlanCostsEachShiftAtTheWageOfItsDateAgainstTheBudget() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let monday = ISOWeek(containing: TestServer.localDate(in: 14)).monday
            let day = { (offset: Int) in monday.adding(days: offset).description }
            // Anna earns 12.00 until Wednesday and 15.00 from then on; Bram has no wage.
            let wages = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/wages",
                ["wages": [["effectiveFrom": day(2), "hourlyCents": 1500], ["effectiveFrom": "2020-01-01", "hourlyCents": 1200]]], token: boss.token)
            try #require(wages.status == 200, "\(wages.text)")
            #expect((wages.json["wages"] as? [[String: Any]])?.compactMap { $0["effectiveFrom"] as? String } == ["2020-01-01", day(2)], "oldest first")
            #expect(wages.json["currency"] as? String == "EUR")
            let budget = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "USD", "weeklyBudgetCents": 20000], token: boss.token)
            try #require(budget.status == 200, "\(budget.text)")

            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: day(0), at: "09:00", minutes: 450)  // 7.5 h × 12.00 = 90.00
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: day(3), at: "09:00", minutes: 480)  // 8 h × 15.00 = 120.00
            _ = try await server.createShift(by: boss, ownerID: bram.userID, on: day(3), at: "12:00", minutes: 240)  // no wage

            let answer = try await server.client.json(.GET, "/api/v1/plan?from=\(day(0))&to=\(day(6))", token: boss.token)
            try #require(answer.status == 200, "\(answer.text)")
            #expect(answer.json["currency"] as? String == "USD")
            let week = try #require(((answer.json["totals"] as? [String: Any])?["weeks"] as? [[String: Any]])?.first)
            #expect(week["costCents"] as? Int == 21000 && week["uncostedShifts"] as? Int == 1, "\(week)")
            #expect(week["budgetCents"] as? Int == 20000 && week["overBudget"] as? Bool == true)
            let people = try #require(week["people"] as? [[String: Any]])
            let annaTotals = try #require(people.first { $0["userId"] as? Int == Int(anna.userID) })
            #expect(annaTotals["costCents"] as? Int == 21000 && annaTotals["uncostedShifts"] as? Int == 0)
            let bramTotals = try #require(people.first { $0["userId"] as? Int == Int(bram.userID) })
            #expect(bramTotals["costCents"] == nil && bramTotals["uncostedShifts"] as? Int == 1, "no wage is no cost, not a cost of 0")
            let days = try #require(week["days"] as? [[String: Any]])
            #expect(days[0]["costCents"] as? Int == 9000 && days[3]["costCents"] as? Int == 12000 && days[3]["uncostedShifts"] as? Int == 1)

            // Raising the budget clears the warning; removing it leaves none.
            _ = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "USD", "weeklyBudgetCents": 30000], token: boss.token)
            let raised = try await server.client.json(.GET, "/api/v1/plan?from=\(day(0))&to=\(day(6))", token: boss.token)
            let raisedWeek = try #require(((raised.json["totals"] as? [String: Any])?["weeks"] as? [[String: Any]])?.first)
            #expect(raisedWeek["overBudget"] as? Bool == false)
            let removed = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "USD", "weeklyBudgetCents": NSNull()], token: boss.token)
            #expect(removed.status == 200 && removed.json["weeklyBudgetCents"] is NSNull, "\(removed.text)")
            let read = try await server.client.json(.GET, "/api/v1/plan/budget", token: boss.token)
            #expect(read.json["currency"] as? String == "USD" && read.json["weeklyBudgetCents"] is NSNull)
        }
    }

    @Test func wrongWagesAreRefusedNamingTheFieldAndNothingIsStored() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let path = "/api/v1/users/\(anna.userID)/wages"
            let first = try await server.client.json(.PUT, path, ["wages": [["effectiveFrom": "2026-01-01", "hourlyCents": 1400]]], token: boss.token)
            try #require(first.status == 200, "\(first.text)")
            let cases: [([[String: Any]], String)] = [
                ([["effectiveFrom": "2026-02-30", "hourlyCents": 1400]], "wages[0].effectiveFrom"),
                ([["effectiveFrom": "2026-01-01", "hourlyCents": 1400], ["effectiveFrom": "2026-03-01", "hourlyCents": -1]], "wages[1].hourlyCents"),
                ([["effectiveFrom": "2026-01-01", "hourlyCents": 1_000_001]], "wages[0].hourlyCents"),
                ([["effectiveFrom": "2026-01-01", "hourlyCents": 1400], ["effectiveFrom": "2026-01-01", "hourlyCents": 1500]], "wages[1].effectiveFrom"),
                ((0...100).map { ["effectiveFrom": LocalDate(year: 2026, month: 1, day: 1)!.adding(days: $0).description, "hourlyCents": 1400] }, "wages"),
            ]
            for (wages, field) in cases {
                let refused = try await server.client.json(.PUT, path, ["wages": wages], token: boss.token)
                #expect(refused.status == 422 && refused.problemCode == "validation_failed", "\(refused.text)")
                #expect(((refused.json["errors"] as? [[String: Any]])?.first?["field"] as? String) == field, "\(refused.text)")
            }
            let kept = try await server.client.json(.GET, path, token: boss.token)
            #expect((kept.json["wages"] as? [[String: Any]])?.map { $0["hourlyCents"] as? Int } == [1400], "\(kept.text)")

            for currency in ["eur", "EURO", "E1R", ""] {
                let refused = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": currency], token: boss.token)
                #expect(refused.status == 422 && ((refused.json["errors"] as? [[String: Any]])?.first?["field"] as? String) == "currency", "\(refused.text)")
            }
            let negative = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "EUR", "weeklyBudgetCents": -5], token: boss.token)
            #expect(negative.status == 422 && ((negative.json["errors"] as? [[String: Any]])?.first?["field"] as? String) == "weeklyBudgetCents")
        }
    }

    /// No wage, cost or budget leaves the managers' routes: employees are refused them, another
    /// workplace's manager finds nobody, and the routes a member reads carry none.
    @Test func onlyTheWorkplacesManagersEverSeeAWage() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let set = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/wages", ["wages": [["effectiveFrom": "2020-01-01", "hourlyCents": 1777]]], token: boss.token)
            try #require(set.status == 200, "\(set.text)")
            _ = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "EUR", "weeklyBudgetCents": 123456], token: boss.token)
            let date = TestServer.localDate(in: 3)
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: date.description, at: "09:00", minutes: 480)

            for (method, path) in [
                ("GET", "/api/v1/users/\(anna.userID)/wages"), ("PUT", "/api/v1/users/\(anna.userID)/wages"),
                ("GET", "/api/v1/plan/budget"), ("PUT", "/api/v1/plan/budget"),
            ] {
                let body: [String: Any] = path.hasSuffix("wages") ? ["wages": [[String: Any]]()] : ["currency": "EUR"]
                let refused = method == "GET"
                    ? try await server.client.json(.GET, path, token: anna.token)
                    : try await server.client.json(.PUT, path, body, token: anna.token)
                #expect(refused.status == 403 && refused.problemCode == "manager_only", "\(method) \(path): \(refused.text)")
            }
            let other = try await server.createWorkplace()
            let foreign = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)/wages", token: other.token)
            #expect(foreign.status == 404, "\(foreign.text)")
            let foreignSet = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/wages", ["wages": [[String: Any]]()], token: other.token)
            #expect(foreignSet.status == 404)
            let still = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)/wages", token: boss.token)
            #expect((still.json["wages"] as? [[String: Any]])?.count == 1, "another workplace's manager changed nothing")

            let from = date.adding(days: -7).description, to = date.adding(days: 7).description
            for path in [
                "/api/v1/me", "/api/v1/users", "/api/v1/users/\(anna.userID)/employment", "/api/v1/schedule?from=\(from)&to=\(to)",
                "/api/v1/team-schedule?from=\(from)&to=\(to)", "/api/v1/marketplace", "/api/v1/workplace", "/api/v1/timeclock/my-hours",
                "/api/v1/notifications",
            ] {
                let answer = try await server.client.json(.GET, path, token: anna.token)
                #expect(answer.status < 500, "\(path): \(answer.status)")
                for secret in ["1777", "123456", "hourlyCents", "costCents", "budget"] {
                    #expect(!answer.text.contains(secret), "\(path) shows \(secret): \(answer.text.prefix(400))")
                }
            }
        }
    }

    /// A manager's previews carry the cost beside the hours (the plan's change preview and the
    /// immediate routes' alike); an employee's preview of the same shift carries none.
    @Test func managersPreviewsCostTheChangeAgainstTheBudgetEmployeesSeeNoCost() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let monday = ISOWeek(containing: TestServer.localDate(in: 14)).monday
            _ = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/wages", ["wages": [["effectiveFrom": "2020-01-01", "hourlyCents": 2000]]], token: boss.token)
            _ = try await server.client.json(.PUT, "/api/v1/plan/budget", ["currency": "EUR", "weeklyBudgetCents": 10000], token: boss.token)
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: monday.description, at: "09:00", minutes: 240)  // 80.00

            // A draft of another 2 hours for anna: 80.00 → 120.00, over the 100.00 budget.
            let preview = try await server.client.json(
                .POST, "/api/v1/plan/changes/preview",
                ["op": "create", "ownerId": anna.userID, "date": monday.adding(days: 2).description, "startTime": "10:00", "durationMinutes": 120],
                token: boss.token)
            try #require(preview.status == 200, "\(preview.text)")
            let cost = try #require(preview.json["cost"] as? [String: Any], "\(preview.text)")
            #expect(cost["currency"] as? String == "EUR")
            let week = try #require((cost["weeks"] as? [[String: Any]])?.first)
            #expect(week["beforeCents"] as? Int == 8000 && week["afterCents"] as? Int == 12000, "\(week)")
            #expect(week["budgetCents"] as? Int == 10000 && week["overBudget"] as? Bool == true)
            let effect = try #require((preview.json["effects"] as? [[String: Any]])?.first)
            #expect(effect["costBeforeCents"] as? Int == 8000 && effect["costAfterCents"] as? Int == 12000, "\(effect)")

            // An open shift on the marketplace: the manager's assign preview costs it, bram's pick-up preview does not.
            let open = try await server.createShift(by: boss, ownerID: bram.userID, on: monday.adding(days: 3).description, at: "09:00", minutes: 60)
            try #require(try await server.act("/shifts/\(open)/unassign", [String: Any](), as: boss).status == 200)
            let assign = try await server.client.json(.GET, "/api/v1/shifts/\(open)/preview?action=assign&ownerId=\(anna.userID)", token: boss.token)
            try #require(assign.status == 200, "\(assign.text)")
            let assignWeek = try #require(((assign.json["cost"] as? [String: Any])?["weeks"] as? [[String: Any]])?.first, "\(assign.text)")
            #expect(assignWeek["afterCents"] as? Int == (assignWeek["beforeCents"] as? Int ?? -1) + 2000, "\(assignWeek)")
            let pickUp = try await server.client.json(.GET, "/api/v1/shifts/\(open)/preview?action=pick-up", token: anna.token)
            #expect(pickUp.status == 200 && pickUp.json["cost"] == nil, "\(pickUp.text)")
            #expect(!pickUp.text.contains("Cents"), "\(pickUp.text)")
        }
    }
}
