/// Items grouped by ISO week, for "my schedule grouped by week" (the seed's table sections).
public struct WeekGroup<Item> {
    public var week: ISOWeek
    public var items: [Item]

    public init(week: ISOWeek, items: [Item]) {
        self.week = week
        self.items = items
    }

    /// The section header, e.g. "Week 27".
    public var label: String { week.label }

    /// Groups `items` by the ISO week of `date(item)`: weeks ascending, items in their given
    /// order within a week; weeks without items are left out.
    public static func group(_ items: [Item], by date: (Item) -> LocalDate) -> [WeekGroup<Item>] {
        var order: [ISOWeek] = []
        var buckets: [ISOWeek: [Item]] = [:]
        for item in items {
            let week = date(item).isoWeek
            if buckets[week] == nil { order.append(week) }
            buckets[week, default: []].append(item)
        }
        return order.sorted().map { WeekGroup(week: $0, items: buckets[$0] ?? []) }
    }
}

extension WeekGroup: Sendable where Item: Sendable {}
extension WeekGroup: Equatable where Item: Equatable {}
extension WeekGroup: Hashable where Item: Hashable {}
extension WeekGroup: Codable where Item: Codable {}
