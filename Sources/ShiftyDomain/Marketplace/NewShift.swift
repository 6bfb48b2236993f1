import Foundation

/// A one-off shift a manager adds (not generated from a fixed shift), with the id the server
/// reserved for it so the domain can name it before it exists.
public struct NewShift: Sendable, Hashable, Codable {
    public var id: ShiftID
    public var owner: UserID
    /// The workplace-local date the shift belongs to.
    public var date: LocalDate
    public var start: Date
    public var end: Date
    public var position: String?

    public init(id: ShiftID, owner: UserID, date: LocalDate, start: Date, end: Date, position: String? = nil) {
        self.id = id
        self.owner = owner
        self.date = date
        self.start = start
        self.end = end
        self.position = position
    }

    public var interval: ShiftInterval { ShiftInterval(shiftID: id, start: start, end: end, position: position) }
}
