import Foundation

/// Staffing a workplace needs on one weekday: from `start` to `end`, `headcount` people of
/// `position` (nil: anyone). "Bar, 2 people, Friday 17:00–23:00".
///
/// An `end` at or before `start` ends on the next day (a bar open until 02:00), so a need is
/// always a window of 1 minute to 24 hours that begins on its weekday; equal times are refused
/// rather than read as a whole day, because a typo must not silently ask for 24 hours of staff.
public struct CoverageNeed: Sendable, Hashable {
    public let weekday: Weekday
    public let start: LocalTime
    public let end: LocalTime
    public let position: String?
    public let headcount: Int

    /// A need's headcount is people on the floor at once; beyond this it is a typo.
    public static let maximumHeadcount = 500

    public init(weekday: Weekday, start: LocalTime, end: LocalTime, position: String?, headcount: Int) throws(CoverageNeedRefusal) {
        guard start != end else { throw .emptyWindow }
        guard (1...Self.maximumHeadcount).contains(headcount) else { throw .headcountOutOfRange }
        let trimmed = position?.trimmingCharacters(in: .whitespacesAndNewlines)
        let label = trimmed?.isEmpty == false ? trimmed : nil
        if let label {
            guard label.count <= FixedShift.maximumPositionLabelLength else { throw .positionTooLong }
            guard !SingleLine.hasControlCharacters(label) else { throw .positionNotOneLine }
        }
        self.weekday = weekday
        self.start = start
        self.end = end
        self.position = label
        self.headcount = headcount
    }

    /// Whether the window runs past midnight into the next day.
    public var endsNextDay: Bool { end <= start }

    /// Minutes from start to end (1…1440).
    public var durationMinutes: Int {
        let minutes = end.minutesSinceMidnight - start.minutesSinceMidnight
        return minutes > 0 ? minutes : minutes + LocalTime.minutesPerDay
    }

    /// Whether a shift of `shiftPosition` counts toward this need: an "anyone" need counts every
    /// shift; a position's need counts shifts of that position, compared without case because the
    /// labels are typed by managers ("Bar" and "bar" are one station).
    public func isStaffed(byPosition shiftPosition: String?) -> Bool {
        guard let position else { return true }
        guard let shiftPosition else { return false }
        return position.caseInsensitiveCompare(shiftPosition) == .orderedSame
    }

    /// The key a need's segments are grouped by: its position without case, "" for anyone.
    var positionKey: String { position?.lowercased() ?? "" }
}
