import Foundation

/// A manager's plan of a range of dates (openapi.yaml `SchedulePlan`): `GET /api/v1/plan`. The
/// shifts as planned (published shifts with the manager's drafts applied) in the team schedule's
/// shape, the drafts, and the totals a manager plans with. Managers only: no member route may
/// show a draft.
public struct SchedulePlanView: Codable, Sendable, Hashable {
    /// First and last local date, `YYYY-MM-DD`, both included.
    public var from: String
    public var to: String
    /// The range's shifts as planned (cancelled ones left out), as `GET /team-schedule` lists them;
    /// a shift removed in a draft is listed (its draft says `removed`) and counts for nobody.
    public var shifts: [MarketShift]
    public var totals: PlanTotalsView
    /// The workplace's staffing needs against the range's shifts, by date, position and start
    /// (empty when the workplace set none: `GET/PUT /coverage-needs`).
    public var coverage: [CoverageSegmentView]
    /// The workplace's plan revision: publish with the one the publish preview answered.
    public var revision: Int64
    /// Drafts in the whole workplace not published yet (the publish bar's count).
    public var unpublishedChanges: Int
    /// The range's drafts: each names its shift in `shifts`, which holds the shift as planned.
    public var drafts: [PlanDraftView]
    /// The currency of the totals' cost (ISO 4217, `GET/PUT /plan/budget`).
    public var currency: String

    public init(
        from: String, to: String, shifts: [MarketShift], totals: PlanTotalsView, coverage: [CoverageSegmentView] = [],
        revision: Int64 = 0, unpublishedChanges: Int = 0, drafts: [PlanDraftView] = [], currency: String = "EUR"
    ) {
        self.currency = currency
        self.from = from
        self.to = to
        self.shifts = shifts
        self.totals = totals
        self.coverage = coverage
        self.revision = revision
        self.unpublishedChanges = unpublishedChanges
        self.drafts = drafts
    }
}

/// The plan's totals (openapi.yaml `PlanTotals`): one entry per ISO week the range touches.
public struct PlanTotalsView: Codable, Sendable, Hashable {
    public var weeks: [WeekTotalsView]

    public init(weeks: [WeekTotalsView]) {
        self.weeks = weeks
    }
}
