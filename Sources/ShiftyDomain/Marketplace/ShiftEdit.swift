import Foundation

/// A manager's new time or position for an existing shift (same person, same local date): the
/// shift's id and its times after the edit.
public struct ShiftEdit: Sendable, Hashable, Codable {
    public var id: ShiftID
    public var start: Date
    public var end: Date
    public var position: String?

    public init(id: ShiftID, start: Date, end: Date, position: String? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.position = position
    }

    public var interval: ShiftInterval { ShiftInterval(shiftID: id, start: start, end: end, position: position) }
}

/// One shift's times and position before and after an edit. The server writes `to` only where the
/// row still holds `from` (and is still plainly scheduled), like a `ShiftChange`.
public struct ShiftTimeChange: Sendable, Hashable, Codable {
    public var shiftID: ShiftID
    public var from: ShiftInterval
    public var to: ShiftInterval

    public init(shiftID: ShiftID, from: ShiftInterval, to: ShiftInterval) {
        self.shiftID = shiftID
        self.from = from
        self.to = to
    }
}
