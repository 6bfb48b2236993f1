import Foundation
import ShiftyDomain
@testable import ShiftyEvents
@testable import ShiftyFeatures
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The SQL generator against the domain's reference occurrences, on a real PostgreSQL.
@Suite struct GenerationTests {
    struct Generated: Equatable, CustomStringConvertible {
        var date: LocalDate
        var start: Date
        var end: Date
        var description: String { "\(date) \(start)–\(end)" }
    }

    /// Inserts a rule for `owner` directly and returns it as the domain sees it.
    static func insertRule(
        workplaceID: Int64, owner: Int64, weekday: Weekday, start: String, minutes: Int, validFrom: String = "2020-01-01",
        validUntil: String? = nil, pool: PostgresPool
    ) async throws -> FixedShift {
        let draft = try FixedShift(
            id: FixedShiftID(rawValue: 0), owner: UserID(rawValue: owner), weekday: weekday, startTime: LocalTime(start)!,
            durationMinutes: minutes, validFrom: LocalDate(validFrom)!, validUntil: validUntil.flatMap(LocalDate.init))
        let id = try await pool.withConnection { try FixedShiftStore.insert(draft, workplaceID: workplaceID, on: $0) }
        var rule = draft
        rule.id = FixedShiftID(rawValue: id)
        return rule
    }

    /// Generated rows on or after `from` (the server's own start-up run uses the real date, which
    /// lies before the dates these tests generate for).
    static func generated(fixedShiftID: FixedShiftID, from: String, pool: PostgresPool) async throws -> [Generated] {
        try await pool.query(
            """
            SELECT local_date::text AS d, starts_at, ends_at FROM shifts
            WHERE fixed_shift_id = $1 AND status <> 'cancelled' AND local_date >= $2::date ORDER BY local_date
            """,
            [fixedShiftID.rawValue, from]
        ).map { Generated(date: LocalDate(try $0.decode("d"))!, start: try $0.decode("starts_at"), end: try $0.decode("ends_at")) }
    }

    static func setTimeZone(_ zone: String, workplaceID: Int64, pool: PostgresPool) async throws {
        try await pool.execute("UPDATE workplaces SET time_zone = $2 WHERE id = $1", [workplaceID, zone])
    }

    /// Local noon on `date` in `zone`, as the generator's "now".
    static func noon(_ date: String, _ zone: WorkplaceTimeZone) -> Date {
        zone.instant(on: LocalDate(date)!, at: LocalTime("12:00")!)
    }

    static let dstCases: [(zone: String, today: String, weekday: Weekday, start: String, minutes: Int)] = [
        // Spring forward (gap 02:00–03:00) and fall back (02:00–03:00 twice) in Amsterdam, 2027.
        ("Europe/Amsterdam", "2027-03-10", .sunday, "02:30", 240),
        ("Europe/Amsterdam", "2027-10-20", .sunday, "02:30", 240),
        ("Europe/Amsterdam", "2027-03-10", .saturday, "22:00", 480),  // a night shift across the DST night
        ("Europe/Amsterdam", "2027-10-20", .sunday, "09:00", 480),
        // New York: gap 02:00–03:00 on 14 March, repeated 01:00–02:00 on 7 November 2027.
        ("America/New_York", "2027-03-01", .sunday, "02:30", 120),
        ("America/New_York", "2027-10-25", .sunday, "01:30", 120),
        ("America/New_York", "2027-10-25", .saturday, "23:00", 480),
    ]

