import Foundation

/// A scheduled shift that was not worked as planned.
public struct ScheduleDeviation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case lateArrival = "late_arrival"
        case earlyLeave = "early_leave"
        case noShow = "no_show"
    }

    public var shiftID: ShiftID
    /// Local date on which the shift starts.
    public var date: LocalDate
    public var kind: Kind
    /// Minutes late / early; the whole shift length for a no-show.
    public var minutes: Int
}
