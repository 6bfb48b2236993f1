import Foundation
import ShiftyPostgres

/// What changing a workplace's time zone does to its schedule, inside the transaction that
/// changes the zone.
///
/// Generated shifts mean "09:00 at work", not an instant: those nobody touched yet move to 09:00
/// in the new zone (``ScheduleGenerator/moveUntouched(after:workplaceID:from:to:connection:)``)
/// and generation fills in any day the new zone's "today" adds. Traded, reassigned, edited,
/// hand-made and deleted shifts keep their instant: a person decided those.
enum WorkplaceTimeZoneChange {
    /// The `workplace.time_zone_changed` event's payload.
    struct Payload: Encodable, Sendable {
        var previousTimeZone: String
        var timeZone: String
        /// How many shifts moved to the new zone's wall-clock times.
        var movedShifts: Int
        var actorId: Int64
    }

    static func apply(
        from oldZone: String, to newZone: String, workplaceID: Int64, actorID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws {
        // Generation's lock first (as the maintenance job takes it), then the shifts.
        _ = try connection.query("SELECT pg_advisory_xact_lock(\(ScheduleMaintenanceService.lockKey))")
        let moved = try ScheduleGenerator.moveUntouched(
            after: now, workplaceID: workplaceID, from: oldZone, to: newZone, connection: connection)
        try ScheduleGenerator.generate(asOf: now, workplaceID: workplaceID, on: connection)
        try ShiftAnnouncer.announce(
            [.timeZoneChanged(Payload(previousTimeZone: oldZone, timeZone: newZone, movedShifts: moved.count, actorId: actorID))],
            workplaceID: workplaceID, on: connection)
    }
}
