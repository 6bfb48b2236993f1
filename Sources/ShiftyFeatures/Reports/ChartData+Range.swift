import ShiftyAPI

extension ShiftyAPI.ChartData.Range {
    /// The range a chart was drawn for, as the API names it.
    init(_ range: ChartRange) {
        self = switch range {
        case .last7Days: .last7Days
        case .last30Days: .last30Days
        case .month: .month
        case .all: .all
        }
    }
}
