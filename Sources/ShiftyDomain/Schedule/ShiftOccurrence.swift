import Foundation

/// One concrete shift generated from a `FixedShift`.
public struct ShiftOccurrence: Sendable, Hashable, Codable {
    public var fixedShiftID: FixedShiftID
    public var owner: UserID
    /// The workplace-local date the shift starts on (the rule's weekday).
    public var date: LocalDate
    public var start: Date
    public var end: Date
    public var positionLabel: String?

    public init(fixedShiftID: FixedShiftID, owner: UserID, date: LocalDate, start: Date, end: Date, positionLabel: String?) {
        self.fixedShiftID = fixedShiftID
        self.owner = owner
        self.date = date
        self.start = start
        self.end = end
        self.positionLabel = positionLabel
    }
}
