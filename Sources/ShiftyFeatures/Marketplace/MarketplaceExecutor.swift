import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres

/// Runs marketplace actions: load and lock the rows, let `Marketplace.apply` decide, persist the
/// transition with its history and events — all in one database transaction.
///
/// A refusal rolls the transaction back and is thrown as the domain's `MarketplaceRefusal`; the
/// HTTP edge (`ProblemMiddleware`) turns it into a problem with the refusal's code and status.
/// Deadlocks and serialization failures are retried by the pool.
///
/// Its transactions ask PostgreSQL for generic plans (``PostgresPlanCaching/genericPlans``): the
/// loader's and writer's statements take arrays of ids, which the server would otherwise plan
/// afresh on every execution (a third of its CPU per pick-up and approval). Every statement here
/// finds its rows by index with any values; `MarketplaceGenericPlanTests` reads the transaction's
/// own scan counts to keep it so.
struct MarketplaceExecutor: Sendable {
    let pool: PostgresPool
    let logger: Logger
    /// The application's clock (`ServerConfiguration.clock`): what "now" is for every decision, so
    /// a test moves time past a deal's expiry instead of waiting for it.
    let clock: @Sendable () -> Date

    /// Builds the action inside the transaction (so it can reserve new deal/request ids) and runs it.
    @discardableResult
    func perform(
        _ caller: MarketplaceCaller, _ makeAction: @escaping @Sendable (PostgresConnection) throws -> MarketplaceAction
    ) async throws -> Transition {
        do {
            return try await pool.transaction(planCaching: .genericPlans) { [clock] connection in
                let action = try makeAction(connection)
                return try Self.run(action, caller: caller, now: clock(), on: connection)
            }
        } catch let refusal as MarketplaceRefusal {
            if refusal.code == .dealExpired {
                // The deal is past its expiry but no sweep ran yet: expire it now, then refuse.
                _ = try? await expireDue(workplaceID: caller.workplaceID)
            }
            throw refusal
        }
    }

    /// What `makeAction` would answer now, without writing: the same loader (with whole weeks of
    /// the receivers' commitments) and the same `Marketplace.apply`, through `Marketplace.preview`.
    /// Nothing is locked (``MarketplaceLoad/forPreview``): a preview is advice, and the action
    /// itself decides again on locked rows, so a preview never waits for a pick-up or holds one up.
    func preview(
        _ caller: MarketplaceCaller, _ makeAction: @escaping @Sendable (PostgresConnection) throws -> MarketplaceAction
    ) async throws -> (MarketplaceAction, ActionVerdict) {
        try await previewing { connection, now in
            try Self.preview(try makeAction(connection), caller: caller, now: now, on: connection)
        }
    }

    /// Runs `body` on one connection with the clock's now, for one preview or a list of them; the
    /// transaction only reads (and lets `makeAction` of a preview reserve nothing).
    func previewing<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection, Date) throws -> T) async throws -> T {
        try await pool.transaction(planCaching: .genericPlans) { [clock] connection in
            try body(connection, clock())
        }
    }

    /// Decides one preview on a snapshot the caller holds (``previewing(_:)``).
    static func preview(
        _ action: MarketplaceAction, caller: MarketplaceCaller, now: Date, on connection: PostgresConnection
    ) throws -> (MarketplaceAction, ActionVerdict) {
        let (actor, context) = try MarketplaceContextLoader.load(action, caller: caller, now: now, .forPreview, on: connection)
        return (action, Marketplace.preview(action, actor: actor, context: context))
    }

    /// Runs an action whose ids are already known.
    @discardableResult
    func perform(_ caller: MarketplaceCaller, _ action: MarketplaceAction) async throws -> Transition {
        try await perform(caller) { _ in action }
    }

    /// Decides and persists one action on an open transaction, with the schedule-change ledger's
    /// entries it owes (``ScheduleLedger``). `requestedBy` names the member's request a manager's
    /// action carries out (approved time off releasing their shifts), so its entries are exempt.
    static func run(
        _ action: MarketplaceAction, caller: MarketplaceCaller, now: Date, requestedBy: LedgerReason? = nil, on connection: PostgresConnection
    ) throws -> Transition {
        let (actor, context) = try MarketplaceContextLoader.load(action, caller: caller, now: now, .forAction, on: connection)
        switch Marketplace.apply(action, actor: actor, context: context) {
        case .failure(let refusal):
            throw refusal
        case .success(let transition):
            try TransitionWriter.persist(
                transition, action: action, previousDeal: context.deal, workplaceID: caller.workplaceID,
                publication: PublishedWeeks.publication(
                    of: action, transition: transition, actor: UserID(rawValue: caller.userID), context: context),
                on: connection)
            let policy = context.settings.scheduleChanges
            if policy.rule != nil {
                let entries = ScheduleLedger.entries(
                    for: ScheduleChange.of(transition, action: action, context: context, requestedBy: requestedBy), policy: policy, now: now,
                    schedules: context.commitments)
                try ScheduleLedgerStore.record(
                    entries, actorID: caller.userID > 0 ? caller.userID : nil, at: now, workplaceID: caller.workplaceID, on: connection)
            }
            return transition
        }
    }

    /// Expires every pending deal whose earliest shift has started (one workplace, or all);
    /// returns how many expired. Each expiry is its own transaction through `Marketplace.apply`.
    @discardableResult
    func expireDue(workplaceID: Int64? = nil, now: Date? = nil) async throws -> Int {
        let now = now ?? clock()
        let due = try await pool.query(
            """
            SELECT id, workplace_id FROM deals
            WHERE state IN ('proposed', 'pending_approval') AND expires_at <= \(now) AND (\(workplaceID)::bigint IS NULL OR workplace_id = \(workplaceID))
            ORDER BY expires_at LIMIT 1000
            """)
        var expired = 0
        for row in due {
            let dealID = DealID(rawValue: try row.decode("id"))
            let caller = MarketplaceCaller.system(workplaceID: try row.decode("workplace_id"))
            do {
                _ = try await pool.transaction { connection in
                    try Self.run(.expire(dealID), caller: caller, now: now, on: connection)
                }
                expired += 1
            } catch let refusal as MarketplaceRefusal {
                // Decided concurrently: nothing to expire.
                logger.debug("deal not expired", metadata: ["deal": "\(dealID)", "reason": "\(refusal.code.rawValue)"])
            }
        }
        return expired
    }
}
