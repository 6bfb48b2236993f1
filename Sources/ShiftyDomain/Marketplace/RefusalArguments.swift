import Foundation

/// What a refusal or a rule finding names, as values: who, which shift, deal or request, which
/// date or week, how many hours against which limit. The domain writes no sentences; the server's
/// edge words a refusal from its code and these values, in the caller's language, naming a member
/// by their display name (which is why a member stays a ``UserID`` here, never a name or a number
/// in a sentence).
///
/// Each value fills the catalogue placeholder of the same name (`{member}`, `{shift}`, …); a
/// refusal sets only the ones its sentence says.
public struct RefusalArguments: Sendable, Hashable, Codable {
    /// The member the refusal is about: the receiver who breaks a rule, the deactivated counterparty.
    public var member: UserID?
    /// The shift the refusal is about (for a rule: the shift the member would receive).
    public var shift: ShiftID?
    /// A second shift: the one a rule finds in conflict with ``shift``.
    public var otherShift: ShiftID?
    public var deal: DealID?
    public var request: RequestID?
    /// The approved time-off request a shift falls in.
    public var timeOffRequest: Int64?
    /// The date the refusal is about (a request's date, the day of a second shift).
    public var date: LocalDate?
    /// A second date: the date a request is for, where ``date`` is the shift's.
    public var otherDate: LocalDate?
    /// The workplace-local ISO week of a weekly-hours finding.
    public var week: ISOWeek?
    /// When something ends: a deal's expiry.
    public var until: Date?
    /// A limit the action would break (hours, days, characters, dates), as the workplace set it.
    public var limit: Int?
    /// Minutes of work (a member's week), worded as hours.
    public var minutes: Int?
    /// A number of days (working days in a row).
    public var days: Int?
    /// A shift's, deal's or request's state as the API spells it (`supplied`, `approved`, …).
    public var status: String?
    /// A position label, as the workplace wrote it.
    public var position: String?
    /// A weekday, with ``from`` and ``to``: a recurring unavailable time.
    public var weekday: Weekday?
    public var from: LocalTime?
    public var to: LocalTime?
    /// The week of a fixed shift a rule refuses (the refusal of saving a fixed shift names it).
    public var fixedShiftWeek: LocalDate?

    public init(
        member: UserID? = nil, shift: ShiftID? = nil, otherShift: ShiftID? = nil, deal: DealID? = nil,
        request: RequestID? = nil, timeOffRequest: Int64? = nil, date: LocalDate? = nil, otherDate: LocalDate? = nil,
        week: ISOWeek? = nil, until: Date? = nil, limit: Int? = nil, minutes: Int? = nil, days: Int? = nil,
        status: String? = nil, position: String? = nil, weekday: Weekday? = nil, from: LocalTime? = nil,
        to: LocalTime? = nil, fixedShiftWeek: LocalDate? = nil
    ) {
        self.member = member
        self.shift = shift
        self.otherShift = otherShift
        self.deal = deal
        self.request = request
        self.timeOffRequest = timeOffRequest
        self.date = date
        self.otherDate = otherDate
        self.week = week
        self.until = until
        self.limit = limit
        self.minutes = minutes
        self.days = days
        self.status = status
        self.position = position
        self.weekday = weekday
        self.from = from
        self.to = to
        self.fixedShiftWeek = fixedShiftWeek
    }
}

extension RefusalArguments: CustomStringConvertible {
    /// `member=12 shift=5 limit=40`: the values set, for logs and history notes (no sentence).
    public var description: String {
        let values: [(String, String?)] = [
            ("member", member?.description), ("shift", shift?.description), ("otherShift", otherShift?.description),
            ("deal", deal?.description), ("request", request?.description), ("timeOffRequest", timeOffRequest.map { String($0) }),
            ("date", date?.description), ("otherDate", otherDate?.description), ("week", week?.description),
            ("until", until.map { ISO8601DateFormatter().string(from: $0) }), ("limit", limit.map { String($0) }),
            ("minutes", minutes.map { String($0) }), ("days", days.map { String($0) }), ("status", status),
            ("position", position), ("weekday", weekday.map { String($0.rawValue) }), ("from", from?.description),
            ("to", to?.description), ("fixedShiftWeek", fixedShiftWeek?.description),
        ]
        return values.compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
    }
}
