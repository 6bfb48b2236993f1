import Foundation
import ShiftyDomain
@testable import ShiftyEvents
@testable import ShiftyNotifications
import ShiftyTestSupport
import Testing

/// A manager's drafts and their publication (docs/week-planning.md, slice 3), through the API on a
/// real database: a draft is the manager's alone until published; publishing runs the drafts as
/// the immediate routes would and tells each person once.
@Suite struct PlanDraftTests {
    /// A workplace with a manager and two employees, and the Monday of a week two weeks ahead.
    func team(_ server: TestServer) async throws -> (boss: TestServer.Account, anna: TestServer.Account, bram: TestServer.Account, monday: LocalDate) {
        let boss = try await server.createWorkplace()
        let anna = try await server.createEmployee(in: boss, username: "anna")
        let bram = try await server.createEmployee(in: boss, username: "bram")
        return (boss, anna, bram, ISOWeek(containing: TestServer.localDate(in: 14)).monday)
    }

    func change(_ server: TestServer, _ body: [String: Any], as account: TestServer.Account) async throws -> TestHTTPClient.Response {
        try await server.client.json(.POST, "/api/v1/plan/changes", body, token: account.token)
    }

    @Test func draftsStayTheManagersUntilPublishedThenEachPersonIsToldOnce() async throws {
        try await TestServer.with { server in
            let (boss, anna, bram, monday) = try await team(server)
            let day = { (offset: Int) in monday.adding(days: offset).description }
            let brams = try await server.createShift(by: boss, ownerID: bram.userID, on: day(1), at: "10:00", minutes: 480)

            let created = try await change(
                server, ["op": "create", "ownerId": anna.userID, "date": day(0), "startTime": "09:00", "durationMinutes": 480], as: boss)
            try #require(created.status == 200, "\(created.text)")
            let newID = Int64(try #require(created.json["shiftId"] as? Int))
            #expect(newID < 0)
            let assigned = try await change(server, ["op": "assign", "shiftId": brams, "ownerId": anna.userID], as: boss)
            try #require(assigned.status == 200, "\(assigned.text)")
            #expect(try await change(server, ["op": "create", "ownerId": bram.userID], as: anna).status == 403)

            // Nobody but the managers sees the drafts.
            let range = "from=\(day(0))&to=\(day(6))"
            let team = try await server.client.json(.GET, "/api/v1/team-schedule?\(range)", token: anna.token).jsonArray
            #expect(team.map { $0["id"] as? Int } == [Int(brams)] && team.first?["ownerId"] as? Int == Int(bram.userID))
            let mine = try await server.client.json(.GET, "/api/v1/schedule?weeks=4", token: anna.token).jsonArray
            #expect(mine.allSatisfy { (($0["shifts"] as? [Any]) ?? []).isEmpty })
            let plan = try await server.client.json(.GET, "/api/v1/plan?\(range)", token: boss.token).json
            let planned = (plan["shifts"] as? [[String: Any]]) ?? []
            #expect(Set(planned.compactMap { $0["id"] as? Int }) == [Int(newID), Int(brams)])
            #expect(planned.allSatisfy { $0["ownerId"] as? Int == Int(anna.userID) })
            let drafts = (plan["drafts"] as? [[String: Any]]) ?? []
            #expect(Set(drafts.compactMap { $0["state"] as? String }) == ["new", "changed"])
            #expect(plan["unpublishedChanges"] as? Int == 2)
            let totals = try #require(((plan["totals"] as? [String: Any])?["weeks"] as? [[String: Any]])?.first)
            let annaTotals = ((totals["people"] as? [[String: Any]]) ?? []).first { $0["userId"] as? Int == Int(anna.userID) }
            #expect(annaTotals?["minutes"] as? Int == 960, "the totals count the plan")

            let preview = try await server.client.json(.POST, "/api/v1/plan/publish/preview", ["from": day(0), "to": day(6)], token: boss.token)
            try #require(preview.status == 200, "\(preview.text)")
            #expect(preview.json["publishable"] as? Int == 2 && (preview.json["kept"] as? [Any])?.isEmpty == true)
            let people = (preview.json["people"] as? [[String: Any]]) ?? []
            let kinds = Dictionary(uniqueKeysWithValues: people.map {
                ($0["name"] as? String ?? "", (($0["changes"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String })
            })
            #expect(kinds == ["Anna": ["added", "added"], "Bram": ["removed"]])
            let revision = try #require(preview.json["revision"] as? Int)
            #expect(try await server.client.json(.GET, "/api/v1/team-schedule?\(range)", token: anna.token).jsonArray.count == 1, "a preview publishes nothing")

            let lastEvent = try await server.pool.query("SELECT coalesce(max(id), 0)::bigint AS id FROM events")[0].decode("id", as: Int64.self)
            let outdated = try await server.client.json(
                .POST, "/api/v1/plan/publish", ["from": day(0), "to": day(6), "revision": revision - 1], token: boss.token)
            #expect(outdated.status == 409 && outdated.problemCode == "plan_changed_since_preview")
            let published = try await server.client.json(
                .POST, "/api/v1/plan/publish", ["from": day(0), "to": day(6), "revision": revision], token: boss.token)
            try #require(published.status == 200, "\(published.text)")
            #expect(published.json["published"] as? Int == 2)

            let after = try await server.client.json(.GET, "/api/v1/team-schedule?\(range)", token: bram.token).jsonArray
            #expect(after.count == 2 && after.allSatisfy { $0["ownerId"] as? Int == Int(anna.userID) && ($0["id"] as? Int ?? 0) > 0 })
            let events = try await server.pool.query(
                "SELECT type, user_ids, payload::text AS payload FROM events WHERE workplace_id = $1 AND id > $2 ORDER BY id",
                [boss.workplaceID, lastEvent])
            let types = try events.map { try $0.decode("type", as: String.self) }
            #expect(!types.contains("shift.created") && !types.contains("shift.assigned"), "\(types)")
            #expect(types.filter { $0 == "team_schedule.changed" }.count == 1, "one for the whole publication: \(types)")
            #expect(types.contains("schedule_plan.changed"))
            let told = try events.filter { try $0.decode("type", as: String.self) == "schedule.published" }
                .map { try $0.decode("user_ids", as: [Int64].self) }
            #expect(Set(told) == [[anna.userID], [bram.userID]] && told.count == 2)
            #expect(try events.allSatisfy { !(try $0.decode("payload", as: String.self)).contains("wage") })

            // One notification each, listing their changes in their language.
            let annas = try await server.client.json(.GET, "/api/v1/notifications", token: anna.token).jsonArray
            let notice = try #require(annas.first { $0["type"] as? String == "schedule.published" })
            let data = notice["data"] as? [String: Any]
            let payload = try #require(data)
            #expect(annas.filter { $0["type"] as? String == "schedule.published" }.count == 1)
            #expect((payload["changes"] as? [[String: Any]])?.count == 2 && payload["actorId"] as? Int == Int(boss.userID))
            let english = NotificationText.of(type: .server(.schedulePublished), payload: payload, language: .english)
            #expect(english.subject == "Your schedule changed" && english.body.components(separatedBy: "New: ").count == 3, "\(english)")
            #expect(english.body.contains("09:00–17:00") && english.route == "#/schedule")
            let dutch = NotificationText.of(type: .server(.schedulePublished), payload: payload, language: .dutch)
            #expect(dutch.subject == "Je rooster is gewijzigd" && dutch.body.contains("Nieuw: "), "\(dutch)")
            let bramsNotices = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token).jsonArray
            let bramsNotice = bramsNotices.first { $0["type"] as? String == "schedule.published" }
            let lost = try #require(bramsNotice?["data"] as? [String: Any])
            #expect(NotificationText.of(type: .server(.schedulePublished), payload: lost, language: .english).body.contains("Removed: "))

            let clean = try await server.client.json(.GET, "/api/v1/plan?\(range)", token: boss.token).json
            #expect((clean["drafts"] as? [Any])?.isEmpty == true && clean["unpublishedChanges"] as? Int == 0)
            let weeks = try await server.client.json(.GET, "/api/v1/schedule-weeks?from=\(day(0))&to=\(day(0))", token: anna.token).jsonArray
            #expect(weeks.first?["publishedAt"] is String)
        }
    }

    @Test func draftsAreCheckedAgainstEachOtherAndAStaleDraftIsKept() async throws {
        try await TestServer.with { server in
            let (boss, anna, bram, monday) = try await team(server)
            let day = { (offset: Int) in monday.adding(days: offset).description }
            let brams = try await server.createShift(by: boss, ownerID: bram.userID, on: day(2), at: "10:00", minutes: 240)

            let evening = ["op": "create", "ownerId": anna.userID, "date": day(0), "startTime": "17:00", "durationMinutes": 300] as [String: Any]
            try #require(try await change(server, evening, as: boss).status == 200)
            var later = evening
            later["startTime"] = "20:00"
            let preview = try await server.client.json(.POST, "/api/v1/plan/changes/preview", later, token: boss.token)
            #expect(preview.status == 200 && preview.json["allowed"] as? Bool == false, "\(preview.text)")
            #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == "overlapping_shift")
            let clash = try await change(server, later, as: boss)
            #expect(clash.status == 409 && clash.problemCode == "overlapping_shift", "\(clash.text)")

            // A draft of Bram's shift, then an immediate edit of it: the draft is stale and kept.
            try #require(try await change(server, ["op": "edit", "shiftId": brams, "startTime": "12:00"], as: boss).status == 200)
            let edited = try await server.client.json(.PATCH, "/api/v1/shifts/\(brams)", ["startTime": "11:00"], token: boss.token)
            try #require(edited.status == 200, "\(edited.text)")
            let review = try await server.client.json(.POST, "/api/v1/plan/publish/preview", ["from": day(0), "to": day(6)], token: boss.token)
            #expect(review.json["publishable"] as? Int == 1)
            let kept = (review.json["kept"] as? [[String: Any]]) ?? []
            #expect(kept.map { $0["reason"] as? String } == ["stale"] && kept.first?["shiftId"] as? Int == Int(brams))

            // A removed shift takes only its removal back; unknown drafts are not found.
            try #require(try await change(server, ["op": "remove", "shiftId": brams], as: boss).status == 200)
            let removed = try await change(server, ["op": "assign", "shiftId": brams, "ownerId": anna.userID], as: boss)
            #expect(removed.status == 409 && removed.problemCode == "shift_removed_in_draft")
            #expect(try await change(server, ["op": "revert", "shiftId": brams], as: boss).status == 200)
            let unknown = try await change(server, ["op": "release", "shiftId": -987_654], as: boss)
            #expect(unknown.status == 404 && unknown.problemCode == "not_found")
            let missing = try await change(server, ["op": "create", "ownerId": anna.userID, "date": day(1)], as: boss)
            #expect(missing.status == 422 && missing.problemCode == "validation_failed")

            // Discarding leaves the published week.
            let discarded = try await server.client.json(.DELETE, "/api/v1/plan/drafts?from=\(day(0))&to=\(day(6))", token: boss.token)
            #expect(discarded.status == 200 && discarded.json["discarded"] as? Int == 1, "\(discarded.text)")
            let plan = try await server.client.json(.GET, "/api/v1/plan?from=\(day(0))&to=\(day(6))", token: boss.token).json
            #expect((plan["drafts"] as? [Any])?.isEmpty == true && (plan["shifts"] as? [Any])?.count == 1)
        }
    }
    @Test func aWeekCopiedAsDraftsWaitsForThePublication() async throws {
        try await TestServer.with { server in
            let (boss, anna, _, monday) = try await team(server)
            let next = monday.adding(days: 7)
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: monday.adding(days: 2).description, at: "09:00", minutes: 240)
            let copied = try await server.client.json(
                .POST, "/api/v1/shifts/copy-week", ["from": monday.description, "draft": true], token: boss.token)
            try #require(copied.status == 200, "\(copied.text)")
            #expect(copied.json["created"] as? Int == 1)
            #expect(((copied.json["items"] as? [[String: Any]]) ?? []).allSatisfy { $0["created"] == nil })
            let range = "from=\(next)&to=\(next.adding(days: 6))"
            #expect(try await server.client.json(.GET, "/api/v1/team-schedule?\(range)", token: anna.token).jsonArray.isEmpty)
            let plan = try await server.client.json(.GET, "/api/v1/plan?\(range)", token: boss.token).json
            let drafts = (plan["drafts"] as? [[String: Any]]) ?? []
            #expect(drafts.map { $0["state"] as? String } == ["new"])
            let shifts = (plan["shifts"] as? [[String: Any]]) ?? []
            #expect(shifts.count == 1 && shifts.first?["date"] as? String == next.adding(days: 2).description)
            // Copying again: the copy is already in the plan, so the rulebook refuses the second one.
            let again = try await server.client.json(
                .POST, "/api/v1/shifts/copy-week/preview", ["from": monday.description, "draft": true], token: boss.token)
            #expect(again.json["created"] as? Int == 0 && again.json["refused"] as? Int == 1, "\(again.text)")
        }
    }
    @Test func aShiftMovedToAnotherDayAndPersonPublishesAsOneChangeForEach() async throws {
        try await TestServer.with { server in
            let (boss, anna, bram, monday) = try await team(server)
            let day = { (offset: Int) in monday.adding(days: offset).description }
            let annas = try await server.createShift(by: boss, ownerID: anna.userID, on: day(1), at: "09:00", minutes: 480, position: "bar")

            // To Friday, to Bram, an hour later: one change, previewed against the plan.
            let move: [String: Any] = ["op": "move", "shiftId": annas, "date": day(4), "ownerId": bram.userID, "startTime": "10:00"]
            let preview = try await server.client.json(.POST, "/api/v1/plan/changes/preview", move, token: boss.token)
            #expect(preview.status == 200 && preview.json["allowed"] as? Bool == true, "\(preview.text)")
            // Anna keeping it on another day of the week: her hours stay (the shift counts once, before and after).
            let samePerson = try await server.client.json(
                .POST, "/api/v1/plan/changes/preview", ["op": "move", "shiftId": annas, "date": day(3)], token: boss.token)
            let effect = ((samePerson.json["effects"] as? [[String: Any]]) ?? []).first
            #expect(effect?["hoursBefore"] as? Double == 8 && effect?["hoursAfter"] as? Double == 8, "\(samePerson.text)")
            let moved = try await change(server, move, as: boss)
            try #require(moved.status == 200, "\(moved.text)")
            #expect(moved.json["shiftId"] as? Int == Int(annas))

            // The plan shows it on Friday only, for Bram; a week's plan shows a shift moved out of it no more.
            let plan = try await server.client.json(.GET, "/api/v1/plan?from=\(day(0))&to=\(day(6))", token: boss.token).json
            let planned = (plan["shifts"] as? [[String: Any]]) ?? []
            #expect(planned.count == 1 && planned.first?["date"] as? String == day(4) && planned.first?["ownerId"] as? Int == Int(bram.userID))
            #expect(planned.first?["startTime"] as? String == "10:00" && planned.first?["position"] as? String == "bar")
            let tuesday = try await server.client.json(.GET, "/api/v1/plan?from=\(day(1))&to=\(day(1))", token: boss.token).json
            #expect((tuesday["shifts"] as? [Any])?.isEmpty == true, "\(tuesday)")

            let review = try await server.client.json(.POST, "/api/v1/plan/publish/preview", ["from": day(0), "to": day(6)], token: boss.token)
            let people = (review.json["people"] as? [[String: Any]]) ?? []
            let kinds = Dictionary(uniqueKeysWithValues: people.map {
                ($0["name"] as? String ?? "", (($0["changes"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String })
            })
            #expect(kinds == ["Anna": ["removed"], "Bram": ["added"]], "\(review.text)")
            let revision = try #require(review.json["revision"] as? Int)
            let published = try await server.client.json(
                .POST, "/api/v1/plan/publish", ["from": day(0), "to": day(6), "revision": revision], token: boss.token)
            try #require(published.status == 200 && published.json["published"] as? Int == 1, "\(published.text)")

            let week = try await server.client.json(.GET, "/api/v1/team-schedule?from=\(day(0))&to=\(day(6))", token: anna.token).jsonArray
            #expect(week.count == 1 && week.first?["date"] as? String == day(4) && week.first?["ownerId"] as? Int == Int(bram.userID))
            #expect(week.first?["startTime"] as? String == "10:00" && week.first?["endTime"] as? String == "18:00")
            let old = try await server.shift(annas, as: boss)
            #expect(old["status"] as? String == "cancelled", "the old day keeps the removed shift")
        }
    }
}
