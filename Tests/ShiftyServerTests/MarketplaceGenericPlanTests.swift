import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The marketplace's transactions run with generic plans (`PostgresPlanCaching.genericPlans`,
/// issue 14): PostgreSQL no longer plans their array-taking statements afresh on every execution.
/// A generic plan is made without the values, so a statement written as a catch-all
/// (`$1 IS NULL OR id = $1`) would scan a whole table. This reads the transaction's own scan
/// counts (`pg_stat_xact_user_tables`, this backend's transaction, before it commits) while a
/// pick-up and its approval run in a workplace with 30,000 shifts.
@Suite struct MarketplaceGenericPlanTests {
    struct Scans: Equatable { var sequential: Int64; var index: Int64 }

    static func shiftScans(on connection: PostgresConnection) throws -> Scans {
        let row = try connection.query(
            "SELECT coalesce(seq_scan, 0)::bigint AS seq, coalesce(idx_scan, 0)::bigint AS idx FROM pg_stat_xact_user_tables WHERE relname = 'shifts'")
        guard let row = row.first else { return Scans(sequential: 0, index: 0) }
        return Scans(sequential: try row.decode("seq"), index: try row.decode("idx"))
    }

    @Test func aPickUpAndItsApprovalFindEveryShiftByIndexWithGenericPlans() async throws {
        try await TestServer.with { server in
            let (boss, _, bram, shift) = try await server.shiftOnOffer()
            // 200 more members with 150 past shifts each: a table a sequential scan would notice.
            try await server.pool.execute(
                """
                INSERT INTO users (workplace_id, username, display_name, role, password_hash)
                SELECT $1, 'filler' || n, 'Filler ' || n, 'employee', 'not-a-hash' FROM generate_series(1, 200) AS n
                """, [boss.workplaceID])
            try await server.pool.execute(
                """
                INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at)
                SELECT $1, u.id, current_date - 400 + d, (current_date - 400 + d) + time '09:00', (current_date - 400 + d) + time '17:00'
                FROM users u CROSS JOIN generate_series(1, 150) AS d WHERE u.workplace_id = $1 AND u.username LIKE 'filler%'
                """, [boss.workplaceID])
            try await server.pool.execute("ANALYZE shifts")
            try await server.pool.execute("ANALYZE users")

            let pickUpCaller = MarketplaceCaller(userID: bram.userID, workplaceID: boss.workplaceID, isManager: false)
            let managerCaller = MarketplaceCaller(userID: boss.userID, workplaceID: boss.workplaceID, isManager: true)
            let (pickUp, approval, catchAll) = try await server.pool.transaction(planCaching: .genericPlans) { connection in
                let start = try Self.shiftScans(on: connection)
                let dealID = DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection))
                _ = try MarketplaceExecutor.run(.pickUp(ShiftID(rawValue: shift), newDealID: dealID), caller: pickUpCaller, now: Date(), on: connection)
                let afterPickUp = try Self.shiftScans(on: connection)
                _ = try MarketplaceExecutor.run(.approve(dealID, note: nil), caller: managerCaller, now: Date(), on: connection)
                let afterApproval = try Self.shiftScans(on: connection)
                // The check can see what it looks for: a catch-all statement, generically planned,
                // scans the table.
                _ = try connection.query("SELECT count(*) FROM shifts WHERE ($1::bigint IS NULL OR id = $1)", [shift])
                _ = try connection.query("SELECT count(*) FROM shifts WHERE ($1::bigint IS NULL OR id = $1)", [shift])
                let afterCatchAll = try Self.shiftScans(on: connection)
                return (
                    Scans(sequential: afterPickUp.sequential - start.sequential, index: afterPickUp.index - start.index),
                    Scans(sequential: afterApproval.sequential - afterPickUp.sequential, index: afterApproval.index - afterPickUp.index),
                    afterCatchAll.sequential - afterApproval.sequential)
            }
            #expect(pickUp.sequential == 0, "the pick-up scanned the shifts table \(pickUp.sequential) times")
            #expect(approval.sequential == 0, "the approval scanned the shifts table \(approval.sequential) times")
            #expect(pickUp.index > 0 && approval.index > 0, "both read shifts by index: \(pickUp), \(approval)")
            #expect(catchAll > 0, "a generically planned catch-all statement shows up as a sequential scan")
            let owner = try await server.pool.query("SELECT owner_id FROM shifts WHERE id = $1", [shift])[0].decode("owner_id", as: Int64.self)
            #expect(owner == bram.userID)

            // The other actions, each in a transaction of its own as the executor runs them: offer
            // and take back, a swap proposed, accepted and approved, a manager's unassign and assign.
            let anna = try #require(try await server.pool.query(
                "SELECT id FROM users WHERE workplace_id = $1 AND username = 'anna'", [boss.workplaceID]).first).decode("id", as: Int64.self)
            let annasShift = try await server.createShift(by: boss, ownerID: anna, on: TestServer.localDate(in: 5).description, at: "10:00", minutes: 240)
            let annaCaller = MarketplaceCaller(userID: anna, workplaceID: boss.workplaceID, isManager: false)
            func sequentialScans(_ caller: MarketplaceCaller, _ makeAction: @escaping @Sendable (PostgresConnection) throws -> MarketplaceAction) async throws -> Int64 {
                try await server.pool.transaction(planCaching: .genericPlans) { connection in
                    let start = try Self.shiftScans(on: connection)
                    _ = try MarketplaceExecutor.run(try makeAction(connection), caller: caller, now: Date(), on: connection)
                    return try Self.shiftScans(on: connection).sequential - start.sequential
                }
            }
            let swapID = try await server.pool.withConnection { DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: $0)) }
            let steps: [(String, MarketplaceCaller, @Sendable (PostgresConnection) throws -> MarketplaceAction)] = [
                ("supply", pickUpCaller, { _ in .supply(ShiftID(rawValue: shift)) }),
                ("revoke", pickUpCaller, { _ in .revoke(ShiftID(rawValue: shift)) }),
                ("propose a swap", pickUpCaller, { _ in .proposeSwap(offered: ShiftID(rawValue: shift), wanted: ShiftID(rawValue: annasShift), newDealID: swapID) }),
                ("accept the swap", annaCaller, { _ in .acceptSwap(swapID) }),
                ("approve the swap", managerCaller, { _ in .approve(swapID, note: "fine") }),
                ("unassign", managerCaller, { _ in .unassign(ShiftID(rawValue: shift), note: nil) }),
                ("assign", managerCaller, { _ in .assign(ShiftID(rawValue: shift), to: UserID(rawValue: bram.userID), override: nil) }),
            ]
            for (name, caller, makeAction) in steps {
                #expect(try await sequentialScans(caller, makeAction) == 0, "\(name) scanned the shifts table")
            }
            let owners = try await server.pool.query("SELECT id, owner_id FROM shifts WHERE id = ANY($1) ORDER BY id", [[shift, annasShift]])
                .map { try $0.decode("owner_id", as: Int64.self) }
            #expect(owners == [bram.userID, bram.userID], "after the swap and the assign bram holds both shifts")
        }
    }
}
