import Foundation

/// A day the workplace is closed (a public holiday, a stocktaking day): generation makes no shifts
/// on it, and closing it removes the shifts generation made for it that nobody has touched.
public struct ClosedDay: Sendable, Hashable, Codable {
    public var date: LocalDate
    /// One line, 1 to ``ClosedDayDecider/maximumNameLength`` characters ("Koningsdag").
    public var name: String

    public init(date: LocalDate, name: String) {
        self.date = date
        self.name = name
    }
}

/// A shift on a day being closed, as the closing rule sees it.
public struct ShiftOnClosedDay: Sendable, Hashable, Codable {
    public var id: ShiftID
    public var start: Date
    public var status: ShiftStatus
    /// Made by generation from a fixed shift (not by hand).
    public var isGenerated: Bool
    /// A person changed it since generation made it (traded, reassigned, edited).
    public var isTouched: Bool

    public init(id: ShiftID, start: Date, status: ShiftStatus, isGenerated: Bool, isTouched: Bool) {
        self.id = id
        self.start = start
        self.status = status
        self.isGenerated = isGenerated
        self.isTouched = isTouched
    }
}

/// What closing one day does to the shifts on it.
public struct ClosedDayClosing: Sendable, Hashable, Codable {
    public var day: ClosedDay
    /// The shifts that go; their owners are told.
    public var removed: [ShiftID]
    /// The shifts on that day that stay (a person decided those, or they already started).
    public var kept: [ShiftID]

    public init(day: ClosedDay, removed: [ShiftID], kept: [ShiftID]) {
        self.day = day
        self.removed = removed
        self.kept = kept
    }
}
