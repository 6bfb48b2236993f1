import Foundation

/// A manager's plan of a range of dates (openapi.yaml `SchedulePlan`): `GET /api/v1/plan`. The
/// published shifts in the team schedule's shape, and the totals a manager plans with. Managers
/// only: later slices add drafts and cost here, which no member route may show.
public struct SchedulePlanView: Codable, Sendable, Hashable {
    /// First and last local date, `YYYY-MM-DD`, both included.
    public var from: String
    public var to: String
    /// The range's shifts (cancelled ones left out), as `GET /team-schedule` lists them.
    public var shifts: [MarketShift]
    public var totals: PlanTotalsView
    /// The workplace's staffing needs against the range's shifts, by date, position and start
    /// (empty when the workplace set none: `GET/PUT /coverage-needs`).
    public var coverage: [CoverageSegmentView]

    public init(from: String, to: String, shifts: [MarketShift], totals: PlanTotalsView, coverage: [CoverageSegmentView] = []) {
        self.from = from
        self.to = to
        self.shifts = shifts
        self.totals = totals
        self.coverage = coverage
    }
}

/// The plan's totals (openapi.yaml `PlanTotals`): one entry per ISO week the range touches.
public struct PlanTotalsView: Codable, Sendable, Hashable {
    public var weeks: [WeekTotalsView]

    public init(weeks: [WeekTotalsView]) {
        self.weeks = weeks
    }
}
