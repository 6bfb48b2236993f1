import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// A public, HTTP-free handle on the marketplace for tools and benchmarks: the same executor
/// (lock, `Marketplace.apply`, persist with history and events) the routes use.
public struct MarketplaceEngine: Sendable {
    let executor: MarketplaceExecutor

    public init(pool: PostgresPool, logger: Logger) {
        executor = MarketplaceExecutor(pool: pool, logger: logger)
    }

    /// `userID` picks up a supplied shift; returns the new deal's id. Refusals throw `MarketplaceRefusal`.
    public func pickUp(shiftID: Int64, by userID: Int64, workplaceID: Int64) async throws -> Int64 {
        let transition = try await executor.perform(MarketplaceCaller(userID: userID, workplaceID: workplaceID, isManager: false)) { connection in
            .pickUp(ShiftID(rawValue: shiftID), newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }
        guard let deal = transition.deal else { throw Problem.notFound("deal") }
        return deal.id.rawValue
    }

    /// A manager approves a pending deal (re-checking every rule).
    public func approve(dealID: Int64, by managerID: Int64, workplaceID: Int64, note: String? = nil) async throws {
        try await executor.perform(
            MarketplaceCaller(userID: managerID, workplaceID: workplaceID, isManager: true), .approve(DealID(rawValue: dealID), note: note))
    }
}
