import Foundation

/// One member's side of one change to a published shift: the shift as they had it (`nil`: it was
/// not theirs) and as they have it now (`nil`: it is not theirs any more), and who asked for it.
public struct ScheduleChange: Sendable, Hashable, Codable {
    public var member: UserID
    public var shiftID: ShiftID
    /// The shift's workplace-local date (as it is now, or as it was for a shift the member lost).
    public var date: LocalDate
    public var before: ShiftInterval?
    public var after: ShiftInterval?
    public var reason: LedgerReason

    public init(member: UserID, shiftID: ShiftID, date: LocalDate, before: ShiftInterval?, after: ShiftInterval?, reason: LedgerReason) {
        self.member = member
        self.shiftID = shiftID
        self.date = date
        self.before = before
        self.after = after
        self.reason = reason
    }
}

/// Why a published shift changed, which says who initiated it: the employer (a manager's change,
/// which may owe a premium) or the member (a trade or time off they asked for: recorded, exempt).
public enum LedgerReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// A manager published drafted changes.
    case published
    /// A manager changed the published schedule directly (create, edit, assign, release, remove).
    case managerChange = "manager_change"
    /// The member's shift went to a coworker who picked it up (or they picked one up).
    case pickUp = "pick_up"
    /// Two members swapped shifts.
    case swap
    /// A requester accepted a coworker's suggested shift.
    case suggestion
    /// The member offered the shift on the marketplace and a manager gave it to someone.
    case supplied
    /// Approved time off released the member's shift.
    case timeOff = "time_off"

    /// Whether the member asked for the change (exempt from premiums).
    public var isEmployeeInitiated: Bool {
        switch self {
        case .published, .managerChange: false
        case .pickUp, .swap, .suggestion, .supplied, .timeOff: true
        }
    }

    init(_ kind: DealKind) {
        switch kind {
        case .pickUp: self = .pickUp
        case .swap: self = .swap
        case .suggestionAccepted: self = .suggestion
        }
    }
}

extension ScheduleChange {
    /// The members' changes a decided marketplace transition makes to published shifts, with who
    /// initiated each: a deal's (approved, or agreed where deals need no approval) is its members'; a manager's create, edit, assign, release
    /// or removal is the employer's, except the shift a member had offered themselves (`supplied`)
    /// and a release the member asked for (`requestedBy`, e.g. approved time off).
    public static func of(
        _ transition: Transition, action: MarketplaceAction, context: MarketplaceContext, requestedBy: LedgerReason? = nil
    ) -> [ScheduleChange] {
        let zone = context.timeZone
        var employer = LedgerReason.managerChange
        if let deal = transition.deal { employer = LedgerReason(deal.kind) }
        if let requestedBy { employer = requestedBy }
        var changes: [ScheduleChange] = []
        for shift in transition.newShifts {
            changes.append(ScheduleChange(member: shift.owner, shiftID: shift.id, date: shift.date, before: nil, after: shift.interval, reason: employer))
        }
        for change in transition.shiftChanges {
            guard let shift = context.shifts[change.shiftID] else { continue }
            let interval = shift.interval
            let date = zone.localDate(of: interval.start)
            if change.from.owner != change.to.owner {
                let givenUp = change.from.status == .supplied && !shift.isUnassigned ? LedgerReason.supplied : employer
                changes.append(ScheduleChange(member: change.from.owner, shiftID: shift.id, date: date, before: interval, after: nil, reason: givenUp))
                changes.append(ScheduleChange(member: change.to.owner, shiftID: shift.id, date: date, before: nil, after: interval, reason: employer))
            } else if change.to.status == .cancelled || change.unassigns {
                changes.append(ScheduleChange(member: change.from.owner, shiftID: shift.id, date: date, before: interval, after: nil, reason: employer))
            }
        }
        for change in transition.timeChanges {
            guard let shift = context.shifts[change.shiftID] else { continue }
            changes.append(ScheduleChange(
                member: shift.owner, shiftID: shift.id, date: zone.localDate(of: change.to.start), before: change.from, after: change.to, reason: employer))
        }
        return changes
    }
}
