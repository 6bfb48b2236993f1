import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres

/// Writes what `ClosedDayDecider` decided, on the caller's transaction: the closed days, the shifts
/// a closing removes (their owners hear which ones went, in `shift.closed_day`), a reopened day
/// filled in again from the fixed shifts, and `closed_days.changed` for every date.
enum ClosedDayWriter {
    /// `shifts` holds the views of the shifts the transition names (the removed ones go into the event).
    static func write(
        _ transition: ClosedDayTransition, shifts: [ShiftID: ShiftyAPI.MarketShift], workplaceID: Int64, actorID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws {
        switch transition {
        case .close(let closings):
            for closing in closings {
                try ClosedDayStore.upsert(closing.day, workplaceID: workplaceID, on: connection)
                try ScheduleGenerator.remove(closing.removed, workplaceID: workplaceID, connection: connection)
                let removed = closing.removed.compactMap { shifts[$0] }
                guard !removed.isEmpty else { continue }
                try EventWriter.insert(
                    workplaceID: workplaceID, type: .server(.shiftsRemovedByClosedDay), userIDs: Array(Set(removed.map(\.ownerId))),
                    payload: ClosedDayRemovalPayload(
                        date: closing.day.date.description, name: closing.day.name, removedShifts: removed, actorId: actorID),
                    on: connection)
            }
        case .reopen(let date):
            try ClosedDayStore.delete(date, workplaceID: workplaceID, on: connection)
            // The day is open again: fill it in from the fixed shifts.
            try ScheduleGenerator.generate(asOf: now, workplaceID: workplaceID, on: connection)
        }
        try announce(transition.dates, workplaceID: workplaceID, on: connection)
    }

    static func announce(_ dates: [LocalDate], workplaceID: Int64, on connection: PostgresConnection) throws {
        struct Payload: Encodable { var dates: [String] }
        try EventWriter.insert(
            workplaceID: workplaceID, type: .server(.closedDaysChanged),
            payload: Payload(dates: dates.map(\.description)), on: connection)
    }
}

/// The `shift.closed_day` event's payload. The shifts are gone, so they are not under `shifts`
/// (which live clients read as the shifts' current state).
struct ClosedDayRemovalPayload: Encodable, Sendable {
    var date: String
    var name: String
    var removedShifts: [ShiftyAPI.MarketShift]
    var actorId: Int64
}
