import Foundation
@testable import ShiftyDomain

/// A small in-memory "database" for marketplace tests: it applies transitions the way the
/// server does (conditional updates that must still see the `from` state).
struct MarketplaceWorld {
    static let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")

    static let alice = UserID(rawValue: 160)
    static let bob = UserID(rawValue: 161)
    static let carol = UserID(rawValue: 162)
    static let dave = UserID(rawValue: 163)

    static func id<T: DomainIdentifier>(_ n: Int) -> T {
        T(rawValue: 1_000_000 + Int64(n))
    }

    /// 2026-06-01 08:00 UTC (10:00 in Amsterdam), a Monday.
    static let now = Date(timeIntervalSince1970: 1_780_300_800)

    /// The instant at local `date` `time` in Amsterdam.
    static func at(_ date: String, _ time: String) -> Date {
        amsterdam.instant(on: LocalDate(date)!, at: LocalTime(time)!)
    }

    static func shift(_ n: Int, owner: UserID, _ date: String, _ from: String, _ to: String,
                      status: ShiftStatus = .scheduled, dealID: DealID? = nil, requestID: RequestID? = nil,
                      position: String? = nil) -> OwnedShift {
        var end = at(date, to)
        let start = at(date, from)
        if end <= start { end = amsterdam.instant(on: LocalDate(date)!.adding(days: 1), at: LocalTime(to)!) }
        return OwnedShift(id: id(n), owner: owner, start: start, end: end, status: status, dealID: dealID, requestID: requestID, position: position)
    }

    var now: Date = MarketplaceWorld.now
    var settings = MarketplaceSettings()
    var shifts: [ShiftID: OwnedShift] = [:]
    var deals: [DealID: Deal] = [:]
    var requests: [RequestID: ExtraWorkRequest] = [:]
    var inactive: Set<UserID> = []
    var history: [HistoryEntry] = []
    var trackedPositions: Set<String> = []
    var qualifications: [UserID: Set<String>] = [:]
    var memberHourLimits: [UserID: MemberHourLimits] = [:]
    var timeOff: [UserID: [TimeOffInterval]] = [:]
    var availability: [UserID: [WeeklyAvailability]] = [:]

    mutating func add(_ shift: OwnedShift) { shifts[shift.id] = shift }

    /// Commitments: every non-cancelled shift a user owns, plus shifts they receive in pending deals.
    func commitments() -> [UserID: [ShiftInterval]] {
        var result: [UserID: [ShiftInterval]] = [:]
        for shift in shifts.values where shift.status != .cancelled {
            result[shift.owner, default: []].append(shift.interval)
        }
        for deal in deals.values where deal.state.isPending {
            for leg in deal.legs { if let shift = shifts[leg.shiftID] { result[leg.receiver, default: []].append(shift.interval) } }
        }
        return result
    }

    func context(deal: DealID? = nil, request: RequestID? = nil) -> MarketplaceContext {
        MarketplaceContext(
            now: now, timeZone: MarketplaceWorld.amsterdam, settings: settings, shifts: Array(shifts.values),
            deal: deal.flatMap { deals[$0] }, request: request.flatMap { requests[$0] },
            commitments: commitments(), inactiveUsers: inactive, trackedPositions: trackedPositions,
            qualifications: qualifications, memberHourLimits: memberHourLimits, timeOff: timeOff, availability: availability)
    }

    func context(for action: MarketplaceAction) -> MarketplaceContext {
        switch action {
        case .acceptSwap(let d), .declineSwap(let d), .approve(let d, _, _), .reject(let d, _), .cancel(let d, _), .expire(let d):
            return context(deal: d, request: deals[d]?.requestID)
        case .withdrawRequest(let r), .suggest(_, let r):
            return context(request: r)
        case .acceptSuggestion(let s, _), .withdrawSuggestion(let s):
            return context(request: shifts[s]?.requestID)
        default:
            return context()
        }
    }

    /// Applies `action` and, on success, persists the transition. Returns the refusal code, if any.
    @discardableResult
    mutating func perform(_ action: MarketplaceAction, by actor: MarketplaceActor) -> Result<Transition, MarketplaceRefusal> {
        let result = Marketplace.apply(action, actor: actor, context: context(for: action))
        if case .success(let transition) = result { persist(transition) }
        return result
    }

    mutating func persist(_ transition: Transition) {
        for new in transition.newShifts {
            shifts[new.id] = OwnedShift(id: new.id, owner: new.owner, start: new.start, end: new.end, position: new.position)
        }
        for change in transition.shiftChanges {
            guard let current = shifts[change.shiftID], current.state == change.from else {
                preconditionFailure("stale shift change for \(change.shiftID)")
            }
            var changed = current.with(change.to)
            if change.unassigns { changed.isUnassigned = true }
            if change.assigns { changed.isUnassigned = false }
            shifts[change.shiftID] = changed
        }
        for change in transition.timeChanges {
            guard var current = shifts[change.shiftID], current.interval == change.from else {
                preconditionFailure("stale time change for \(change.shiftID)")
            }
            (current.start, current.end, current.position) = (change.to.start, change.to.end, change.to.position)
            shifts[change.shiftID] = current
        }
        for change in transition.requestChanges {
            requests[change.to.id] = change.to
        }
        if let deal = transition.deal { deals[deal.id] = deal }
        history.append(contentsOf: transition.history)
    }
}

extension Result where Failure == MarketplaceRefusal {
    /// "ok" or the refusal code, for table comparisons.
    var outcome: String {
        switch self {
        case .success: "ok"
        case .failure(let refusal): refusal.code.rawValue
        }
    }
}
