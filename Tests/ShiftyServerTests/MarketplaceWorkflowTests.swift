import Foundation
import Logging
import NIOConcurrencyHelpers
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Every marketplace workflow end to end through HTTP, against PostgreSQL.
@Suite struct MarketplaceWorkflowTests {
    @Test func supplyPickUpApproveAndReject() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let first = try await server.createShift(by: boss, for: anna, inDays: 2)
            let second = try await server.createShift(by: boss, for: anna, inDays: 3)

            let notOwner = try await server.act("/shifts/\(first)/supply", as: bram)
            #expect(notOwner.status == 403 && notOwner.problemCode == "not_shift_owner")
            #expect(try await server.act("/shifts/\(first)/supply", as: anna).status == 200)
            let market = try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token)
            #expect(market.jsonArray.compactMap { $0["id"] as? Int } == [Int(first)])
            let own = try await server.act("/shifts/\(first)/pick-up", as: anna)
            #expect(own.status == 422 && own.problemCode == "own_shift")

            let picked = try await server.act("/shifts/\(first)/pick-up", as: bram)
            #expect(picked.status == 201, "\(picked.text)")
            let dealID = try #require(picked.dealID)
            #expect((picked.json["deal"] as? [String: Any])?["state"] as? String == "pending_approval")
            #expect(try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token).jsonArray.isEmpty)
            let revoke = try await server.act("/shifts/\(first)/revoke", as: anna)
            #expect(revoke.status == 409 && revoke.problemCode == "shift_no_longer_available")

            let mine = try await server.client.json(.GET, "/api/v1/deals/mine", token: anna.token)
            #expect(mine.jsonArray.compactMap { $0["id"] as? Int } == [dealID])
            #expect(try await server.client.json(.GET, "/api/v1/deals/approvals", token: anna.token).status == 403)
            let queue = try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token)
            #expect(queue.jsonArray.compactMap { $0["id"] as? Int } == [dealID])

            let employeeApproves = try await server.act("/deals/\(dealID)/approve", as: bram)
            #expect(employeeApproves.status == 403 && employeeApproves.problemCode == "not_a_manager")
            let approved = try await server.act("/deals/\(dealID)/approve", ["note": "ok, enjoy"], as: boss)
            #expect(approved.status == 200, "\(approved.text)")
            let shift = try await server.shift(first, as: bram)
            #expect(shift["ownerId"] as? Int == Int(bram.userID))
            #expect(shift["status"] as? String == "scheduled")
            let twice = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(twice.status == 409 && twice.problemCode == "deal_not_pending")

            // Rejection returns the shift to its owner, on the marketplace again.
            #expect(try await server.act("/shifts/\(second)/supply", as: anna).status == 200)
            let secondDeal = try #require(try await server.act("/shifts/\(second)/pick-up", as: bram).dealID)
            let rejected = try await server.act("/deals/\(secondDeal)/reject", ["note": "understaffed"], as: boss)
            #expect(rejected.status == 200)
            let back = try await server.shift(second, as: anna)
            #expect(back["ownerId"] as? Int == Int(anna.userID))
            #expect(back["status"] as? String == "supplied")
            // Everyone's marketplace hears it is back: a workplace-wide shift.supplied after the rejection.
            let announced = try await server.pool.query(
                "SELECT audience FROM events WHERE workplace_id = $1 AND type = 'shift.supplied' AND payload->'shiftIds' @> $2::jsonb ORDER BY id",
                [boss.workplaceID, "[\(second)]"])
            #expect(try announced.map { try $0.decode("audience", as: String.self) } == ["workplace", "workplace"])

            let today = TestServer.localDate(in: 0)
            let trades = try await server.client.json(.GET, "/api/v1/trades?from=\(today)&to=\(today.adding(days: 7))", token: boss.token)
            #expect(trades.jsonArray.compactMap { $0["state"] as? String }.sorted() == ["approved", "rejected"])
            #expect(try await server.client.json(.GET, "/api/v1/trades?from=\(today)&to=\(today)", token: anna.token).status == 403)

            let events = try await server.pool.query(
                "SELECT type FROM events WHERE workplace_id = $1 AND type LIKE 'deal.%' ORDER BY id", [boss.workplaceID])
            #expect(try events.map { try $0.decode("type", as: String.self) } == [
                "deal.awaiting_approval", "deal.approved", "deal.awaiting_approval", "deal.rejected",
            ])
        }
    }

    @Test func swapProposeAcceptApproveAndDecline() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let annas = try await server.createShift(by: boss, for: anna, inDays: 2)
            let brams = try await server.createShift(by: boss, for: bram, inDays: 3)

            let proposed = try await server.act("/swaps", ["offeredShiftId": annas, "wantedShiftId": brams], as: anna)
            #expect(proposed.status == 201, "\(proposed.text)")
            let dealID = try #require(proposed.dealID)
            #expect(try await server.client.json(.GET, "/api/v1/deals/mine", token: bram.token).jsonArray.count == 1)
            let notAsked = try await server.act("/deals/\(dealID)/accept", as: anna)
            #expect(notAsked.status == 403 && notAsked.problemCode == "not_swap_counterparty")
            let tooEarly = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(tooEarly.status == 409 && tooEarly.problemCode == "deal_not_pending")
            let again = try await server.act("/swaps", ["offeredShiftId": annas, "wantedShiftId": brams], as: anna)
            #expect(again.status == 409 && again.problemCode == "shift_in_pending_deal")

            #expect(try await server.act("/deals/\(dealID)/accept", as: bram).status == 200)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            #expect(try await server.shift(annas, as: boss)["ownerId"] as? Int == Int(bram.userID))
            #expect(try await server.shift(brams, as: boss)["ownerId"] as? Int == Int(anna.userID))

            // Declining leaves both shifts where they were.
            let declinedDeal = try #require(try await server.act("/swaps", ["offeredShiftId": brams, "wantedShiftId": annas], as: anna).dealID)
            #expect(try await server.act("/deals/\(declinedDeal)/decline", as: bram).status == 200)
            #expect(try await server.shift(annas, as: boss)["status"] as? String == "scheduled")
            #expect(try await server.shift(brams, as: boss)["ownerId"] as? Int == Int(anna.userID))
        }
    }

    @Test func requestsSuggestionsAndAcceptance() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            _ = try await server.createShift(by: boss, for: anna, inDays: 1)
            let wanted = TestServer.localDate(in: 5)
            let closed = TestServer.localDate(in: 10)
            #expect(try await server.client.json(.POST, "/api/v1/closed-days", ["date": closed.description, "name": "Closed"], token: boss.token).status == 201)

            let free = try await server.client.json(.GET, "/api/v1/requests/free-dates", token: anna.token).jsonArray
            let freeDates = free.compactMap { $0["date"] as? String }
            #expect(freeDates.count == 54, "eight weeks minus the day Anna works and the closed day")
            #expect(!freeDates.contains(TestServer.localDate(in: 1).description))
            #expect(!freeDates.contains(closed.description))
            #expect(freeDates.first == TestServer.localDate(in: 0).description)

            let posted = try await server.act("/requests", ["dates": [wanted.description, wanted.adding(days: 1).description]], as: anna)
            #expect(posted.status == 201, "\(posted.text)")
            let duplicate = try await server.act("/requests", ["dates": [wanted.description]], as: anna)
            #expect(duplicate.status == 409 && duplicate.problemCode == "request_already_open")
            let requests = try await server.client.json(.GET, "/api/v1/requests", token: bram.token).jsonArray
            let requestID = try #require(requests.first { $0["date"] as? String == wanted.description }?["id"] as? Int)

            let bramsShift = try await server.createShift(by: boss, for: bram, inDays: 5, at: "09:00")
            let chloesShift = try await server.createShift(by: boss, for: chloe, inDays: 5, at: "17:00")
            let wrongDay = try await server.createShift(by: boss, for: chloe, inDays: 6)
            #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": bramsShift], as: bram).status == 201)
            #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": chloesShift], as: chloe).status == 201)
            let wrong = try await server.act("/requests/\(requestID)/suggestions", ["shiftId": wrongDay], as: chloe)
            #expect(wrong.status == 422 && wrong.problemCode == "wrong_date_for_request")

            let withSuggestions = try await server.client.json(.GET, "/api/v1/requests", token: anna.token).jsonArray
            let request = try #require(withSuggestions.first { $0["id"] as? Int == requestID })
            #expect((request["suggestions"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }.sorted() == [Int(bramsShift), Int(chloesShift)].sorted())

            let notRequester = try await server.act("/requests/\(requestID)/suggestions/\(bramsShift)/accept", as: chloe)
            #expect(notRequester.status == 403 && notRequester.problemCode == "not_request_owner")
            let accepted = try await server.act("/requests/\(requestID)/suggestions/\(bramsShift)/accept", as: anna)
            #expect(accepted.status == 201, "\(accepted.text)")
            let dealID = try #require(accepted.dealID)
            #expect(try await server.shift(chloesShift, as: chloe)["status"] as? String == "scheduled", "the other suggestion is released")
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            #expect(try await server.shift(bramsShift, as: anna)["ownerId"] as? Int == Int(anna.userID))
            let status = try await server.pool.query("SELECT status FROM requests WHERE id = $1", [Int64(requestID)])
            #expect(try status[0].decode("status", as: String.self) == "fulfilled")
        }
    }

    @Test func anyoneInvolvedCancelsAPendingDeal() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            let outsider = try await server.act("/deals/\(dealID)/cancel", as: chloe)
            #expect(outsider.status == 403 && outsider.problemCode == "not_involved_in_deal", "\(outsider.status) \(outsider.text)")
            #expect(try await server.act("/deals/\(dealID)/cancel", ["note": "changed my mind"], as: anna).status == 200)
            let back = try await server.shift(shift, as: anna)
            #expect(back["status"] as? String == "supplied" && back["ownerId"] as? Int == Int(anna.userID))
            let again = try await server.act("/deals/\(dealID)/cancel", as: bram)
            #expect(again.status == 409 && again.problemCode == "deal_not_pending")
        }
    }

    @Test func approvalRechecksTheRulesAtThatMoment() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2, at: "10:00", minutes: 240)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            // Meanwhile Bram gets a shift that overlaps the one he is receiving. Every route refuses
            // that now (the rulebook counts shifts he is receiving), so the row is written directly,
            // as an occurrence generated from a fixed shift would be.
            try await server.pool.execute(
                """
                INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, touched)
                SELECT workplace_id, $2, local_date, starts_at + interval '3 hours', starts_at + interval '5 hours', true
                FROM shifts WHERE id = $1
                """, [shift, bram.userID])
            let refused = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(refused.status == 409 && refused.problemCode == "overlapping_shift")
            #expect(try await server.shift(shift, as: boss)["status"] as? String == "in_deal", "nothing changed")

            // Back-to-back is fine, but the workplace keeps one shift per day by default.
            let other = try await server.createShift(by: boss, for: anna, inDays: 3, at: "10:00", minutes: 240)
            _ = try await server.createShift(by: boss, for: bram, inDays: 3, at: "14:00", minutes: 60)
            #expect(try await server.act("/shifts/\(other)/supply", as: anna).status == 200)
            let sameDay = try await server.act("/shifts/\(other)/pick-up", as: bram)
            #expect(sameDay.status == 409 && sameDay.problemCode == "one_shift_per_day")

            // A member deactivated after the pick-up cannot receive it.
            try await server.pool.execute("UPDATE users SET active = false WHERE id = $1", [bram.userID])
            let inactive = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(inactive.status == 409 && inactive.problemCode == "counterparty_inactive")
        }
    }

    /// The server's clock moves past the deal's expiry; nothing waits for real time to pass.
    @Test func pendingDealsExpireWhenTheirShiftStarts() async throws {
        let clock = NIOLockedValueBox(Date())
        try await TestServer.with(configure: { $0.clock = { clock.withLockedValue { $0 } } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 1)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            // The deal expires an hour from now; the clock then moves a minute past that.
            let expiry = clock.withLockedValue { $0 }.addingTimeInterval(3600)
            try await server.pool.execute("UPDATE deals SET expires_at = $2 WHERE id = $1", [Int64(dealID), expiry])
            clock.withLockedValue { $0 = expiry.addingTimeInterval(60) }

            let late = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(late.status == 409 && late.problemCode == "deal_expired")
            let deal = try await server.client.json(.GET, "/api/v1/deals/\(dealID)", token: boss.token)
            #expect(deal.json["state"] as? String == "expired")
            let back = try await server.shift(shift, as: anna)
            #expect(back["ownerId"] as? Int == Int(anna.userID) && back["status"] as? String == "supplied")
            #expect(try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token).jsonArray.isEmpty)

            // The background job expires a deal nobody looks at.
            let other = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(other)/supply", as: anna).status == 200)
            let otherDeal = try #require(try await server.act("/shifts/\(other)/pick-up", as: bram).dealID)
            let otherExpiry = clock.withLockedValue { $0 }.addingTimeInterval(3600)
            try await server.pool.execute("UPDATE deals SET expires_at = $2 WHERE id = $1", [Int64(otherDeal), otherExpiry])
            let maintenance = ScheduleMaintenanceService(pool: server.pool, logger: Logger(label: "test"), clock: { clock.withLockedValue { $0 } })
            await maintenance.runOnce(generate: false)
            let pending = try await server.pool.query("SELECT state FROM deals WHERE id = $1", [Int64(otherDeal)])
            #expect(try pending[0].decode("state", as: String.self) == "pending_approval", "not due before its expiry")
            clock.withLockedValue { $0 = otherExpiry.addingTimeInterval(1) }
            await maintenance.runOnce(generate: false)
            let state = try await server.pool.query("SELECT state FROM deals WHERE id = $1", [Int64(otherDeal)])
            #expect(try state[0].decode("state", as: String.self) == "expired")
            let history = try await server.client.json(.GET, "/api/v1/shifts/\(other)/history", token: anna.token).jsonArray
            #expect(history.last?["action"] as? String == "expire")
            #expect(history.last?["actorId"] == nil, "the system expired it")
        }
    }

    @Test func otherWorkplacesGetNotFound() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)

            let stranger = try await server.createWorkplace()
            #expect(try await server.client.json(.GET, "/api/v1/shifts/\(shift)", token: stranger.token).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/shifts/\(shift)/history", token: stranger.token).status == 404)
            let pick = try await server.act("/shifts/\(shift)/pick-up", as: stranger)
            #expect(pick.status == 404 && pick.problemCode == "not_found")
            let approve = try await server.act("/deals/\(dealID)/approve", as: stranger)
            #expect(approve.status == 404 && approve.problemCode == "not_found")
            #expect(try await server.client.json(.GET, "/api/v1/deals/\(dealID)", token: stranger.token).status == 404)
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(shift)", token: stranger.token).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/marketplace", token: stranger.token).jsonArray.isEmpty)
            #expect(try await server.shift(shift, as: anna)["status"] as? String == "in_deal", "nothing changed")
        }
    }
}
