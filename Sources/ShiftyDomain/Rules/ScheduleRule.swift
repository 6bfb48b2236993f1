import Foundation

/// One rule of the rulebook: a condition on the shifts a member would end up with.
///
/// Every change of a shift's owner (trades, approvals, a manager's assignment or one-off shift)
/// is checked against every rule here, in `allCases` order, so the same situation always gives the
/// same answer. A new rule (hour limits, availability, time off, positions) is one new case: its
/// refusal code, its severity, whether a manager may override it, and its check in
/// `Rulebook.findings`.
///
/// A rule is spelled by its refusal code (`overlapping_shift`…: what the history and the stored
/// overrides of fixed shifts say), so the word is written once, in `MarketplaceRefusal.Code`.
public enum ScheduleRule: Sendable, Hashable, Codable, CaseIterable, RawRepresentable {
    /// A member cannot work two shifts at the same instant (half-open intervals: back-to-back is fine).
    case noOverlap
    /// The workplace's setting: at most one shift per member per workplace-local date.
    case onePerDay
    /// A shift for a position the workplace tracks goes only to a member qualified for it.
    case qualification
    /// The workplace's (or member's) longest shift.
    case maxShiftLength
    /// The workplace's (or member's) most hours in one ISO week, pending incoming deals included.
    case maxWeeklyHours
    /// The workplace's (or member's) fewest hours of rest between two shifts.
    case minRest
    /// The workplace's (or member's) most working days in a row.
    case maxConsecutiveDays
    /// The member has approved time off during the shift (severity: the workplace's `timeOffRule`).
    case timeOff
    /// The shift falls in one of the member's recurring unavailable times (severity: the
    /// workplace's `availabilityRule`).
    case availability

    /// The rule's refusal code.
    public var rawValue: String { code.rawValue }

    /// The rule whose refusal code is `rawValue`.
    public init?(rawValue: String) {
        guard let rule = Self.allCases.first(where: { $0.code.rawValue == rawValue }) else { return nil }
        self = rule
    }

    /// The refusal an action gets when this rule refuses it (also the code clients show a sentence for).
    public var code: MarketplaceRefusal.Code {
        switch self {
        case .noOverlap: .overlappingShift
        case .onePerDay: .oneShiftPerDay
        case .qualification: .notQualified
        case .maxShiftLength: .shiftTooLong
        case .maxWeeklyHours: .weeklyHoursExceeded
        case .minRest: .restTooShort
        case .maxConsecutiveDays: .tooManyConsecutiveDays
        case .timeOff: .onTimeOff
        case .availability: .unavailable
        }
    }

    /// Whether a breach refuses the action or only warns about it, unless the workplace's
    /// setting says otherwise (the hour limits carry their own severity; see `RuleFinding.severity`).
    public var severity: RuleSeverity { .refuse }

    /// Whether a manager may break the rule on purpose (`RuleOverride`). Nobody can be in two
    /// places at once, so an overlap is never overridable; one shift per day is the workplace's
    /// policy, which its manager may set aside for one shift with a reason.
    public var isOverridable: Bool {
        switch self {
        case .noOverlap: false
        case .onePerDay, .qualification, .maxShiftLength, .maxWeeklyHours, .minRest, .maxConsecutiveDays, .timeOff,
             .availability:
            true
        }
    }
}

/// What a rule's breach does to an action.
public enum RuleSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    /// The action is refused (unless the rule is overridable and a manager overrides it).
    case refuse
    /// The action goes ahead; the preview shows the warning.
    case warn
}
