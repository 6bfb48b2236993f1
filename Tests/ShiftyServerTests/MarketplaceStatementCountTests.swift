import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer
import ShiftyTestSupport
import Synchronization
import Testing

/// A pick-up and its approval cost a bounded number of SQL statements (BEGIN and COMMIT
/// included), and the batched writes still leave every history row and event the separate
/// statements left: in order, with the shifts' new state and the decision in the payloads.
@Suite struct MarketplaceStatementCountTests {
    /// 49 before the reads were merged and the history/event writes batched (issue 14), 22 after;
    /// 26 with issue 16's rules, which read the receiver's approved time off and availability (one
    /// query each per action); 22 again since the availability rides in the member-facts query and
    /// the time off in the commitments query. The team week's announcement rides in the batched insert.
    static let statementsPerPair = 22

    @Test func pickUpAndApprovalStayWithinTheStatementBudget() async throws {
        try await TestServer.with { server in
            let (boss, anna, bram, shift) = try await server.shiftOnOffer()
            let before = try await server.pool.query("SELECT coalesce(max(id), 0)::bigint AS id FROM events")[0].decode("id", as: Int64.self)

            let count = Mutex(0)
            var configuration = PostgresConfiguration(connectionString: server.connectionString, poolSize: 1)
            configuration.queryObserver = { _, _ in count.withLock { $0 += 1 } }
            let pool = PostgresPool(configuration: configuration, logger: Logger(label: "statement-count"))
            let engine = MarketplaceService(pool: pool, logger: Logger(label: "statement-count"))
            _ = try await pool.query("SELECT 1")  // the connection's set-up is not the pair's
            count.withLock { $0 = 0 }
            let deal = try await engine.pickUp(shiftID: shift, by: bram.userID, workplaceID: boss.workplaceID)
            let pickUpStatements = count.withLock { $0 }
            try await engine.approve(dealID: deal, by: boss.userID, workplaceID: boss.workplaceID, note: "fine by me")
            let pairStatements = count.withLock { $0 }
            await pool.shutdown()
            #expect(pairStatements <= Self.statementsPerPair, "pick-up \(pickUpStatements), approval \(pairStatements - pickUpStatements)")

            let owner = try await server.pool.query("SELECT owner_id FROM shifts WHERE id = $1", [shift])[0].decode("owner_id", as: Int64.self)
            #expect(owner == bram.userID)
            let history = try await server.pool.query(
                """
                SELECT subject_type, action, from_state, to_state, note, actor_id FROM shift_history
                WHERE workplace_id = $1 AND ((subject_type = 'shift' AND subject_id = $2) OR (subject_type = 'deal' AND subject_id = $3))
                ORDER BY id
                """,
                [boss.workplaceID, shift, deal]
            ).map { "\(try $0.decode("subject_type", as: String.self)) \(try $0.decode("action", as: String.self)) \(try $0.decode("from_state", as: String?.self) ?? "-")→\(try $0.decode("to_state", as: String.self))" }
            #expect(history.contains("deal pick_up -→pending_approval"), "\(history)")
            #expect(history.contains("deal approve pending_approval→approved"), "\(history)")
            #expect(history.filter { $0.hasPrefix("shift ") }.count >= 3, "supply, pick-up and approval rows: \(history)")

            let events = try await server.pool.query(
                "SELECT type, audience, user_ids, manager_only, payload::text AS payload FROM events WHERE id > $1 ORDER BY id", [before])
            let types = try events.map { try $0.decode("type", as: String.self) }
            #expect(types == [
                "deal.awaiting_approval", "shift.picked_up", "shift.revoked", "team_schedule.changed",
                "deal.approved", "approval.resolved", "team_schedule.changed",
            ], "\(types)")
            let announcement = try #require(events.last)
            #expect(try announcement.decode("audience", as: String.self) == "workplace")
            struct Announced: Decodable { var shiftIds: [Int64]; var ownerIds: [Int64] }
            let announced = try JSONDecoder().decode(Announced.self, from: Data(try announcement.decode("payload", as: String.self).utf8))
            #expect(announced.shiftIds == [shift])
            #expect(announced.ownerIds == [anna.userID, bram.userID].sorted(), "the former and the new owner")
            let approved = try #require(events.first { try $0.decode("type", as: String.self) == "deal.approved" })
            #expect(try approved.decode("user_ids", as: [Int64].self) == [anna.userID, bram.userID].sorted())
            struct Payload: Decodable {
                struct Shift: Decodable { var id: Int64; var ownerId: Int64; var status: String }
                struct Decision: Decodable { var byId: Int64; var byName: String; var note: String? }
                var shifts: [Shift]
                var dealId: Int64?
                var actorId: Int64?
                var decision: Decision?
            }
            let payload = try JSONDecoder().decode(Payload.self, from: Data(try approved.decode("payload", as: String.self).utf8))
            #expect(payload.shifts.map(\.id) == [shift])
            #expect(payload.shifts.first?.ownerId == bram.userID, "the shift as it is after the approval")
            #expect(payload.dealId == deal)
            #expect(payload.actorId == boss.userID)
            #expect(payload.decision?.byId == boss.userID)
            #expect(payload.decision?.byName == "The Boss")
            #expect(payload.decision?.note == "fine by me")
            let resolved = try #require(events.first { try $0.decode("type", as: String.self) == "approval.resolved" })
            #expect(try resolved.decode("manager_only", as: Bool.self))
        }
    }
}
