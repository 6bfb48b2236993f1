/// A day of the week numbered as ISO 8601 does (1 = Monday … 7 = Sunday).
///
/// ISO numbering is used everywhere (JSON, SQL `EXTRACT(ISODOW …)`) so that no layer has to
/// remember whether the week starts on Sunday.
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case monday = 1
    case tuesday = 2
    case wednesday = 3
    case thursday = 4
    case friday = 5
    case saturday = 6
    case sunday = 7

    /// The ISO day number, 1 = Monday … 7 = Sunday.
    public var isoNumber: Int { rawValue }

    /// English name, used in human-readable messages.
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
