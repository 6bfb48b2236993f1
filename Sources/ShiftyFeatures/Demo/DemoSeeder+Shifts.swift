import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Demo schedules and marketplace activity, so a newcomer sees every workflow at once.
extension DemoSeeder {
    /// Weekly fixed shifts: everyone works two days a week, on different weekdays per pair.
    static let demoFixedShifts: [(username: String, weekday: Weekday, start: String, minutes: Int, position: String)] = [
        ("anna", .monday, "09:00", 480, "bar"), ("anna", .wednesday, "09:00", 480, "bar"),
        ("bram", .tuesday, "10:00", 420, "kitchen"), ("bram", .thursday, "10:00", 420, "kitchen"),
        ("chloe", .friday, "17:00", 420, "bar"), ("chloe", .saturday, "17:00", 480, "bar"),
        ("daan", .sunday, "11:00", 360, "floor"), ("daan", .monday, "16:00", 420, "kitchen"),
        ("emma", .tuesday, "16:00", 420, "floor"), ("emma", .friday, "09:00", 480, "floor"),
        ("finn", .wednesday, "16:00", 480, "kitchen"), ("finn", .saturday, "22:00", 360, "bar"),
        ("sara", .thursday, "09:00", 480, "floor"), ("sara", .sunday, "16:00", 420, "bar"),
    ]

    /// Creates the demo's fixed shifts (when the workplace has none), generates eight weeks, and
    /// puts some activity on the marketplace (when it has none): two supplied shifts, a pick-up
    /// waiting for approval, and an open request with a suggestion. Idempotent.
    @discardableResult
    public func seedShifts(logger: Logger, now: Date = Date()) async throws -> Int {
        let members = try await pool.query(
            "SELECT u.id, u.username, u.workplace_id FROM users u JOIN workplaces w ON w.id = u.workplace_id WHERE w.slug = \(Self.workplaceSlug)")
        var ids: [String: Int64] = [:]
        var workplaceID: Int64 = 0
        for row in members {
            ids[try row.decode("username")] = try row.decode("id")
            workplaceID = try row.decode("workplace_id")
        }
        guard workplaceID != 0 else { return 0 }
        let rules = Self.demoFixedShifts
        let memberIDs = ids
        let wpID = workplaceID
        let created = try await pool.transaction { connection -> Int in
            let existing: Int64 = try connection.query(
                "SELECT count(*)::bigint AS n FROM fixed_shifts WHERE workplace_id = \(wpID)")[0].decode("n")
            guard existing == 0 else { return 0 }
            let today = try ShiftStore.today(workplaceID: wpID, asOf: now, on: connection)
            for rule in rules {
                guard let owner = memberIDs[rule.username], let start = LocalTime(rule.start) else { continue }
                let fixed = try FixedShift(
                    id: FixedShiftID(rawValue: 0), owner: UserID(rawValue: owner), weekday: rule.weekday, startTime: start,
                    durationMinutes: rule.minutes, positionLabel: rule.position, validFrom: today)
                _ = try FixedShiftStore.insert(fixed, workplaceID: wpID, on: connection)
            }
            return rules.count
        }
        let generated = try await pool.transaction { try ScheduleGenerator.generate(asOf: now, workplaceID: wpID, on: $0) }
        logger.info("demo schedules", metadata: ["fixed_shifts_added": "\(created)", "shifts_generated": "\(generated)"])
        do {
            try await seedMarketplace(workplaceID: workplaceID, members: ids, now: now, logger: logger)
        } catch {
            // The demo must start even if, say, the clock makes a chosen shift illegal.
            logger.warning("demo marketplace not seeded: \(error)")
        }
        return created
    }

    private func seedMarketplace(workplaceID: Int64, members: [String: Int64], now: Date, logger: Logger) async throws {
        let activity: Int64 = try await pool.query(
            """
            SELECT (SELECT count(*) FROM deals WHERE workplace_id = \(workplaceID)) + (SELECT count(*) FROM requests WHERE workplace_id = \(workplaceID))
                 + (SELECT count(*) FROM shifts WHERE workplace_id = \(workplaceID) AND status <> 'scheduled') AS n
            """)[0].decode("n")
        guard activity == 0 else { return }
        let executor = MarketplaceExecutor(pool: pool, logger: logger, clock: { Date() })
        func caller(_ username: String) throws -> MarketplaceCaller {
            guard let id = members[username] else { throw DemoSeedError(missing: "demo member \(username)") }
            return MarketplaceCaller(userID: id, workplaceID: workplaceID, isManager: false)
        }
        /// The member's first plain shift on `weekday` at least `days` days from now.
        func shift(of username: String, on weekday: Weekday, atLeast days: Int) async throws -> (id: Int64, date: String) {
            let rows = try await pool.query(
                """
                SELECT s.id, s.local_date::text AS d FROM shifts s
                WHERE s.workplace_id = \(workplaceID) AND s.owner_id = \(members[username] ?? 0) AND s.status = 'scheduled'
                  AND extract(isodow FROM s.local_date) = \(Int64(weekday.isoNumber)) AND s.starts_at > \(now)::timestamptz + make_interval(days => \(Int64(days))::int)
                ORDER BY s.starts_at LIMIT 1
                """)
            guard let row = rows.first else { throw DemoSeedError(missing: "a shift of \(username)") }
            return (try row.decode("id"), try row.decode("d"))
        }

        // Two shifts on the marketplace.
        let annas = try await shift(of: "anna", on: .wednesday, atLeast: 7)
        try await executor.perform(try caller("anna"), .supply(ShiftID(rawValue: annas.id)))
        let finns = try await shift(of: "finn", on: .saturday, atLeast: 7)
        try await executor.perform(try caller("finn"), .supply(ShiftID(rawValue: finns.id)))

        // Chloé picked up Bram's Tuesday shift: it waits for Maria's approval.
        let brams = try await shift(of: "bram", on: .tuesday, atLeast: 7)
        try await executor.perform(try caller("bram"), .supply(ShiftID(rawValue: brams.id)))
        try await executor.perform(try caller("chloe")) { connection in
            .pickUp(ShiftID(rawValue: brams.id), newDealID: DealID(rawValue: try MarketplaceStore.reserveID(table: "deals", on: connection)))
        }

        // Daan wants extra work on a Tuesday; Emma suggests her shift that day.
        let emmas = try await shift(of: "emma", on: .tuesday, atLeast: 14)
        guard let date = LocalDate(emmas.date) else { return }
        try await executor.perform(try caller("daan")) { connection in
            .postRequests([NewRequest(id: RequestID(rawValue: try MarketplaceStore.reserveID(table: "requests", on: connection)), date: date)])
        }
        let requestID: Int64 = try await pool.query(
            "SELECT id FROM requests WHERE workplace_id = \(workplaceID) AND requester_id = \(members["daan"] ?? 0) AND local_date = \(emmas.date)::date")[0].decode("id")
        try await executor.perform(try caller("emma"), .suggest(ShiftID(rawValue: emmas.id), to: RequestID(rawValue: requestID)))
        logger.info("demo marketplace seeded")
    }
}
