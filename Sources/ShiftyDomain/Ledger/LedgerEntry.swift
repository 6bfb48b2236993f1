import Foundation

/// One line of the schedule-change ledger: a change to a member's published shift inside the
/// workplace's notice window (or a rest it made too short), who initiated it, and the premium it
/// owes under the rule in force. A change the member asked for is recorded as exempt, owing nothing.
public struct LedgerEntry: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Hours added: a new shift for the member, or a longer one.
        case added
        /// The same hours at another time.
        case moved
        /// Fewer hours: the shift shortened.
        case cut
        /// The shift is no longer the member's (removed, released or given to someone else).
        case removed
        /// A rest between two of the member's shifts now shorter than the rule's.
        case clopening
    }

    public var member: UserID
    public var shiftID: ShiftID
    public var date: LocalDate
    public var kind: Kind
    public var reason: LedgerReason
    public var before: ShiftInterval?
    public var after: ShiftInterval?
    /// Minutes from the change to the (earlier) start of the shift; never negative.
    public var noticeMinutes: Int
    /// The minutes the change concerns: added, lost, the moved shift's, or the rest's shortfall.
    public var changedMinutes: Int
    /// Minutes of pay owed at the member's wage on `date`.
    public var premiumMinutes: Int
    /// A fixed amount owed, in the workplace's currency.
    public var premiumCents: Int
    /// The rule it was judged by: a preset's name or `custom`.
    public var rule: String

    public init(
        member: UserID, shiftID: ShiftID, date: LocalDate, kind: Kind, reason: LedgerReason, before: ShiftInterval?, after: ShiftInterval?,
        noticeMinutes: Int, changedMinutes: Int, premiumMinutes: Int = 0, premiumCents: Int = 0, rule: String = ""
    ) {
        self.rule = rule
        self.member = member
        self.shiftID = shiftID
        self.date = date
        self.kind = kind
        self.reason = reason
        self.before = before
        self.after = after
        self.noticeMinutes = noticeMinutes
        self.changedMinutes = changedMinutes
        self.premiumMinutes = premiumMinutes
        self.premiumCents = premiumCents
    }

    /// The member asked for the change: recorded, owing nothing.
    public var exempt: Bool { reason.isEmployeeInitiated }
    /// Whether the entry owes anything.
    public var owesPremium: Bool { premiumMinutes > 0 || premiumCents > 0 }

    /// The whole premium in cents: the minutes of pay at `wage` (the member's on the entry's date)
    /// plus the fixed amount; `nil` when minutes are owed and there is no wage to price them.
    public func amountCents(at wage: Wage?) -> Int? {
        guard premiumMinutes > 0 else { return premiumCents }
        return wage.map { $0.cents(forMinutes: premiumMinutes) + premiumCents }
    }
}