    @Test(arguments: 0..<dstCases.count)
    func dstWeeksMatchTheDomainReference(index: Int) async throws {
        let testCase = Self.dstCases[index]
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            try await Self.setTimeZone(testCase.zone, workplaceID: boss.workplaceID, pool: server.pool)
            let zone = try WorkplaceTimeZone(identifier: testCase.zone)
            let rule = try await Self.insertRule(
                workplaceID: boss.workplaceID, owner: boss.userID, weekday: testCase.weekday, start: testCase.start,
                minutes: testCase.minutes, pool: server.pool)
            let now = Self.noon(testCase.today, zone)
            let created = try await server.pool.withConnection {
                try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0)
            }
            let reference = rule.occurrences(from: LocalDate(testCase.today)!, in: zone)
            #expect(created == 8)
            #expect(reference.count == 8)
            let actual = try await Self.generated(fixedShiftID: rule.id, from: testCase.today, pool: server.pool)
            #expect(actual == reference.map { Generated(date: $0.date, start: $0.start, end: $0.end) })
        }
    }

    @Test func eightWeeksExactlyAndIdempotent() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let zone = TestServer.amsterdam
            // Today is a Wednesday: a Wednesday rule includes today, a Tuesday rule starts next week.
            let today = "2027-06-02"
            let wednesday = try await Self.insertRule(workplaceID: boss.workplaceID, owner: boss.userID, weekday: .wednesday, start: "09:00", minutes: 480, pool: server.pool)
            let tuesday = try await Self.insertRule(workplaceID: boss.workplaceID, owner: boss.userID, weekday: .tuesday, start: "09:00", minutes: 480, pool: server.pool)
            let now = Self.noon(today, zone)
            let first = try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) }
            let second = try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) }
            #expect(first == 16)
            #expect(second == 0, "a second run creates nothing")
            let wednesdays = try await Self.generated(fixedShiftID: wednesday.id, from: today, pool: server.pool).map(\.date)
            let tuesdays = try await Self.generated(fixedShiftID: tuesday.id, from: today, pool: server.pool).map(\.date)
            #expect(wednesdays.first == LocalDate(today))
            #expect(wednesdays.last == LocalDate("2027-07-21"), "today + 7 weeks")
            #expect(tuesdays.first == LocalDate("2027-06-08"))
            #expect(tuesdays.last == LocalDate("2027-07-27"), "the last date before today + 8 weeks")
            // A week later the horizon has rolled forward by one occurrence per rule.
            let nextWeek = try await server.pool.withConnection {
                try ScheduleGenerator.generate(asOf: Self.noon("2027-06-09", zone), workplaceID: boss.workplaceID, on: $0)
            }
            #expect(nextWeek == 2)
            let events = try await server.pool.query(
                "SELECT (payload->>'shifts')::bigint AS n FROM events WHERE workplace_id = $1 AND type = 'schedule.generated' ORDER BY id",
                [boss.workplaceID])
            #expect(try events.map { try $0.decode("n", as: Int64.self) }.suffix(2) == [16, 2], "one event per run that created shifts")
        }
    }

    /// The team week's announcement of a generation lists the new shifts' ids only for small runs:
    /// a workplace's first generation (thousands of shifts) would otherwise write and push one
    /// event of megabytes. Dates and owners stay complete either way.
    @Test func aLargeGenerationAnnouncesDatesAndOwnersWithoutListingEveryShift() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let zone = TestServer.amsterdam
            // Several shifts a day per member: the one-shift-per-day rule would refuse all but the first.
            try await server.pool.execute(
                "UPDATE workplaces SET settings = settings || '{\"onePerDay\": false}'::jsonb WHERE id = $1", [boss.workplaceID])
            // 9 start times × 7 weekdays × 8 weeks = 504 shifts, just over the limit of 500.
            for weekday in Weekday.allCases {
                for hour in 8..<17 {
                    _ = try await Self.insertRule(
                        workplaceID: boss.workplaceID, owner: hour.isMultiple(of: 2) ? boss.userID : anna.userID, weekday: weekday,
                        start: String(format: "%02d:00", hour), minutes: 30, pool: server.pool)
                }
            }
            let now = Self.noon("2027-06-02", zone)
            let created = try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) }
            #expect(created == 504)
            #expect(created > TeamScheduleAnnouncement.maximumListedShifts)
            let payload = try await server.pool.query(
                """
                SELECT jsonb_array_length(payload->'shiftIds') AS ids, jsonb_array_length(payload->'dates') AS dates,
                       payload->'dates'->>0 AS first, payload->'ownerIds' AS owners
                FROM events WHERE workplace_id = $1 AND type = 'team_schedule.changed' ORDER BY id DESC LIMIT 1
                """, [boss.workplaceID])
            let row = try #require(payload.first)
            #expect(try row.decode("ids", as: Int64.self) == 0)
            #expect(try row.decode("dates", as: Int64.self) == 56, "every day of the eight weeks")
            #expect(try row.decode("first", as: String.self) == "2027-06-02")
            #expect(try row.decode("owners", as: String.self) == "[\(min(boss.userID, anna.userID)), \(max(boss.userID, anna.userID))]")

            // One more rule: a small run lists its shifts' ids.
            let monday = try await Self.insertRule(workplaceID: boss.workplaceID, owner: anna.userID, weekday: .monday, start: "18:00", minutes: 60, pool: server.pool)
            #expect(try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) } == 8)
            let small = try await server.pool.query(
                """
                SELECT ARRAY(SELECT jsonb_array_elements_text(payload->'shiftIds')::bigint) AS ids
                FROM events WHERE workplace_id = $1 AND type = 'team_schedule.changed' ORDER BY id DESC LIMIT 1
                """, [boss.workplaceID])
            let listed = try #require(small.first).decode("ids", as: [Int64].self)
            let mondays = try await server.pool.query(
                "SELECT id FROM shifts WHERE fixed_shift_id = $1 ORDER BY id", [monday.id.rawValue]).map { try $0.decode("id", as: Int64.self) }
            #expect(listed == mondays)
            #expect(listed.count == 8)
        }
    }

    @Test func validityRangeAndClosedDaysAndDeactivatedMembers() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let zone = TestServer.amsterdam
            let rule = try await Self.insertRule(
                workplaceID: boss.workplaceID, owner: anna.userID, weekday: .monday, start: "08:00", minutes: 60,
                validFrom: "2027-06-14", validUntil: "2027-07-12", pool: server.pool)
            _ = try await Self.insertRule(workplaceID: boss.workplaceID, owner: bram.userID, weekday: .monday, start: "08:00", minutes: 60, pool: server.pool)
            try await server.pool.execute("INSERT INTO closed_days (workplace_id, day, name) VALUES ($1, '2027-06-21', 'Closed')", [boss.workplaceID])
            try await server.pool.execute("UPDATE users SET active = false WHERE id = $1", [bram.userID])
            let now = Self.noon("2027-06-02", zone)
            let created = try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) }
            let reference = rule.occurrences(from: LocalDate("2027-06-02")!, in: zone, closedDates: [LocalDate("2027-06-21")!])
            let actual = try await Self.generated(fixedShiftID: rule.id, from: "2027-06-02", pool: server.pool)
            #expect(actual.map(\.date) == reference.map(\.date))
            #expect(actual.map(\.date).map(\.description) == ["2027-06-14", "2027-06-28", "2027-07-05", "2027-07-12"])
            #expect(created == 4, "nothing for the deactivated member")
        }
    }

    @Test func concurrentMaintenanceRunsGenerateOnce() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let rule = try await Self.insertRule(workplaceID: boss.workplaceID, owner: boss.userID, weekday: .friday, start: "12:00", minutes: 60, pool: server.pool)
            // The server's own maintenance run at start may already have generated; count rows, not return values.
            let pool = server.pool
            let results = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<4 { group.addTask { try await ScheduleMaintenanceService.generateOnce(pool: pool, asOf: Date()) } }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(results.compactMap { $0 }.reduce(0, +) <= 8)
            // All four may have found the lock taken by the server's own start-up run; once that has
            // committed, a later run must get the lock and must not add what is already there.
            var later: Int?
            for _ in 0..<100 where later == nil {
                later = try await ScheduleMaintenanceService.generateOnce(pool: pool, asOf: Date())
                if later == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(later != nil, "the generation lock was never released")
            #expect(results.compactMap { $0 }.reduce(0, +) + (later ?? 0) <= 8)
            let rows = try await Self.generated(fixedShiftID: rule.id, from: "2000-01-01", pool: server.pool)
            #expect(rows.count == 8, "eight weeks of Fridays, once")
        }
    }
}
