import Foundation

/// The rules of closed days: a manager closes a day (or imports a list of them) and may open it
/// again; closing a day removes the shifts on it that generation made and nobody has touched since,
/// and keeps the rest (traded, reassigned, edited or made by hand: a person decided those; and
/// any that already started). Opening it again lets generation fill it in from the fixed shifts.
///
/// Pure: the server checks a command here before it opens a transaction, loads the shifts on each
/// day (locked), asks here what closing does to them, and writes the returned
/// ``ClosedDayTransition``; a refusal is a ``ClosedDayRefusal``. Checks run in a fixed order: the
/// role, then the date, then the name's length, then its characters.
public enum ClosedDayDecider {
    /// Longest accepted name.
    public static let maximumNameLength = 200

    /// The checks of closing one day as typed (`date` as `YYYY-MM-DD`, `name` trimmed here):
    /// returns the day to close.
    public static func check(date: String, name: String, by actor: WorkplaceActor) throws(ClosedDayRefusal) -> ClosedDay {
        guard actor.isManager else { throw .managerOnly }
        guard let day = LocalDate(date) else { throw .malformedDate }
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumNameLength).contains(name.count) else { throw .nameLength }
        guard !SingleLine.hasControlCharacters(name) else { throw .nameNotOneLine }
        return ClosedDay(date: day, name: name)
    }

    /// The checks of an import (``ClosedDayCSV``): all rows or nothing. Returns the days to close.
    public static func check(csv: String, by actor: WorkplaceActor) throws(ClosedDayRefusal) -> [ClosedDay] {
        guard actor.isManager else { throw .managerOnly }
        let parsed = ClosedDayCSV(csv)
        guard parsed.errors.isEmpty else { throw .invalidRows(parsed.errors) }
        return parsed.days
    }

    /// The checks of reopening a day named as typed: a date that cannot be read names no closed day.
    public static func check(reopening date: String, by actor: WorkplaceActor) throws(ClosedDayRefusal) -> LocalDate {
        guard actor.isManager else { throw .managerOnly }
        guard let day = LocalDate(date) else { throw .notClosed }
        return day
    }

    /// Only managers see what closing a day would do.
    public static func checkPreview(by actor: WorkplaceActor) throws(ClosedDayRefusal) {
        guard actor.isManager else { throw .managerOnly }
    }

    /// Closes `days` (checked by ``check(date:name:by:)`` or ``check(csv:by:)``); `shifts` holds the
    /// shifts on each day that are not cancelled, as loaded.
    public static func close(
        _ days: [ClosedDay], shifts: [LocalDate: [ShiftOnClosedDay]], by actor: WorkplaceActor, now: Date
    ) throws(ClosedDayRefusal) -> ClosedDayTransition {
        guard actor.isManager else { throw .managerOnly }
        return .close(days.map { closing($0, shifts: shifts[$0.date] ?? [], now: now) })
    }

    /// Reopens `date`; `current` is the closed day on that date as loaded (`nil`: the day is open).
    public static func reopen(
        _ date: LocalDate, current: ClosedDay?, by actor: WorkplaceActor
    ) throws(ClosedDayRefusal) -> ClosedDayTransition {
        guard actor.isManager else { throw .managerOnly }
        guard let current, current.date == date else { throw .notClosed }
        return .reopen(current.date)
    }

    /// What closing `day` does to `shifts` (those on it) at `now`.
    public static func closing(_ day: ClosedDay, shifts: [ShiftOnClosedDay], now: Date) -> ClosedDayClosing {
        let (removed, kept) = partition(shifts, now: now)
        return ClosedDayClosing(day: day, removed: removed, kept: kept)
    }

    /// The shifts closing their day at `now` removes and those it keeps, each in the order given
    /// (what the preview shows a manager before they close a day).
    public static func partition(_ shifts: [ShiftOnClosedDay], now: Date) -> (removed: [ShiftID], kept: [ShiftID]) {
        shifts.reduce(into: ([ShiftID](), [ShiftID]())) { split, shift in
            if removesShift(shift, now: now) { split.0.append(shift.id) } else { split.1.append(shift.id) }
        }
    }

    /// Whether closing its day removes `shift`: generated, untouched, not on the marketplace or in
    /// a deal, and still to come.
    public static func removesShift(_ shift: ShiftOnClosedDay, now: Date) -> Bool {
        shift.isGenerated && !shift.isTouched && shift.status == .scheduled && shift.start > now
    }
}
