import Foundation

/// One entry of the schedule-change ledger as managers see it (openapi.yaml `LedgerEntry`): in a
/// manager's previews (what the change would owe, before confirming), the publish preview, the
/// ledger report and a waiver's answer. A change the member asked for is `exempt` and owes nothing.
public struct LedgerEntryView: Codable, Sendable, Hashable {
    /// The stored entry's id; absent in previews (nothing is recorded yet).
    public var id: Int64?
    public var userId: Int64
    public var userName: String
    public var shiftId: Int64
    /// The shift's workplace-local date (`2026-12-04`).
    public var date: String
    /// `added`, `moved`, `cut`, `removed` or `clopening`.
    public var change: String
    /// Why: `published`, `manager_change` (the employer's), or `pick_up`, `swap`, `suggestion`,
    /// `supplied`, `time_off` (the member's: exempt).
    public var reason: String
    public var exempt: Bool
    /// The shift as the member had it and as they have it now (absent for a shift new or lost to them).
    public var before: Span?
    public var after: Span?
    /// Minutes from the change to the shift's (earlier) start.
    public var noticeMinutes: Int
    /// The minutes the change concerns: added, lost, the moved shift's, or the shortened rest's.
    public var changedMinutes: Int
    /// Minutes of pay owed at the member's wage, and a fixed amount owed.
    public var premiumMinutes: Int
    public var premiumCents: Int
    /// The whole premium in cents of `currency` (minutes at the wage on `date`, plus the fixed
    /// amount); absent when minutes are owed and the member has no wage that day.
    public var amountCents: Int?
    public var currency: String
    /// The rule it was judged by (a preset's name or `custom`).
    public var rule: String
    public var recordedAt: String?
    public var waived: Waiver?

    /// An interval of a shift.
    public struct Span: Codable, Sendable, Hashable {
        @ISO8601Date public var startsAt: Date
        @ISO8601Date public var endsAt: Date

        public init(startsAt: Date, endsAt: Date) {
            self.startsAt = startsAt
            self.endsAt = endsAt
        }
    }

    /// A manager's decision that the entry owes nothing after all, with why.
    public struct Waiver: Codable, Sendable, Hashable {
        public var by: Int64
        public var byName: String
        public var at: String
        public var reason: String

        public init(by: Int64, byName: String, at: String, reason: String) {
            self.by = by
            self.byName = byName
            self.at = at
            self.reason = reason
        }
    }

    public init(
        id: Int64? = nil, userId: Int64, userName: String, shiftId: Int64, date: String, change: String, reason: String, exempt: Bool,
        before: Span?, after: Span?, noticeMinutes: Int, changedMinutes: Int, premiumMinutes: Int, premiumCents: Int, amountCents: Int?,
        currency: String, rule: String, recordedAt: String? = nil, waived: Waiver? = nil
    ) {
        self.id = id
        self.userId = userId
        self.userName = userName
        self.shiftId = shiftId
        self.date = date
        self.change = change
        self.reason = reason
        self.exempt = exempt
        self.before = before
        self.after = after
        self.noticeMinutes = noticeMinutes
        self.changedMinutes = changedMinutes
        self.premiumMinutes = premiumMinutes
        self.premiumCents = premiumCents
        self.amountCents = amountCents
        self.currency = currency
        self.rule = rule
        self.recordedAt = recordedAt
        self.waived = waived
    }
}
