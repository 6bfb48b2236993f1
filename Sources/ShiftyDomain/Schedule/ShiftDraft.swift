import Foundation

/// A one-off shift, or the new times of a shift, as a manager typed them: date and time still
/// text, so that reading them is a rule of the domain (each unreadable field refused by name) and
/// not of the wire. A shift created and its preview, a shift edited and its preview, decide on the
/// same shift through it.
public struct ShiftDraft: Sendable, Hashable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// `HH:MM`.
    public var startTime: String
    public var durationMinutes: Int
    /// As typed; empty means none.
    public var position: String?

    public init(date: String, startTime: String, durationMinutes: Int, position: String?) {
        self.date = date
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
    }

    /// The one-off shift for `owner` at its wall-clock time in `zone`, checked field by field in
    /// the order of the body.
    public func shift(id: ShiftID, owner: UserID, in zone: WorkplaceTimeZone) throws(ShiftRefusal) -> NewShift {
        guard let day = LocalDate(date) else { throw .malformedDate(.date) }
        guard let time = LocalTime(startTime) else { throw .malformedStartTime }
        try Self.check(durationMinutes: durationMinutes)
        if let position {
            guard position.count <= FixedShift.maximumPositionLabelLength else { throw .positionTooLong }
            guard !SingleLine.hasControlCharacters(position) else { throw .positionNotOneLine }
        }
        let start = zone.instant(on: day, at: time)
        return NewShift(
            id: id, owner: owner, date: day, start: start, end: start.addingTimeInterval(TimeInterval(durationMinutes * 60)),
            position: position.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Shift `id` on `date` with new times: a start time, a length and a position, each left out
    /// keeping `current`'s (the local date never changes: a shift moves to another day by deleting
    /// and creating it). A position given is trimmed; empty removes it.
    public static func edit(
        _ id: ShiftID, on date: LocalDate, startTime: String, durationMinutes: Int, position given: String?, current position: String?,
        in zone: WorkplaceTimeZone
    ) throws(ShiftRefusal) -> ShiftEdit {
        guard let time = LocalTime(startTime) else { throw .malformedStartTime }
        try check(durationMinutes: durationMinutes)
        var position = position
        if let given {
            let trimmed = given.trimmingCharacters(in: .whitespaces)
            guard trimmed.count <= FixedShift.maximumPositionLabelLength else { throw .positionTooLong }
            guard !SingleLine.hasControlCharacters(trimmed) else { throw .positionNotOneLine }
            position = trimmed.isEmpty ? nil : trimmed
        }
        let start = zone.instant(on: date, at: time)
        return ShiftEdit(id: id, start: start, end: start.addingTimeInterval(TimeInterval(durationMinutes * 60)), position: position)
    }

    private static func check(durationMinutes: Int) throws(ShiftRefusal) {
        guard (1...FixedShift.maximumDurationMinutes).contains(durationMinutes) else { throw .durationOutOfRange }
    }
}
