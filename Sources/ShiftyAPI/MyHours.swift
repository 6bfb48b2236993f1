/// "My hours" for one month (`GET /api/v1/timeclock/my-hours`), reduced to what `shifty hours` shows:
/// each day worked against scheduled, the month's totals and the overtime so far.
public struct MyHours: Decodable, Sendable, Hashable {
    /// One day of the month with what needs a look (late, a missing check-out…).
    public struct Entry: Decodable, Sendable, Hashable {
        public var day: Day
        public var attention: [String]

        public init(day: Day, attention: [String] = []) {
            self.day = day
            self.attention = attention
        }
    }

    /// The timeclock's verdict on one local day.
    public struct Day: Decodable, Sendable, Hashable {
        public var date: String
        /// `present`, `absent`, `odd_punches`, `day_off`, `upcoming`, `not_scheduled` or `not_employed`.
        public var status: String
        public var workedMinutes: Int
        public var breakMinutes: Int
        public var paidMinutes: Int
        public var scheduledMinutes: Int
        /// `nil` when the day does not count (odd punches, upcoming).
        public var overtimeMinutes: Int?

        public init(date: String, status: String, workedMinutes: Int = 0, breakMinutes: Int = 0, paidMinutes: Int = 0, scheduledMinutes: Int = 0, overtimeMinutes: Int? = nil) {
            self.date = date
            self.status = status
            self.workedMinutes = workedMinutes
            self.breakMinutes = breakMinutes
            self.paidMinutes = paidMinutes
            self.scheduledMinutes = scheduledMinutes
            self.overtimeMinutes = overtimeMinutes
        }
    }

    /// `YYYY-MM`.
    public var month: String
    public var timeZone: String
    public var days: [Entry]
    public var workedMinutes: Int
    public var breakMinutes: Int
    public var paidMinutes: Int
    public var scheduledMinutes: Int
    /// Overtime so far in today's ISO week (floored weekly) and this month (floored monthly).
    public var weekOvertimeMinutes: Int
    public var monthOvertimeMinutes: Int
    public var absences: Int
}
