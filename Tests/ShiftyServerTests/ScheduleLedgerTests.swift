import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// The schedule-change ledger through the API on a real database (docs/week-planning.md, slice 8):
/// a manager's late change owes its premium, shown in the preview before confirming and recorded
/// when it is published; a trade the members asked for is recorded as exempt; the report, the
/// payroll export and a waiver.
@Suite struct ScheduleLedgerTests {
    @Test func lateChangesOweTheirPremiumFromPreviewToPayrollAndTradesAreExempt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let day = TestServer.localDate(in: 3).description
            let later = TestServer.localDate(in: 4).description
            let rule = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["scheduleChanges": ["preset": "us_oregon"]]], token: boss.token)
            try #require(rule.status == 200, "\(rule.text)")
            #expect(((rule.json["settings"] as? [String: Any])?["scheduleChanges"] as? [String: Any])?["preset"] as? String == "us_oregon")
            let wage = try await server.client.json(
                .PUT, "/api/v1/users/\(anna.userID)/wages", ["wages": [["effectiveFrom": "2020-01-01", "hourlyCents": 2000]]], token: boss.token)
            try #require(wage.status == 200, "\(wage.text)")

            // The preview of a late new shift says what it owes; creating it records that.
            let createPreview = try await server.client.json(
                .POST, "/api/v1/shifts/preview", ["ownerId": anna.userID, "date": day, "startTime": "09:00", "durationMinutes": 480], token: boss.token)
            try #require(createPreview.status == 200, "\(createPreview.text)")
            let owed = try #require((createPreview.json["premiums"] as? [[String: Any]])?.first, "\(createPreview.text)")
            #expect(owed["change"] as? String == "added" && owed["premiumMinutes"] as? Int == 60 && owed["amountCents"] as? Int == 2000, "\(owed)")
            #expect(owed["exempt"] as? Bool == false && owed["userName"] as? String == "Anna" && owed["id"] == nil)
            let shift = try await server.createShift(by: boss, ownerID: anna.userID, on: day, at: "09:00", minutes: 480)

            // A drafted cut to 4 hours: half the 4 lost hours, in the change's preview and the publish preview.
            let cut: [String: Any] = ["op": "edit", "shiftId": shift, "startTime": "09:00", "durationMinutes": 240]
            let cutPreview = try await server.client.json(.POST, "/api/v1/plan/changes/preview", cut, token: boss.token)
            try #require(cutPreview.status == 200, "\(cutPreview.text)")
            let cutOwed = try #require((cutPreview.json["premiums"] as? [[String: Any]])?.first, "\(cutPreview.text)")
            #expect(cutOwed["change"] as? String == "cut" && cutOwed["premiumMinutes"] as? Int == 120 && cutOwed["amountCents"] as? Int == 4000)
            try #require(try await server.client.json(.POST, "/api/v1/plan/changes", cut, token: boss.token).status == 200)
            let publishPreview = try await server.client.json(.POST, "/api/v1/plan/publish/preview", ["from": day, "to": day], token: boss.token)
            let premiums = (publishPreview.json["premiums"] as? [[String: Any]]) ?? []
            #expect(premiums.map { $0["change"] as? String } == ["cut"] && premiums.first?["reason"] as? String == "published", "\(publishPreview.text)")
            let revision = try #require(publishPreview.json["revision"] as? Int)
            let published = try await server.client.json(.POST, "/api/v1/plan/publish", ["from": day, "to": day, "revision": revision], token: boss.token)
            try #require(published.status == 200 && published.json["published"] as? Int == 1, "\(published.text)")

            // A pick-up the members asked for: recorded for both, exempt, owing nothing.
            let brams = try await server.createShift(by: boss, ownerID: bram.userID, on: later, at: "12:00", minutes: 300)
            #expect(try await server.act("/shifts/\(brams)/supply", as: bram).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(brams)/pick-up", as: anna).dealID)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)

            let range = "from=\(day)&to=\(later)"
            let report = try await server.client.json(.GET, "/api/v1/reports/schedule-changes?\(range)", token: boss.token)
            try #require(report.status == 200, "\(report.text)")
            let entries = (report.json["entries"] as? [[String: Any]]) ?? []
            #expect(entries.map { "\($0["change"] ?? "")/\($0["reason"] ?? "")/\($0["exempt"] ?? "")" }.sorted() == [
                "added/manager_change/0", "added/manager_change/0", "added/pick_up/1", "cut/published/0", "removed/pick_up/1",
            ], "Bram's shift created late owes him an hour too: \(report.text)")
            let people = (report.json["people"] as? [[String: Any]]) ?? []
            let annaOwed = try #require(people.first { $0["userId"] as? Int == Int(anna.userID) })
            #expect(annaOwed["premiumMinutes"] as? Int == 180 && annaOwed["amountCents"] as? Int == 6000 && annaOwed["entries"] as? Int == 2)
            let bramOwed = try #require(people.first { $0["userId"] as? Int == Int(bram.userID) })
            #expect(bramOwed["premiumMinutes"] as? Int == 60 && bramOwed["amountCents"] == nil, "Bram has no wage: minutes, no amount")

            // The payroll export's last two columns carry the day's premiums.
            let month = String(day.prefix(7))
            let payroll = try await server.client.json(.GET, "/api/v1/reports/monthly?month=\(month)&format=payroll", token: boss.token)
            let header = payroll.text.split(separator: "\r\n").first.map(String.init) ?? ""
            #expect(header.hasSuffix(",schedule_premium_minutes,schedule_premium_cents"))
            let annaLine = payroll.text.split(separator: "\r\n").first { $0.hasPrefix("\(day),Anna,") }.map(String.init) ?? ""
            #expect(annaLine.hasSuffix(",180,0"), "\(annaLine)")

            // A waiver takes the cut out of what is owed, once.
            let cutID = try #require(entries.first { $0["change"] as? String == "cut" }?["id"] as? Int)
            let waived = try await server.client.json(.POST, "/api/v1/schedule-ledger/\(cutID)/waive", ["reason": "Agreed with Anna"], token: boss.token)
            try #require(waived.status == 200, "\(waived.text)")
            #expect((waived.json["waived"] as? [String: Any])?["reason"] as? String == "Agreed with Anna")
            let again = try await server.client.json(.POST, "/api/v1/schedule-ledger/\(cutID)/waive", ["reason": "Twice"], token: boss.token)
            #expect(again.status == 409 && again.problemCode == "ledger_entry_already_waived", "\(again.text)")
            #expect(try await server.client.json(.POST, "/api/v1/schedule-ledger/999999/waive", ["reason": "x"], token: boss.token).status == 404)
            let blank = try await server.client.json(.POST, "/api/v1/schedule-ledger/\(cutID)/waive", ["reason": "  "], token: boss.token)
            #expect(blank.status == 422 || blank.status == 409)
            let after = try await server.client.json(.GET, "/api/v1/reports/schedule-changes?\(range)", token: boss.token)
            let annaAfter = ((after.json["people"] as? [[String: Any]]) ?? []).first { $0["userId"] as? Int == Int(anna.userID) }
            #expect(annaAfter?["premiumMinutes"] as? Int == 60)
            let csv = try await server.client.json(.GET, "/api/v1/reports/schedule-changes?\(range)&format=csv", token: boss.token)
            #expect(csv.status == 200 && csv.text.split(separator: "\r\n").count == 6, "\(csv.text)")

            // Managers only; an employee's own preview never carries premiums.
            #expect(try await server.client.json(.GET, "/api/v1/reports/schedule-changes?\(range)", token: anna.token).status == 403)
            #expect(try await server.client.json(.POST, "/api/v1/schedule-ledger/\(cutID)/waive", ["reason": "x"], token: anna.token).status == 403)
        }
    }

    @Test func aWrongRuleIsRefusedNamingTheFieldAndNoRuleRecordsNothing() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let cases: [([String: Any], String)] = [
                (["preset": "us_texas"], "settings.scheduleChanges.preset"),
                (["preset": "custom"], "settings.scheduleChanges.custom"),
                (["preset": "custom", "custom": ["noticeDays": 40, "addedMinutesOfPay": 60, "movedMinutesOfPay": 60, "cutPercentOfLostTime": 50,
                                                 "clopeningPercentOfPay": 0]], "settings.scheduleChanges.custom.noticeDays"),
                (["preset": "custom", "custom": ["noticeDays": 7, "addedMinutesOfPay": 60, "movedMinutesOfPay": 60, "cutPercentOfLostTime": 500,
                                                 "clopeningPercentOfPay": 0]], "settings.scheduleChanges.custom.cutPercentOfLostTime"),
            ]
            for (rule, field) in cases {
                let refused = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["scheduleChanges": rule]], token: boss.token)
                #expect(refused.status == 422 && ((refused.json["errors"] as? [[String: Any]])?.first?["field"] as? String) == field, "\(refused.text)")
            }
            let shown = try await server.client.json(.GET, "/api/v1/workplace", token: boss.token)
            #expect(((shown.json["settings"] as? [String: Any])?["scheduleChanges"] as? [String: Any])?["preset"] as? String == "none", "\(shown.text)")
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: TestServer.localDate(in: 1).description, at: "09:00", minutes: 480)
            let count = try await server.pool.query("SELECT count(*)::bigint AS n FROM schedule_ledger")[0].decode("n", as: Int64.self)
            #expect(count == 0)
            let period = try await server.client.json(.GET, "/api/v1/reports/schedule-changes?from=2026-01-01&to=2027-06-01", token: boss.token)
            #expect(period.status == 422, "\(period.text)")
        }
    }
}
