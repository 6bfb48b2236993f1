import Foundation

/// "My hours" for one month (openapi.yaml `MyHours`): `GET /api/v1/timeclock/my-hours`. Each day
/// judged by the timeclock against the schedule, the month's totals, the overtime so far, the
/// member's employment terms and the approvals touching the month. The server encodes this type
/// and the terminal decodes it (`shifty hours`).
public struct MyHours: Codable, Sendable, Hashable {
    /// One day of the month with what needs a look (openapi.yaml `TimesheetDay`; a manager's
    /// timesheet review writes its days in the same shape).
    public struct Entry: Codable, Sendable, Hashable {
        public var day: Day
        public var attention: [Attention]
        /// Minutes late / early beyond the workplace's tolerance (the largest of the day), 0 when neither.
        public var lateMinutes: Int
        public var earlyMinutes: Int

        public init(day: Day, attention: [Attention] = [], lateMinutes: Int = 0, earlyMinutes: Int = 0) {
            self.day = day
            self.attention = attention
            self.lateMinutes = lateMinutes
            self.earlyMinutes = earlyMinutes
        }
    }

    /// The timeclock's verdict on one local day (openapi.yaml `TimeclockDay`).
    public struct Day: Codable, Sendable, Hashable {
        public var date: String
        public var status: Status
        /// Check-in to check-out (breaks included).
        public var workedMinutes: Int
        public var breakMinutes: Int
        /// Worked − break: what overtime is measured on.
        public var paidMinutes: Int
        public var scheduledMinutes: Int
        /// Whether the member was expected to work: without punches the day is an absence.
        public var expected: Bool
        /// The day's quota; `nil` on a day off.
        public var quotaMinutes: Int?
        /// `nil` when the day does not count (odd punches, upcoming).
        public var overtimeMinutes: Int?
        /// 1440, or 1380 / 1500 on DST change days.
        public var lengthMinutes: Int
        public var isClosed: Bool

        public init(
            date: String, status: Status, workedMinutes: Int = 0, breakMinutes: Int = 0, paidMinutes: Int = 0, scheduledMinutes: Int = 0,
            expected: Bool = false, quotaMinutes: Int? = nil, overtimeMinutes: Int? = nil, lengthMinutes: Int = 1440, isClosed: Bool = false
        ) {
            self.date = date
            self.status = status
            self.workedMinutes = workedMinutes
            self.breakMinutes = breakMinutes
            self.paidMinutes = paidMinutes
            self.scheduledMinutes = scheduledMinutes
            self.expected = expected
            self.quotaMinutes = quotaMinutes
            self.overtimeMinutes = overtimeMinutes
            self.lengthMinutes = lengthMinutes
            self.isClosed = isClosed
        }
    }

    /// The member's employment terms (openapi.yaml `Employment`): the same type as `GET /users/{id}/employment` answers.
    public typealias Employment = EmploymentView

    /// An approved period of the member (openapi.yaml `Approval`): the same type as the timesheet approvals answer.
    public typealias Approval = ApprovalView

    public var userID: Int64
    /// `YYYY-MM`.
    public var month: String
    public var timeZone: String
    /// The last day judged so far (today) while the month is not over; `nil` for a past month.
    public var judgedThrough: String?
    public var days: [Entry]
    public var workedMinutes: Int
    public var breakMinutes: Int
    public var paidMinutes: Int
    public var scheduledMinutes: Int
    /// Overtime so far in today's ISO week (floored weekly) and this month (floored monthly).
    public var weekOvertimeMinutes: Int
    public var monthOvertimeMinutes: Int
    public var absences: Int
    public var employment: Employment
    /// Approvals touching the month (locked or unlocked).
    public var approvals: [Approval]

    public init(
        userID: Int64, month: String, timeZone: String, judgedThrough: String? = nil, days: [Entry], workedMinutes: Int, breakMinutes: Int,
        paidMinutes: Int, scheduledMinutes: Int, weekOvertimeMinutes: Int, monthOvertimeMinutes: Int, absences: Int, employment: Employment,
        approvals: [Approval]
    ) {
        self.userID = userID
        self.month = month
        self.timeZone = timeZone
        self.judgedThrough = judgedThrough
        self.days = days
        self.workedMinutes = workedMinutes
        self.breakMinutes = breakMinutes
        self.paidMinutes = paidMinutes
        self.scheduledMinutes = scheduledMinutes
        self.weekOvertimeMinutes = weekOvertimeMinutes
        self.monthOvertimeMinutes = monthOvertimeMinutes
        self.absences = absences
        self.employment = employment
        self.approvals = approvals
    }
}

extension MyHours.Entry {
    /// Why a day needs a look before it is approved (openapi.yaml `TimesheetDay.attention`).
    public enum Attention: APIWord {
        /// Punches without a partner: the day is left out of the totals until fixed.
        case oddPunches
        /// The day's last punch is a check-in.
        case missingCheckOut
        /// Worked on a day the member was not expected.
        case workedWithoutShift
        /// A scheduled shift without any punch.
        case shiftWithoutPunches
        case late
        case early
        /// A reason of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.oddPunches, .missingCheckOut, .workedWithoutShift, .shiftWithoutPunches, .late, .early]

        public var rawValue: String {
            switch self {
            case .oddPunches: "odd_punches"
            case .missingCheckOut: "missing_check_out"
            case .workedWithoutShift: "worked_without_shift"
            case .shiftWithoutPunches: "shift_without_punches"
            case .late: "late"
            case .early: "early"
            case .unknown(let word): word
            }
        }
    }
}

extension MyHours.Day {
    /// How the timeclock judged a day (openapi.yaml `TimeclockDay.status`).
    public enum Status: APIWord {
        /// Worked on a working day.
        case present
        /// Expected to work, and no punch at all.
        case absent
        /// Some punch has no partner: the day counts for nothing until a manager fixes it.
        case oddPunches
        /// No quota that day, or the workplace was closed.
        case dayOff
        /// Not judged yet.
        case upcoming
        /// A quota day the member was not scheduled on and did not work.
        case notScheduled
        /// Outside the member's employment.
        case notEmployed
        /// A status of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.present, .absent, .oddPunches, .dayOff, .upcoming, .notScheduled, .notEmployed]

        public var rawValue: String {
            switch self {
            case .present: "present"
            case .absent: "absent"
            case .oddPunches: "odd_punches"
            case .dayOff: "day_off"
            case .upcoming: "upcoming"
            case .notScheduled: "not_scheduled"
            case .notEmployed: "not_employed"
            case .unknown(let word): word
            }
        }
    }
}
