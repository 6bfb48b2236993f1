import Foundation
import Logging
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// The marketplace: the one way in for the routes, tools and benchmarks alike. Every change goes
/// through `MarketplaceExecutor` (and so through `Marketplace.apply`), every view is
/// workplace-scoped, and "now" is the application's clock.
public struct MarketplaceService: Sendable {
    let pool: PostgresPool
    let executor: MarketplaceExecutor

    public init(pool: PostgresPool, logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.executor = MarketplaceExecutor(pool: pool, logger: logger, clock: clock)
    }

    var clock: @Sendable () -> Date { executor.clock }

    // MARK: Actions

    package func perform(_ caller: AuthenticatedUser, _ action: MarketplaceAction) async throws -> ShiftyAPI.MarketplaceActionResult {
        try await result(of: try await executor.perform(MarketplaceCaller(caller), action), caller: caller)
    }

    package func pickUp(_ caller: AuthenticatedUser, shiftID: Int64) async throws -> ShiftyAPI.MarketplaceActionResult {
        let transition = try await executor.perform(MarketplaceCaller(caller)) { connection in
            .pickUp(ShiftID(rawValue: shiftID), newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }
        return try await result(of: transition, caller: caller)
    }

    package func acceptSuggestion(_ caller: AuthenticatedUser, requestID: Int64, shiftID: Int64) async throws -> ShiftyAPI.MarketplaceActionResult {
        let transition = try await executor.perform(MarketplaceCaller(caller)) { connection in
            // The shift must be suggested to this request; otherwise it is not a suggestion here.
            let suggestedTo = try connection.query(
                "SELECT request_id FROM shifts WHERE id = \(shiftID) AND workplace_id = \(caller.workplaceID)").first?.decode("request_id", as: Int64?.self)
            if let suggestedTo, suggestedTo != requestID {
                throw MarketplaceRefusal(.shiftNotSuggested, .init(shift: ShiftID(rawValue: shiftID), request: RequestID(rawValue: requestID)))
            }
            return .acceptSuggestion(
                ShiftID(rawValue: shiftID), newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }
        return try await result(of: transition, caller: caller)
    }

    package func proposeSwap(_ caller: AuthenticatedUser, _ body: ShiftyAPI.ProposeSwapBody) async throws -> ShiftyAPI.MarketplaceActionResult {
        let transition = try await executor.perform(MarketplaceCaller(caller)) { connection in
            .proposeSwap(
                offered: ShiftID(rawValue: body.offeredShiftId), wanted: ShiftID(rawValue: body.wantedShiftId),
                newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }
        return try await result(of: transition, caller: caller)
    }

    package func postRequests(_ caller: AuthenticatedUser, _ body: ShiftyAPI.PostRequestsBody) async throws -> ShiftyAPI.MarketplaceActionResult {
        var dates: [LocalDate] = []
        for (index, text) in body.dates.enumerated() {
            guard let date = LocalDate(text) else { throw MarketplaceQueryRefusal.malformedRequestDate(index: index) }
            dates.append(date)
        }
        let chosen = dates
        let transition = try await executor.perform(MarketplaceCaller(caller)) { connection in
            // Reserve ids only for a sane number of dates; the domain refuses the rest with its own code.
            let reservable = chosen.count <= Marketplace.maximumRequestDates ? chosen : []
            var drafts: [NewRequest] = []
            for date in reservable {
                drafts.append(NewRequest(id: RequestID(rawValue: try MarketplaceStore.reserveID(table: "requests", on: connection)), date: date))
            }
            if reservable.isEmpty, !chosen.isEmpty {
                drafts = chosen.enumerated().map { NewRequest(id: RequestID(rawValue: Int64($0.offset + 1)), date: $0.element) }
            }
            return .postRequests(drafts)
        }
        return try await result(of: transition, caller: caller)
    }

    /// The views of what a transition changed.
    package func result(of transition: Transition, caller: AuthenticatedUser) async throws -> ShiftyAPI.MarketplaceActionResult {
        let workplaceID = caller.workplaceID
        let shiftIDs = Array(Set(transition.shiftChanges.map(\.shiftID.rawValue))).sorted()
        let requestIDs = Array(Set(transition.requestChanges.map(\.to.id.rawValue))).sorted()
        let dealID = transition.deal?.id.rawValue
        return try await pool.withConnection { connection in
            let shifts = try connection.query(
                "\(sql: ShiftStore.select) WHERE s.id = ANY(\(shiftIDs)) AND s.workplace_id = \(workplaceID) ORDER BY s.starts_at, s.id").map(ShiftyAPI.MarketShift.init(row:))
            let deal = try dealID.flatMap {
                try MarketplaceQueries.deals(workplaceID: workplaceID, condition: "d.id = \($0)", on: connection).first
            }
            let requests = requestIDs.isEmpty ? [] : try MarketplaceQueries.requests(
                workplaceID: workplaceID, ids: requestIDs, now: clock(), on: connection)
            return ShiftyAPI.MarketplaceActionResult(deal: deal, shifts: shifts, requests: requests)
        }
    }

    // MARK: Views

    /// Shifts on offer, each marked with whether the caller is qualified for its position.
    package func marketplace(_ caller: AuthenticatedUser) async throws -> [ShiftyAPI.MarketShift] {
        try await pool.withConnection { [clock] connection in
            let viewer = UserID(rawValue: caller.id)
            let tracked = try MarketplaceStore.trackedPositions(workplaceID: caller.workplaceID, on: connection)
            let qualified = try MarketplaceStore.qualifications(of: [viewer], on: connection)[viewer] ?? []
            return try MarketplaceQueries.supplied(workplaceID: caller.workplaceID, now: clock(), on: connection).map { shift in
                var shift = shift
                shift.viewerQualified = shift.position.map { !tracked.contains($0) || qualified.contains($0) } ?? true
                return shift
            }
        }
    }

    package func openRequests(_ caller: AuthenticatedUser) async throws -> [ShiftyAPI.ShiftRequest] {
        try await pool.withConnection { [clock] in try MarketplaceQueries.requests(workplaceID: caller.workplaceID, now: clock(), on: $0) }
    }

    package func freeDates(_ caller: AuthenticatedUser) async throws -> [FreeDateView] {
        try await pool.withConnection { [clock] in
            try MarketplaceQueries.freeDates(userID: caller.id, workplaceID: caller.workplaceID, now: clock(), on: $0)
        }
    }

    /// The caller's pending deals (as giver or receiver). A read writes nothing: a deal past its
    /// expiry that the maintenance job has not swept yet (it runs every minute) is left out here.
    package func myPendingDeals(_ caller: AuthenticatedUser, page: DealPage) async throws -> [ShiftyAPI.MarketDeal] {
        let now = clock()
        return try await pool.withConnection {
            try MarketplaceQueries.deals(
                workplaceID: caller.workplaceID,
                condition: """
                    d.state IN ('proposed', 'pending_approval') AND d.expires_at > \(now)
                    AND EXISTS (SELECT 1 FROM deal_legs l WHERE l.deal_id = d.id AND (l.giver_id = \(caller.id) OR l.receiver_id = \(caller.id)))
                    """,
                page: page, on: $0)
        }
    }

    /// Deals waiting for a manager; like ``myPendingDeals(_:page:)`` it leaves out (and does not
    /// write) deals past their expiry, which the maintenance job expires.
    package func approvalQueue(_ caller: AuthenticatedUser, page: DealPage) async throws -> [ShiftyAPI.MarketDeal] {
        try caller.requireManager()
        let now = clock()
        return try await pool.withConnection {
            try MarketplaceQueries.deals(
                workplaceID: caller.workplaceID, condition: "d.state = 'pending_approval' AND d.expires_at > \(now)",
                page: page, on: $0)
        }
    }

    package func deal(_ caller: AuthenticatedUser, id: Int64) async throws -> ShiftyAPI.MarketDeal {
        let found = try await pool.withConnection {
            try MarketplaceQueries.deals(workplaceID: caller.workplaceID, condition: "d.id = \(id)", on: $0).first
        }
        guard let found, caller.isManager || found.legs.contains(where: { $0.giverId == caller.id || $0.receiverId == caller.id }) else {
            throw MarketplaceQueryRefusal.dealNotFound
        }
        return found
    }

    /// Every deal with a shift on local dates `[from, until]` (manager only).
    package func trades(_ caller: AuthenticatedUser, from: LocalDate, until: LocalDate, state: String?, page: DealPage) async throws -> [ShiftyAPI.MarketDeal] {
        try caller.requireManager()
        guard from <= until, from.days(until: until) <= MarketplaceQueryRefusal.longestTradesRangeDays else {
            throw MarketplaceQueryRefusal.tradesRangeOutOfRange
        }
        return try await pool.withConnection {
            try MarketplaceQueries.deals(
                workplaceID: caller.workplaceID,
                condition: """
                    EXISTS (SELECT 1 FROM deal_legs l JOIN shifts s ON s.id = l.shift_id
                            WHERE l.deal_id = d.id AND s.local_date BETWEEN \(bind: from.description)::date AND \(bind: until.description)::date)
                    AND (\(bind: state)::text IS NULL OR d.state = \(bind: state))
                    """,
                page: page, on: $0)
        }
    }
}
