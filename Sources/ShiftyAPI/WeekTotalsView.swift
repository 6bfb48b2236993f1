import Foundation

/// One ISO week of a plan's totals (openapi.yaml `WeekTotals`): the week, each person, each day.
/// Minutes are scheduled minutes (breaks included) of shifts by the day they start; open shifts
/// (released, nobody covers them) count for nobody and are counted apart in `openShifts`. Cost
/// is in cents of the plan's `currency`, from the wages managers set; a shift whose holder has no
/// wage on its date is counted in `uncostedShifts` instead.
public struct WeekTotalsView: Codable, Sendable, Hashable {
    /// The week's Monday, `YYYY-MM-DD`.
    public var monday: String
    /// The week's first and last date inside the plan's range (a whole week: Monday and Sunday).
    public var from: String
    public var to: String
    public var minutes: Int
    /// Distinct people with a shift in the week.
    public var headcount: Int
    public var openShifts: Int
    public var people: [Person]
    public var days: [Day]
    public var costCents: Int
    public var uncostedShifts: Int
    /// The workplace's weekly labour budget; absent without one.
    public var budgetCents: Int?
    /// The week costs more than the budget (a whole week only).
    public var overBudget: Bool

    public init(
        monday: String, from: String, to: String, minutes: Int, headcount: Int, openShifts: Int, people: [Person], days: [Day],
        costCents: Int = 0, uncostedShifts: Int = 0, budgetCents: Int? = nil, overBudget: Bool = false
    ) {
        self.monday = monday
        self.from = from
        self.to = to
        self.minutes = minutes
        self.headcount = headcount
        self.openShifts = openShifts
        self.people = people
        self.days = days
        self.costCents = costCents
        self.uncostedShifts = uncostedShifts
        self.budgetCents = budgetCents
        self.overBudget = overBudget
    }

    /// One person's week: scheduled against contract and weekly limit.
    public struct Person: Codable, Sendable, Hashable {
        public var userId: Int64
        public var name: String
        public var minutes: Int
        public var shifts: Int
        /// Contract hours per week in minutes; absent without a contract.
        public var contractMinutes: Int?
        /// The weekly hour limit that applies (their own or the workplace's), in minutes; absent without one.
        public var weeklyLimitMinutes: Int?
        /// Scheduled more than the contract (judged on a whole week only).
        public var overContract: Bool
        /// Scheduled more than the weekly limit (the `max_weekly_hours` rule's sum).
        public var overLimit: Bool
        /// What their costed shifts cost; absent when no wage of theirs applies in the week.
        public var costCents: Int?
        public var uncostedShifts: Int

        public init(
            userId: Int64, name: String, minutes: Int, shifts: Int, contractMinutes: Int? = nil, weeklyLimitMinutes: Int? = nil,
            overContract: Bool, overLimit: Bool, costCents: Int? = nil, uncostedShifts: Int = 0
        ) {
            self.costCents = costCents
            self.uncostedShifts = uncostedShifts
            self.userId = userId
            self.name = name
            self.minutes = minutes
            self.shifts = shifts
            self.contractMinutes = contractMinutes
            self.weeklyLimitMinutes = weeklyLimitMinutes
            self.overContract = overContract
            self.overLimit = overLimit
        }
    }

    /// One date: distinct people working (two shifts of one person count once) and their minutes.
    public struct Day: Codable, Sendable, Hashable {
        public var date: String
        public var headcount: Int
        public var minutes: Int
        public var openShifts: Int
        public var costCents: Int
        public var uncostedShifts: Int

        public init(date: String, headcount: Int, minutes: Int, openShifts: Int, costCents: Int = 0, uncostedShifts: Int = 0) {
            self.costCents = costCents
            self.uncostedShifts = uncostedShifts
            self.date = date
            self.headcount = headcount
            self.minutes = minutes
            self.openShifts = openShifts
        }
    }
}
