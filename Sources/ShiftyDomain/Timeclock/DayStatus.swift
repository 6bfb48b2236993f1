/// How a day looks on the timeclock; replaces the seed's status strings and its −3 marker.
public enum DayStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Worked (complete punch pairs) on a working day.
    case present
    /// A working day, not closed, without any punch.
    case absent
    /// Some punch has no partner: the day is left out of all totals until a manager fixes it.
    case oddPunches = "odd_punches"
    /// No quota that day (Sunday by default) or the workplace was closed.
    case dayOff = "day_off"
    /// After the `asOf` date: not judged yet.
    case upcoming
}

/// How many days of a month had each status.
public struct DayStatusCounts: Sendable, Hashable, Codable {
    public var present = 0
    public var absent = 0
    public var oddPunches = 0
    public var dayOff = 0
    public var upcoming = 0

    public init() {}

    public subscript(status: DayStatus) -> Int {
        get {
            switch status {
            case .present: present
            case .absent: absent
            case .oddPunches: oddPunches
            case .dayOff: dayOff
            case .upcoming: upcoming
            }
        }
        set {
            switch status {
            case .present: present = newValue
            case .absent: absent = newValue
            case .oddPunches: oddPunches = newValue
            case .dayOff: dayOff = newValue
            case .upcoming: upcoming = newValue
            }
        }
    }
}
