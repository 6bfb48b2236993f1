import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Materializes fixed shifts as concrete shifts from today up to eight weeks ahead, in one
/// set-based statement (`INSERT … SELECT … generate_series … WHERE NOT EXISTS`).
///
/// - Idempotent: an occurrence is inserted only when its `(fixed_shift_id, local_date)` key is
///   free, and a traded, edited or deleted occurrence keeps that key (deleted ones as a cancelled
///   tombstone), so generation never brings it back or overwrites it. Every generation takes the
///   transaction-scoped advisory lock `ScheduleMaintenanceService.lockKey`, so two generations
///   never race for the same key; the unique index is the backstop. (An anti-join instead of
///   `ON CONFLICT DO NOTHING` saves the speculative insertion per row: about 15% of a full run.)
/// - Daylight saving: `(date + time) AT TIME ZONE tz` moves a time in the spring-forward gap
///   forward, like `WorkplaceTimeZone`; for an ambiguous fall-back time PostgreSQL picks the
///   *second* occurrence while our rule is the first, so when the same wall-clock time also
///   occurred one hour earlier we take that one. The end is start + duration of elapsed time.
/// - Closed days and members who are deactivated get no occurrences.
/// - Besides `TransitionWriter`, this is the only writer of `shifts` (a test keeps it so): it only
///   inserts new occurrences (set-based; one `Marketplace.apply` per occurrence would cost a round
///   trip each over every workplace), removes occurrences nobody touched, and re-times untouched
///   occurrences when the workplace's time zone changes (``moveUntouched``: still its own
///   occurrences, at the same wall-clock time in the new zone). Every change of an
///   existing shift's owner, time or status goes through `Marketplace.apply` and `TransitionWriter`.
enum ScheduleGenerator {
    /// Generates for every workplace (`workplaceID == nil`) or one, every active fixed shift or
    /// one; returns how many shifts were created. `asOf` decides "today" in each time zone.
    @discardableResult
    static func generate(
        asOf: Date, workplaceID: Int64? = nil, fixedShiftID: Int64? = nil,
        weeks: Int = FixedShift.generationWeeks, on connection: PostgresConnection
    ) throws -> Int {
        // Re-entrant within a transaction: the maintenance job already holds it via try-lock.
        _ = try connection.query("SELECT pg_advisory_xact_lock($1)", [ScheduleMaintenanceService.lockKey])
        try EventWriter.lockEvents(ofWorkplace: workplaceID, on: connection)
        let rows = try connection.query(
            """
            WITH scope AS (
                SELECT w.id AS workplace_id, w.time_zone, (($1::timestamptz) AT TIME ZONE w.time_zone)::date AS today
                FROM workplaces w
                WHERE ($2::bigint IS NULL OR w.id = $2)
            ),
            candidate AS (
                SELECT f.id AS fixed_shift_id, f.workplace_id, f.owner_id, f.position, f.duration_minutes, s.time_zone,
                       series.day::date AS local_date, series.day::date + f.start_time AS local_start
                FROM fixed_shifts f
                JOIN scope s ON s.workplace_id = f.workplace_id
                JOIN users u ON u.id = f.owner_id AND u.active
                CROSS JOIN LATERAL generate_series(
                    (s.today + (f.weekday - extract(isodow FROM s.today)::int + 7) % 7)::timestamp,
                    (s.today + 7 * $4::int - 1)::timestamp,
                    interval '7 days') AS series(day)
                WHERE f.ended_at IS NULL
                  AND ($3::bigint IS NULL OR f.id = $3)
                  AND series.day::date >= f.valid_from
                  AND (f.valid_until IS NULL OR series.day::date <= f.valid_until)
                  AND NOT EXISTS (SELECT 1 FROM closed_days c WHERE c.workplace_id = f.workplace_id AND c.day = series.day::date)
            ),
            placed AS (
                SELECT c.*, c.local_start AT TIME ZONE c.time_zone AS later
                FROM candidate c
            ),
            inserted AS (
                INSERT INTO shifts (workplace_id, owner_id, fixed_shift_id, local_date, starts_at, ends_at, position)
                SELECT workplace_id, owner_id, fixed_shift_id, local_date, starts_at,
                       starts_at + duration_minutes * interval '1 minute', position
                FROM (
                    SELECT p.*, CASE WHEN (p.later - interval '1 hour') AT TIME ZONE p.time_zone = p.local_start
                                     THEN p.later - interval '1 hour' ELSE p.later END AS starts_at
                    FROM placed p
                ) resolved
                WHERE NOT EXISTS (
                    SELECT 1 FROM shifts existing
                    WHERE existing.fixed_shift_id = resolved.fixed_shift_id AND existing.local_date = resolved.local_date)
                RETURNING id, workplace_id, owner_id, local_date
            )
            , team_counted AS (
                -- One pass over the new shifts for both events (a first generation makes 400,000).
                SELECT workplace_id, count(*) AS shifts, array_agg(DISTINCT local_date ORDER BY local_date) AS dates,
                       array_agg(DISTINCT owner_id ORDER BY owner_id) AS owner_ids
                FROM inserted GROUP BY workplace_id
            )
            , announced AS (
                INSERT INTO events (workplace_id, type, audience, user_ids, payload)
                SELECT workplace_id, $5, $6, owner_ids, jsonb_build_object('shifts', shifts)
                FROM team_counted
                RETURNING 1
            )
            , team_announced AS (
                -- Everyone's team week shows them (TeamScheduleAnnouncement's payload). A large run
                -- (the first generation of a workplace: thousands of shifts) lists no ids: grids
                -- reload by `dates`, and a list of every new shift would make the event megabytes.
                -- The CASE runs the ids' subquery only for small runs.
                INSERT INTO events (workplace_id, type, audience, payload)
                SELECT c.workplace_id, $7, $8,
                       jsonb_build_object('shiftIds', CASE WHEN c.shifts <= $9 THEN
                                              (SELECT jsonb_agg(i.id ORDER BY i.id) FROM inserted i WHERE i.workplace_id = c.workplace_id)
                                              ELSE '[]'::jsonb END,
                                          'dates', to_jsonb(c.dates::text[]),
                                          'ownerIds', to_jsonb(c.owner_ids))
                FROM team_counted c
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM inserted)::bigint AS n
            """,
            [asOf, workplaceID, fixedShiftID, Int64(min(max(weeks, 1), FixedShift.maximumGenerationWeeks)),
             EventType.scheduleGenerated.rawValue, EventType.scheduleGenerated.audience.rawValue,
             EventType.teamScheduleChanged.rawValue, EventType.teamScheduleChanged.audience.rawValue,
             Int64(TeamScheduleAnnouncement.maximumListedShifts)]
        )
        let created = Int(try rows.first?.decode("n", as: Int64.self) ?? 0)
        // New occurrences inside approved time off go to the marketplace like the approval's (issue 16).
        if created > 0 { try TimeOffService.releaseGeneratedShifts(workplaceID: workplaceID, now: asOf, on: connection) }
        return created
    }

