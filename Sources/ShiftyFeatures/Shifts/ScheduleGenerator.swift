import Foundation
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// Materializes fixed shifts as concrete shifts from today up to eight weeks ahead, set-based,
/// and never creates a week the rulebook refuses.
///
/// - One statement (`INSERT … SELECT … generate_series … WHERE NOT EXISTS`) inserts every new week
///   that cannot break a rule: its member has no hour limits, availability, approved time off or
///   pending incoming deal, is qualified for its position, and neither another fixed shift of theirs
///   (by weekday and time) nor an existing shift of theirs (within two days) comes near it. The same
///   statement returns the other new weeks; those are decided by the domain's
///   `FixedShiftRules.decideGeneration` (the `Rulebook`) in one batch per workplace (three reads
///   for all of them), inserted in one statement when allowed, and otherwise skipped and reported
///   to the managers once (`fixed_shift_skips`, `fixed_shift.week_skipped`). A manager's override
///   saved with the fixed shift (`fixed_shifts.overridden_rules`) keeps applying to its weeks. The
///   filter is conservative: it may send a harmless week to the rulebook, never a refused one past it.
/// - Idempotent: an occurrence is inserted only when its `(fixed_shift_id, local_date)` key is
///   free, and a traded, edited or deleted occurrence keeps that key (deleted ones as a cancelled
///   tombstone), so generation never brings it back or overwrites it. Every generation takes the
///   transaction-scoped advisory lock `ScheduleMaintenanceService.lockKey`, so two generations
///   never race for the same key; the unique index is the backstop. (An anti-join instead of
///   `ON CONFLICT DO NOTHING` saves the speculative insertion per row: about 15% of a full run.)
///   A skipped week is checked again on every run and created once the rules allow it.
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
        _ = try connection.query("SELECT pg_advisory_xact_lock(\(ScheduleMaintenanceService.lockKey))")
        try EventWriter.lockEvents(ofWorkplace: workplaceID, on: connection)
        let rows = try connection.query(generationStatement(
            asOf: asOf, workplaceID: workplaceID, fixedShiftID: fixedShiftID,
            weeks: Int64(min(max(weeks, 1), FixedShift.maximumGenerationWeeks)),
            listedShifts: Int64(TeamScheduleAnnouncement.maximumListedShifts)))
        var runs: [Int64: GenerationRun] = [:]
        var checked: [Int64: [GenerationCandidate]] = [:]
        for row in rows {
            let workplace: Int64 = try row.decode("workplace_id")
            if try row.decode("row_kind", as: String.self) == "generated" {
                runs[workplace, default: GenerationRun()].add(
                    count: Int(try row.decode("shifts", as: Int64.self)), ids: try row.decode("ids"),
                    dates: try row.decode("dates"), owners: try row.decode("owner_ids"))
            } else {
                checked[workplace, default: []].append(try candidate(from: row))
            }
        }
        for (workplace, candidates) in checked.sorted(by: { $0.key < $1.key }) {
            let (decision, zone) = try decide(candidates, workplaceID: workplace, now: asOf, on: connection)
            try insert(decision.accepted, workplaceID: workplace, into: &runs, on: connection)
            try FixedShiftSkips.record(decision, workplaceID: workplace, timeZone: zone, on: connection)
        }
        try ShiftAnnouncer.announce(generated: runs, on: connection)
        try recordPublications(of: runs, at: asOf, on: connection)
        let created = runs.values.reduce(0) { $0 + $1.count }
        // New occurrences inside approved time off go to the marketplace like the approval's (issue 16):
        // weeks the time-off rule only warns about, or a manager set it aside for.
        if created > 0 { try TimeOffService.releaseGeneratedShifts(workplaceID: workplaceID, now: asOf, on: connection) }
        return created
    }

    /// The weeks a run created shifts in are published by generation (`published_by` NULL): the
    /// standing schedule was agreed when the fixed shift was saved. One publication per workplace,
    /// at the run's `asOf`, in the run's transaction.
    static func recordPublications(of runs: [Int64: GenerationRun], at asOf: Date, on connection: PostgresConnection) throws {
        for (workplace, run) in runs.sorted(by: { $0.key < $1.key }) where run.count > 0 {
            let dates = Set(run.dates.compactMap { LocalDate($0) })
            guard let publication = PublishedWeeks.publication(of: dates, by: nil, at: asOf, changes: run.count) else { continue }
            try ScheduleWeeksStore.record(publication, workplaceID: workplace, on: connection)
        }
    }

    /// Statement 1: inserts the new weeks that cannot break a rule and returns, per workplace, what
    /// it inserted (`generated` rows) and the new weeks the rulebook must decide (`checked` rows).
    /// Both halves read the same snapshot, so every new week is in exactly one of them.
    static func generationStatement(
        asOf: Date, workplaceID: Int64?, fixedShiftID: Int64?, weeks: Int64, listedShifts: Int64
    ) -> PostgresQuery {
        """
        WITH scope AS (
            SELECT w.id AS workplace_id, w.time_zone, ((\(asOf)::timestamptz) AT TIME ZONE w.time_zone)::date AS today,
                   COALESCE(jsonb_strip_nulls(w.settings->'hourLimits'), '{}'::jsonb) <> '{}'::jsonb AS limited
            FROM workplaces w
            WHERE (\(workplaceID)::bigint IS NULL OR w.id = \(workplaceID))
        ),
        clashing AS (
            -- Fixed shifts of one member that may meet: the same weekday (one shift per day, or an
            -- overlap), or one reaching past midnight into the next day's start (with an hour to
            -- spare for daylight saving).
            SELECT DISTINCT a.id
            FROM fixed_shifts a
            JOIN fixed_shifts b ON b.owner_id = a.owner_id AND b.id <> a.id AND b.ended_at IS NULL
            WHERE a.ended_at IS NULL AND a.workplace_id IN (SELECT workplace_id FROM scope)
              AND (\(fixedShiftID)::bigint IS NULL OR a.id = \(fixedShiftID))
              AND (b.weekday = a.weekday
                   OR (b.weekday = a.weekday % 7 + 1
                       AND extract(epoch FROM a.start_time) / 60 + a.duration_minutes + 60 > 1440 + extract(epoch FROM b.start_time) / 60)
                   OR (a.weekday = b.weekday % 7 + 1
                       AND extract(epoch FROM b.start_time) / 60 + b.duration_minutes + 60 > 1440 + extract(epoch FROM a.start_time) / 60))
        ),
        busy_owners AS (
            -- Members with shifts from two days ago on: their new weeks are compared with them.
            SELECT o.owner_id FROM (
                SELECT DISTINCT f.owner_id FROM fixed_shifts f
                WHERE f.ended_at IS NULL AND f.workplace_id IN (SELECT workplace_id FROM scope) AND (\(fixedShiftID)::bigint IS NULL OR f.id = \(fixedShiftID))
            ) o
            WHERE EXISTS (SELECT 1 FROM shifts e WHERE e.owner_id = o.owner_id AND e.status <> 'cancelled' AND e.starts_at > \(asOf) - interval '3 days')
        ),
        rules AS MATERIALIZED (
            SELECT f.id, f.workplace_id, f.owner_id, f.weekday, f.start_time, f.duration_minutes, f.position, f.valid_from,
                   f.valid_until, f.overridden_rules, s.time_zone, s.today,
                   (s.limited
                    OR f.owner_id IN (SELECT user_id FROM member_hour_limits)
                    OR f.owner_id IN (SELECT user_id FROM member_availability WHERE kind = 'unavailable')
                    OR f.owner_id IN (SELECT user_id FROM time_off_requests WHERE status = 'approved' AND ends_at > \(asOf))
                    OR f.owner_id IN (SELECT receiver_id FROM deal_legs WHERE pending)
                    OR (f.position IS NOT NULL
                        AND (f.workplace_id, f.position) IN (SELECT workplace_id, name FROM workplace_positions)
                        AND (f.owner_id, f.position) NOT IN (SELECT user_id, position FROM member_qualifications))
                    OR f.id IN (SELECT id FROM clashing)) AS suspect,
                   f.owner_id IN (SELECT owner_id FROM busy_owners) AS owner_busy,
                   f.id IN (SELECT fixed_shift_id FROM fixed_shift_skips) AS has_skips
            FROM fixed_shifts f
            JOIN scope s ON s.workplace_id = f.workplace_id
            JOIN users u ON u.id = f.owner_id AND u.active
            WHERE f.ended_at IS NULL AND (\(fixedShiftID)::bigint IS NULL OR f.id = \(fixedShiftID))
        ),
        inserted AS (
            INSERT INTO shifts (workplace_id, owner_id, fixed_shift_id, local_date, starts_at, ends_at, position)
            SELECT workplace_id, owner_id, fixed_shift_id, local_date, starts_at, ends_at, position
            FROM (\(newWeeks(of: "rules", weeks: weeks))) new_week
            WHERE NOT new_week.checked
            RETURNING id, workplace_id, owner_id, local_date
        ),
        counted AS (
            -- One pass over the new shifts for both events (a first generation makes 400,000).
            SELECT workplace_id, count(*) AS shifts, array_agg(DISTINCT local_date ORDER BY local_date) AS dates,
                   array_agg(DISTINCT owner_id ORDER BY owner_id) AS owner_ids
            FROM inserted GROUP BY workplace_id
        )
        SELECT 'generated' AS row_kind, c.workplace_id, c.shifts, c.dates::text[] AS dates, c.owner_ids,
               -- The ids only for small runs (see TeamScheduleAnnouncement); the subquery runs only then.
               CASE WHEN c.shifts <= \(listedShifts) THEN ARRAY(SELECT i.id FROM inserted i WHERE i.workplace_id = c.workplace_id ORDER BY i.id)
                    ELSE '{}'::bigint[] END AS ids,
               NULL::bigint AS fixed_shift_id, NULL::bigint AS owner_id, NULL::text AS local_date,
               NULL::timestamptz AS starts_at, NULL::timestamptz AS ends_at, NULL::text AS position, NULL::text[] AS overridden_rules
        FROM counted c
        UNION ALL
        SELECT 'checked', w.workplace_id, NULL, NULL, NULL, NULL,
               w.fixed_shift_id, w.owner_id, w.local_date::text, w.starts_at, w.ends_at, w.position, w.overridden_rules
        FROM (\(newWeeks(of: "(SELECT * FROM rules WHERE suspect OR owner_busy OR has_skips)", weeks: weeks))) w
        WHERE w.checked
        """
    }

    /// The new weeks of the fixed shifts in `rules` (the `rules` CTE's columns): not generated yet
    /// (their key is free), with their instants resolved and whether the rulebook must decide them
    /// (`checked`: the fixed shift is suspect, the week was skipped before, or the member has a
    /// shift within two days of it).
    static func newWeeks(of rules: String, weeks: Int64) -> PostgresQuery {
        """
        SELECT p.*, p.starts_at + p.duration_minutes * interval '1 minute' AS ends_at,
               (p.suspect
                OR (p.has_skips AND EXISTS (
                    SELECT 1 FROM fixed_shift_skips k WHERE k.fixed_shift_id = p.fixed_shift_id AND k.local_date = p.local_date))
                OR (p.owner_busy AND EXISTS (
                    SELECT 1 FROM shifts e WHERE e.owner_id = p.owner_id AND e.status <> 'cancelled'
                      AND e.starts_at > p.starts_at - interval '2 days' AND e.starts_at < p.starts_at + interval '2 days'))
               ) AS checked
        FROM (
            SELECT c.*, CASE WHEN (c.later - interval '1 hour') AT TIME ZONE c.time_zone = c.local_start
                             THEN c.later - interval '1 hour' ELSE c.later END AS starts_at
            FROM (
                SELECT r.id AS fixed_shift_id, r.workplace_id, r.owner_id, r.position, r.duration_minutes, r.time_zone,
                       r.overridden_rules, r.suspect, r.owner_busy, r.has_skips,
                       series.day::date AS local_date, series.day::date + r.start_time AS local_start,
                       (series.day::date + r.start_time) AT TIME ZONE r.time_zone AS later
                FROM \(sql: rules) r
                CROSS JOIN LATERAL generate_series(
                    (r.today + (r.weekday - extract(isodow FROM r.today)::int + 7) % 7)::timestamp,
                    (r.today + 7 * \(weeks)::int - 1)::timestamp,
                    interval '7 days') AS series(day)
                WHERE series.day::date >= r.valid_from
                  AND (r.valid_until IS NULL OR series.day::date <= r.valid_until)
                  AND NOT EXISTS (SELECT 1 FROM closed_days cd WHERE cd.workplace_id = r.workplace_id AND cd.day = series.day::date)
            ) c
            WHERE NOT EXISTS (
                SELECT 1 FROM shifts existing WHERE existing.fixed_shift_id = c.fixed_shift_id AND existing.local_date = c.local_date)
        ) p
        """
    }

    /// A `checked` row as the rulebook's candidate, with the rules a manager set aside for its fixed shift.
    static func candidate(from row: PostgresRow) throws -> GenerationCandidate {
        let standing = try row.decode("overridden_rules", as: [String]?.self) ?? []
        return GenerationCandidate(
            occurrence: ShiftOccurrence(
                fixedShiftID: FixedShiftID(rawValue: try row.decode("fixed_shift_id")), owner: UserID(rawValue: try row.decode("owner_id")),
                date: try row.localDate("local_date"), start: try row.decode("starts_at"), end: try row.decode("ends_at"),
                positionLabel: try row.decode("position", as: String?.self)),
            standingOverrides: Set(standing.compactMap(ScheduleRule.init(rawValue:))))
    }

    /// The rulebook's decision on one workplace's new weeks, from three reads for all of them: the
    /// workplace (zone, settings, positions), the members' facts, and their shifts and time off around
    /// the weeks (including what statement 1 just inserted). Reads without locking members: this
    /// transaction holds the workplaces' event locks, which a marketplace action takes after its own.
    static func decide(
        _ candidates: [GenerationCandidate], workplaceID: Int64, now: Date, on connection: PostgresConnection
    ) throws -> (GenerationDecision, WorkplaceTimeZone) {
        let (zone, settings, positions) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
        let owners = Set(candidates.map(\.occurrence.owner))
        let facts = try MarketplaceStore.lockedMemberFacts(
            receivers: owners, members: owners, workplaceID: workplaceID, lock: false, on: connection)
        let reach = owners.map { settings.marketplace.hourLimits.overridden(by: facts.hourLimits[$0]).reachInDays }.max() ?? 2
        let intervals = candidates.map { $0.occurrence.interval(id: ShiftID(rawValue: 0)) }
        var commitments: [UserID: [ShiftInterval]] = [:]
        var timeOff: [UserID: [TimeOffInterval]] = [:]
        if let lower = intervals.map({ Marketplace.previewWindow(for: $0, in: zone).lowerBound }).min(),
           let upper = intervals.map({ Marketplace.previewWindow(for: $0, in: zone).upperBound }).max() {
            let margin = Double(reach) * 86_400
            (commitments, timeOff) = try MarketplaceStore.commitmentsAndTimeOff(
                of: owners, window: lower.addingTimeInterval(-margin)..<upper.addingTimeInterval(margin), on: connection)
        }
        let context = MarketplaceContext(
            now: now, timeZone: zone, settings: settings.marketplace, commitments: commitments, inactiveUsers: facts.inactive,
            trackedPositions: positions, qualifications: facts.qualifications, memberHourLimits: facts.hourLimits,
            timeOff: timeOff, availability: facts.availability)
        return (FixedShiftRules.decideGeneration(candidates, context: context), zone)
    }

    /// Inserts the weeks the rulebook allowed, in one statement, and counts them into the run.
    static func insert(
        _ accepted: [ShiftOccurrence], workplaceID: Int64, into runs: inout [Int64: GenerationRun], on connection: PostgresConnection
    ) throws {
        guard !accepted.isEmpty else { return }
        let instant = ISO8601DateFormatter()
        let rows = try connection.query(
            """
            INSERT INTO shifts (workplace_id, owner_id, fixed_shift_id, local_date, starts_at, ends_at, position)
            SELECT \(workplaceID), w.owner_id, w.fixed_shift_id, w.local_date::date, w.starts_at::timestamptz, w.ends_at::timestamptz, NULLIF(w.position, '')
            FROM unnest(\(accepted.map(\.owner.rawValue))::bigint[], \(accepted.map(\.fixedShiftID.rawValue))::bigint[], \(accepted.map(\.date.description))::text[], \(accepted.map { instant.string(from: $0.start) })::text[], \(accepted.map { instant.string(from: $0.end) })::text[], \(accepted.map { $0.positionLabel ?? "" })::text[])
                 AS w(owner_id, fixed_shift_id, local_date, starts_at, ends_at, position)
            RETURNING id, owner_id, local_date::text AS local_date
            """)
        runs[workplaceID, default: GenerationRun()].add(
            count: rows.count, ids: try rows.map { try $0.decode("id") }, dates: try rows.map { try $0.decode("local_date") },
            owners: try rows.map { try $0.decode("owner_id") })
    }

    /// Removes the shifts `ids` that a closed day takes (`ClosedDayDecider` chose them from rows this
    /// transaction locked). Generation only ever removes what it still owns, so a shift someone
    /// touched or made by hand stays whatever the caller asks.
    static func remove(_ ids: [ShiftID], workplaceID: Int64, connection: PostgresConnection) throws {
        guard !ids.isEmpty else { return }
        try connection.execute(
            "DELETE FROM shifts WHERE workplace_id = \(workplaceID) AND id = ANY(\(ids.map(\.rawValue))) AND fixed_shift_id IS NOT NULL AND NOT touched")
    }

    /// Removes the future occurrences generation still owns (never touched by anyone) of one
    /// fixed shift; used before regenerating an edited rule and when a rule ends.
    @discardableResult
    static func removeUntouched(
        after instant: Date, workplaceID: Int64, fixedShiftID: Int64, connection: PostgresConnection
    ) throws -> Int {
        try connection.execute(
            """
            DELETE FROM shifts
            WHERE workplace_id = \(workplaceID) AND fixed_shift_id = \(fixedShiftID) AND NOT touched AND status = 'scheduled' AND starts_at > \(instant)
            """)
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
                SELECT s.id, s.starts_at AT TIME ZONE \(oldZone) AS local_start, s.ends_at - s.starts_at AS length
                FROM shifts s
                WHERE s.workplace_id = \(workplaceID) AND s.fixed_shift_id IS NOT NULL AND NOT s.touched
                  AND s.status IN ('scheduled', 'supplied') AND s.starts_at > \(instant)
            ),
            placed AS (
                SELECT o.*, o.local_start AT TIME ZONE \(newZone) AS later FROM owned o
            ),
            resolved AS (
                SELECT p.id, p.length,
                       CASE WHEN (p.later - interval '1 hour') AT TIME ZONE \(newZone) = p.local_start
                            THEN p.later - interval '1 hour' ELSE p.later END AS starts_at
                FROM placed p
            )
            UPDATE shifts s SET starts_at = r.starts_at, ends_at = r.starts_at + r.length, updated_at = now()
            FROM resolved r
            WHERE s.id = r.id AND s.starts_at IS DISTINCT FROM r.starts_at
            RETURNING s.owner_id
            """).map { try $0.decode("owner_id") }
    }
}
