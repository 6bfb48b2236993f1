import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// A pick-up the marketplace applied without a deal: the executor broke its own promise (a bug).
struct PickUpMadeNoDeal: Error {
    var shiftID: Int64
}

/// The marketplace without HTTP or a session, for tools and benchmarks: the same executor (load and
/// lock, `Marketplace.apply`, persist with history and events) and the same reads as the routes.
extension MarketplaceService {
    /// `userID` picks up a supplied shift; returns the new deal's id. Refusals throw `MarketplaceRefusal`.
    public func pickUp(shiftID: Int64, by userID: Int64, workplaceID: Int64) async throws -> Int64 {
        let transition = try await executor.perform(MarketplaceCaller(userID: userID, workplaceID: workplaceID, isManager: false)) { connection in
            .pickUp(ShiftID(rawValue: shiftID), newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }
        guard let deal = transition.deal else { throw PickUpMadeNoDeal(shiftID: shiftID) }
        return deal.id.rawValue
    }

    /// A manager approves a pending deal (re-checking every rule).
    public func approve(dealID: Int64, by managerID: Int64, workplaceID: Int64, note: String? = nil) async throws {
        try await executor.perform(
            MarketplaceCaller(userID: managerID, workplaceID: workplaceID, isManager: true), .approve(DealID(rawValue: dealID), note: note))
    }

    /// The statements of `GET /api/v1/marketplace`, in order, as the server sends them: the session
    /// lookup (first parameter the token hash), then the shifts on offer (workplace id, now). Benchmarks/Sources/MarketplaceReadBenchmark
    /// runs them through `pgbench -M prepared` beside ``suppliedCount(token:)``, to show what our layer costs.
    public static var marketplaceReadStatements: [String] {
        [SessionStore.lookupStatement(tokenHash: "").sql, MarketplaceQueries.suppliedStatement(workplaceID: 0, now: Date()).sql]
    }

    /// The database work of `GET /api/v1/marketplace` (one pooled connection, rows decoded into the
    /// API's views); how many shifts are on offer, or nil when the token has no session.
    public func suppliedCount(token: String) async throws -> Int? {
        try await pool.withConnection { [self] connection -> Int? in try suppliedCount(token: token, on: connection) }
    }

    /// The same read on a connection the caller holds, on the caller's thread: what the read costs
    /// without the pool's hand-off to its own threads.
    public func suppliedCount(token: String, on connection: PostgresConnection) throws -> Int? {
        guard let caller = try SessionStore.lookup(token: token, presentedAs: .bearer, on: connection) else { return nil }
        return try MarketplaceQueries.supplied(workplaceID: caller.workplaceID, now: clock(), on: connection).count
    }
}