    /// Removes the future occurrences generation still owns (never touched by anyone) of one
    /// fixed shift, or of every fixed shift on one date; used before regenerating an edited
    /// rule, when a rule ends and when a day is closed.
    @discardableResult
    static func removeUntouched(
        after instant: Date, workplaceID: Int64, fixedShiftID: Int64? = nil, on date: LocalDate? = nil,
        connection: PostgresConnection
    ) throws -> Int {
        try connection.execute(
            """
            DELETE FROM shifts
            WHERE workplace_id = $1 AND fixed_shift_id IS NOT NULL AND NOT touched AND status = 'scheduled'
              AND starts_at > $2
              AND ($3::bigint IS NULL OR fixed_shift_id = $3)
              AND ($4::date IS NULL OR local_date = $4::date)
            """,
            [workplaceID, instant, fixedShiftID, date?.description]
        )
    }

    /// Moves the future occurrences generation still owns (never traded, reassigned, edited or
    /// deleted; scheduled or on offer) to the same wall-clock time in the workplace's new time
    /// zone, with the same DST rule as ``generate(asOf:workplaceID:fixedShiftID:weeks:on:)``; keeps
    /// their ids, dates and lengths. Returns the owners of the moved shifts, one entry per shift.
    static func moveUntouched(
        after instant: Date, workplaceID: Int64, from oldZone: String, to newZone: String, connection: PostgresConnection
    ) throws -> [Int64] {
        try connection.query(
            """
            WITH owned AS (
                SELECT s.id, s.starts_at AT TIME ZONE $2 AS local_start, s.ends_at - s.starts_at AS length
                FROM shifts s
                WHERE s.workplace_id = $1 AND s.fixed_shift_id IS NOT NULL AND NOT s.touched
                  AND s.status IN ('scheduled', 'supplied') AND s.starts_at > $4
            ),
            placed AS (
                SELECT o.*, o.local_start AT TIME ZONE $3 AS later FROM owned o
            ),
            resolved AS (
                SELECT p.id, p.length,
                       CASE WHEN (p.later - interval '1 hour') AT TIME ZONE $3 = p.local_start
                            THEN p.later - interval '1 hour' ELSE p.later END AS starts_at
                FROM placed p
            )
            UPDATE shifts s SET starts_at = r.starts_at, ends_at = r.starts_at + r.length, updated_at = now()
            FROM resolved r
            WHERE s.id = r.id AND s.starts_at IS DISTINCT FROM r.starts_at
            RETURNING s.owner_id
            """,
            [workplaceID, oldZone, newZone, instant]
        ).map { try $0.decode("owner_id") }
    }
}
