import Foundation

/// One ISO week of a plan's totals (openapi.yaml `WeekTotals`): the week, each person, each day.
/// Minutes are scheduled minutes (breaks included) of shifts by the day they start; open shifts
/// (released, nobody covers them) count for nobody and are counted apart in `openShifts`.
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

    public init(monday: String, from: String, to: String, minutes: Int, headcount: Int, openShifts: Int, people: [Person], days: [Day]) {
        self.monday = monday
        self.from = from
        self.to = to
        self.minutes = minutes
        self.headcount = headcount
        self.openShifts = openShifts
        self.people = people
        self.days = days
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

        public init(
            userId: Int64, name: String, minutes: Int, shifts: Int, contractMinutes: Int? = nil, weeklyLimitMinutes: Int? = nil,
            overContract: Bool, overLimit: Bool
        ) {
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

        public init(date: String, headcount: Int, minutes: Int, openShifts: Int) {
            self.date = date
            self.headcount = headcount
            self.minutes = minutes
            self.openShifts = openShifts
        }
    }
}
