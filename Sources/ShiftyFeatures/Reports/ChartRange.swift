import ShiftyDomain

/// Seed 004's time filters: the last 7 days, the last 30 days, everything; plus one month.
public enum ChartRange: Sendable, Hashable {
    case last7Days
    case last30Days
    case month(ReportMonth)
    case all

    /// Parses `range` (`7d`, `30d`, `month`, `all`) with `month` for the month range.
    public init?(range: String, month: String?) {
        switch range {
        case "7d", "last7": self = .last7Days
        case "30d", "last30": self = .last30Days
        case "all": self = .all
        case "month":
            guard let month = month.flatMap(ReportMonth.init) else { return nil }
            self = .month(month)
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .last7Days: "7d"
        case .last30Days: "30d"
        case .month: "month"
        case .all: "all"
        }
    }

    /// The dates covered, ending today for the rolling ranges. `all` starts at `earliest`
    /// (the first punch), at most three years back.
    public func dates(today: LocalDate, earliest: LocalDate?) -> (first: LocalDate, last: LocalDate) {
        switch self {
        case .last7Days: (today.adding(days: -6), today)
        case .last30Days: (today.adding(days: -29), today)
        case .month(let month): (month.firstDate, month.lastDate)
        case .all: (max(earliest ?? today, today.adding(days: -3 * 366)), today)
        }
    }
}
