import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres

extension DemoSeeder {
    /// How many days of punches the demo gets, ending yesterday: the previous month's report and
    /// the "last 30 days" chart both have something real to show.
    static let punchDays = 35

    /// Gives every demo member about five weeks of punches: a morning block, a lunch break and an
    /// afternoon block (four punches a day), with realistic variation, a Friday evening shift
    /// across midnight for Chloé, long days for Finn, a few absences for Bram (diligence pay) and one forgotten
    /// check-out for a manager to fix.
    ///
    /// Idempotent: nothing happens when the demo workplace already has demo punches. The pattern
    /// is derived from the member and the date, not from a random generator, so every demo looks
    /// the same for the same dates.
    @discardableResult
    public func seedPunches(logger: Logger, now: Date = Date()) async throws -> Int {
        let inserted = try await pool.transaction { connection -> Int in
            let workplaces = try connection.query("SELECT id, time_zone FROM workplaces WHERE slug = \(Self.workplaceSlug) FOR UPDATE")
            guard let workplace = workplaces.first else { return 0 }
            let workplaceID: Int64 = try workplace.decode("id")
            let already = try connection.query("SELECT 1 FROM punches WHERE workplace_id = \(workplaceID) AND source = 'demo' LIMIT 1")
            guard already.isEmpty else { return 0 }
            let timeZone = (try? WorkplaceTimeZone(identifier: try workplace.decode("time_zone"))) ?? .utc
            let members = try connection.query("SELECT id, username FROM users WHERE workplace_id = \(workplaceID) AND active")
            let today = timeZone.localDate(of: now)
            var userIDs: [Int64] = []
            var instants: [Date] = []
            var kinds: [String] = []
            for member in members {
                let id: Int64 = try member.decode("id")
                let username: String = try member.decode("username")
                for offset in 1...Self.punchDays {
                    for punch in Self.demoPunches(username: username, date: today.adding(days: -offset), timeZone: timeZone) where punch.instant < now {
                        userIDs.append(id)
                        instants.append(punch.instant)
                        kinds.append(punch.kind.rawValue)
                    }
                }
            }
            guard !userIDs.isEmpty else { return 0 }
            try Self.insertPastShifts(members: members, workplaceID: workplaceID, today: today, timeZone: timeZone, on: connection)
            // One statement for all rows: arrays unnested side by side.
            return try connection.execute(
                """
                INSERT INTO punches (workplace_id, user_id, at, kind, source)
                SELECT \(workplaceID), u, to_timestamp(t::float8), k, 'demo' FROM unnest(\(userIDs)::bigint[], \(instants.map { $0.timeIntervalSince1970.description })::text[], \(kinds)::text[]) AS x(u, t, k)
                """)
        }
        if inserted > 0 { logger.info("demo punches seeded", metadata: ["punches": "\(inserted)"]) }
        return inserted
    }

    /// The shifts the demo's punches were worked against: one per member and day with punches, at the
    /// nominal hours of `demoPunches` (08:00–16:30, Saturdays 10:00–15:30, Chloé's Fridays 18:00–01:00)
    /// in the member's usual position, so the reports' "scheduled vs worked" and "hours by position"
    /// have something real to show. Marked touched: generation never looks at past days anyway.
    static func insertPastShifts(
        members: PostgresRows, workplaceID: Int64, today: LocalDate, timeZone: WorkplaceTimeZone, on connection: PostgresConnection
    ) throws {
        var owners: [Int64] = [], dates: [String] = [], starts: [String] = [], ends: [String] = [], positions: [String] = []
        for member in members {
            let id: Int64 = try member.decode("id")
            let username: String = try member.decode("username")
            let position = demoFixedShifts.first { $0.username == username }?.position ?? "floor"
            for offset in 1...punchDays {
                let date = today.adding(days: -offset)
                guard !demoPunches(username: username, date: date, timeZone: timeZone).isEmpty else { continue }
                let (startMinute, minutes) = switch (username, date.weekday) {
                case ("chloe", .friday): (18 * 60, 7 * 60)
                case (_, .saturday): (10 * 60, 330)
                default: (8 * 60, 510)
                }
                guard let time = LocalTime(minutesSinceMidnight: startMinute) else { continue }
                let start = timeZone.instant(on: date, at: time)
                owners.append(id)
                dates.append(date.description)
                starts.append(start.timeIntervalSince1970.description)
                ends.append(start.addingTimeInterval(TimeInterval(minutes * 60)).timeIntervalSince1970.description)
                positions.append(position)
            }
        }
        guard !owners.isEmpty else { return }
        try connection.execute(
            """
            INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position, touched)
            SELECT \(workplaceID), o, d::date, to_timestamp(s::float8), to_timestamp(e::float8), p, true
            FROM unnest(\(owners)::bigint[], \(dates)::text[], \(starts)::text[], \(ends)::text[], \(positions)::text[]) AS x(o, d, s, e, p)
            """)
    }

    /// One member's punches for one date (possibly none).
    static func demoPunches(username: String, date: LocalDate, timeZone: WorkplaceTimeZone) -> [Punch] {
        let roll = DemoDice(username: username, date: date)
        let weekday = date.weekday
        if username == "chloe", weekday == .friday {
            // Evening shift until one in the morning: split at local midnight by the calculator.
            return block(date: date, startMinute: 18 * 60 + roll.value(0, 10), minutes: 7 * 60 + roll.value(1, 15), timeZone: timeZone)
        }
        if weekday == .sunday { return [] }
        if weekday == .saturday, roll.value(2, 4) == 0 { return [] }
        // Bram is absent now and then: his diligence absences hit the cap of 3.
        if username == "bram", roll.value(3, 6) == 0 { return [] }
        if roll.value(4, 12) == 0 { return [] }
        let start = (weekday == .saturday ? 10 * 60 : 8 * 60) + roll.value(5, 5) * 15 + roll.value(6, 7) - 3
        let morning = (weekday == .saturday ? 150 : 240) + roll.value(7, 31) - 15
        let lunch = 30 + roll.value(8, 11)
        // Finn stays late: the demo has some real overtime to show.
        let afternoon = (weekday == .saturday ? 150 : 240) + roll.value(9, 61) - 30 + (username == "finn" ? 75 : 0)
        var punches = block(date: date, startMinute: start, minutes: morning, timeZone: timeZone)
        let afternoonStart = start + morning + lunch
        punches += block(date: date, startMinute: afternoonStart, minutes: afternoon, timeZone: timeZone)
        // Daan forgot to check out once: an "odd punches" day for the manager to fix.
        if username == "daan", roll.value(10, 20) == 0 { punches.removeLast() }
        return punches
    }

    private static func block(date: LocalDate, startMinute: Int, minutes: Int, timeZone: WorkplaceTimeZone) -> [Punch] {
        guard let time = LocalTime(minutesSinceMidnight: max(0, min(startMinute, LocalTime.minutesPerDay - 1))) else { return [] }
        let start = timeZone.instant(on: date, at: time)
        return [Punch(.checkIn, at: start), Punch(.checkOut, at: start.addingTimeInterval(TimeInterval(minutes * 60)))]
    }
}

/// Deterministic "dice" for the demo: FNV-1a over the member, the date and a slot number.
struct DemoDice {
    let seed: UInt64

    init(username: String, date: LocalDate) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(username)|\(date)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        seed = hash
    }

    /// A number in `0..<upperBound` for slot `slot`.
    func value(_ slot: UInt64, _ upperBound: Int) -> Int {
        var mixed = seed ^ (slot &* 0x9e37_79b9_7f4a_7c15)
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(max(1, upperBound)))
    }
}
