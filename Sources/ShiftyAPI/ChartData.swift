/// What the charts draw (openapi.yaml `ChartData`, `GET /api/v1/reports/chart`): worked hours per
/// day, optionally smoothed, and hours by position.
public struct ChartData: Codable, Sendable, Hashable {
    /// One local day's worked time.
    public struct Day: Codable, Sendable, Hashable {
        /// `YYYY-MM-DD`.
        public var date: String
        public var workedMinutes: Int

        public init(date: String, workedMinutes: Int) {
            self.date = date
            self.workedMinutes = workedMinutes
        }
    }

    /// Worked and scheduled time of one position over the range.
    public struct Position: Codable, Sendable, Hashable {
        /// Left out for worked time outside any scheduled shift.
        public var position: String?
        public var workedMinutes: Int
        public var scheduledMinutes: Int

        public init(position: String? = nil, workedMinutes: Int, scheduledMinutes: Int) {
            self.position = position
            self.workedMinutes = workedMinutes
            self.scheduledMinutes = scheduledMinutes
        }
    }

    /// The range asked for.
    public var range: Range
    /// First local date, `YYYY-MM-DD`.
    public var from: String
    /// Last local date, `YYYY-MM-DD`.
    public var to: String
    /// Left out for the whole workplace.
    public var userID: Int64?
    public var days: [Day]
    /// Seed 004's smoothing: the daily hours split into 20 equal parts, each averaged (hours).
    /// Only when asked for with `smooth=true`.
    public var smoothedHours: [Double]?
    public var byPosition: [Position]
    public var totalWorkedMinutes: Int

    public init(
        range: Range, from: String, to: String, userID: Int64? = nil, days: [Day], smoothedHours: [Double]? = nil, byPosition: [Position],
        totalWorkedMinutes: Int
    ) {
        self.range = range
        self.from = from
        self.to = to
        self.userID = userID
        self.days = days
        self.smoothedHours = smoothedHours
        self.byPosition = byPosition
        self.totalWorkedMinutes = totalWorkedMinutes
    }
}

extension ChartData {
    /// Seed 004's time filters: the last 7 days, the last 30 days, one month, everything.
    public enum Range: APIWord {
        case last7Days
        case last30Days
        case month
        case all
        /// A range of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.last7Days, .last30Days, .month, .all]

        public var rawValue: String {
            switch self {
            case .last7Days: "7d"
            case .last30Days: "30d"
            case .month: "month"
            case .all: "all"
            case .unknown(let word): word
            }
        }
    }
}
