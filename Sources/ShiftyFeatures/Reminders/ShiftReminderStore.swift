import Foundation
import ShiftyPostgres

/// SQL behind the reminders: claiming due shifts and forgetting old claims.
enum ShiftReminderStore {
    /// Claims every shift that is due for a reminder at `now` and was not claimed yet, at most `limit`.
    ///
    /// Due means: not cancelled, its owner active, its workplace's lead time not 0, and its start
    /// in `(now, now + lead]`. A shift whose start passed (say, while every instance was down) is
    /// never claimed, so a restart sends no late reminders; one still ahead inside the window is.
    /// The primary key `(shift_id, starts_at)` makes the claim exactly-once across instances: a
    /// concurrent claim of the same row waits for the first transaction and then does nothing.
    static func claimDue(now: Date, limit: Int, on connection: PostgresConnection) throws -> [ShiftReminder] {
        try connection.query(
            """
            INSERT INTO shift_reminders (shift_id, starts_at, workplace_id, owner_id, minutes_before, reminded_at)
            SELECT s.id, s.starts_at, s.workplace_id, s.owner_id, lead.minutes, \(now)::timestamptz
            FROM shifts s
            JOIN workplaces w ON w.id = s.workplace_id
            JOIN users u ON u.id = s.owner_id AND u.workplace_id = s.workplace_id AND u.active
            CROSS JOIN LATERAL (
                SELECT CASE WHEN jsonb_typeof(w.settings -> 'reminderMinutesBefore') = 'number'
                            THEN least(greatest((w.settings ->> 'reminderMinutesBefore')::numeric, 0), 100000)::integer
                            ELSE \(ReminderLeadTime.defaultMinutes)::integer END AS minutes
            ) AS lead
            WHERE s.status <> 'cancelled'
              AND s.starts_at > \(now)::timestamptz
              AND s.starts_at <= \(now)::timestamptz + make_interval(mins => \(ReminderLeadTime.allowedMinutes.upperBound)::integer)
              AND lead.minutes BETWEEN 1 AND \(ReminderLeadTime.allowedMinutes.upperBound)::integer
              AND s.starts_at <= \(now)::timestamptz + make_interval(mins => lead.minutes)
              AND NOT EXISTS (SELECT 1 FROM shift_reminders r WHERE r.shift_id = s.id AND r.starts_at = s.starts_at)
            ORDER BY s.starts_at, s.id
            LIMIT \(limit)
            ON CONFLICT (shift_id, starts_at) DO NOTHING
            RETURNING shift_id, starts_at, workplace_id, owner_id, minutes_before
            """).map { row in
            ShiftReminder(
                shiftID: try row.decode("shift_id"), startsAt: try row.decode("starts_at"),
                workplaceID: try row.decode("workplace_id"), ownerID: try row.decode("owner_id"),
                minutesBefore: try row.decode("minutes_before"))
        }
    }

    /// Deletes claims of shifts that started more than two days before `now`: such a start can
    /// never be due again, so the table stays about two days of shifts long.
    @discardableResult
    static func forgetOld(before now: Date, on connection: PostgresConnection) throws -> Int {
        try connection.execute(
            "DELETE FROM shift_reminders WHERE starts_at < \(now)::timestamptz - interval '2 days'")
    }
}
