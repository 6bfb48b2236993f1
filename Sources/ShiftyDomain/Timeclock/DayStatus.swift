/// How a day looks on the timeclock; replaces the seed's status strings and its −3 marker.
public enum DayStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Worked (complete punch pairs) on a working day.
    case present
    /// An expected day (scheduled, or a quota day for a fixed-quota member) without any punch.
    case absent
    /// Some punch has no partner: the day is left out of all totals until a manager fixes it.
    case oddPunches = "odd_punches"
    /// No quota that day (Sunday by default) or the workplace was closed.
    case dayOff = "day_off"
    /// After the `asOf` date: not judged yet.
    case upcoming
    /// A day with a contract quota on which the member was not scheduled and did not work: no
    /// absence; for contract hours it still counts against the week.
    case notScheduled = "not_scheduled"
    /// Before the employment start or after its end: never an absence and no quota; time
    /// worked anyway is paid like work on a day off.
    case notEmployed = "not_employed"
}

/// How many days of a month had each status.
public struct DayStatusCounts: Sendable, Hashable, Codable {
    public var present = 0
    public var absent = 0
    public var oddPunches = 0
    public var dayOff = 0
    public var upcoming = 0
    public var notScheduled = 0
    public var notEmployed = 0

    public init() {}

    public subscript(status: DayStatus) -> Int {
        get {
            switch status {
            case .present: present
            case .absent: absent
            case .oddPunches: oddPunches
            case .dayOff: dayOff
            case .upcoming: upcoming
            case .notScheduled: notScheduled
            case .notEmployed: notEmployed
            }
        }
        set {
            switch status {
            case .present: present = newValue
            case .absent: absent = newValue
            case .oddPunches: oddPunches = newValue
            case .dayOff: dayOff = newValue
            case .upcoming: upcoming = newValue
            case .notScheduled: notScheduled = newValue
            case .notEmployed: notEmployed = newValue
            }
        }
    }
}
