import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres

/// Demo time off and availability (issue 16): sara is on holiday all of next week (approved by
/// maria, so her shifts that week are on the marketplace, hers to cover until picked up); she also
/// cannot work Monday mornings and prefers Saturday evenings.
extension DemoSeeder {
    static let demoHoliday = (username: "sara", reason: "Holiday")
    static let demoAvailability = (
        username: "sara",
        entries: [
            WeeklyAvailability(weekday: .monday, from: .midnight, to: LocalTime(hour: 12, minute: 0)!),
            WeeklyAvailability(weekday: .saturday, from: LocalTime(hour: 18, minute: 0)!, to: .midnight, kind: .preferred),
        ])

    /// Seeds both once (when the workplace has no time off and sara no availability).
    func seedTimeOff(logger: Logger, now: Date = Date()) async throws {
        try await pool.transaction { connection in
            guard let row = try connection.query(
                """
                SELECT w.id, w.time_zone, m.id AS manager_id, s.id AS holiday_id, f.id AS available_id
                FROM workplaces w
                JOIN users m ON m.workplace_id = w.id AND m.username = 'maria'
                JOIN users s ON s.workplace_id = w.id AND s.username = \(Self.demoHoliday.username)
                JOIN users f ON f.workplace_id = w.id AND f.username = \(Self.demoAvailability.username)
                WHERE w.slug = \(Self.workplaceSlug)
                """).first else { return }
            let workplaceID: Int64 = try row.decode("id")
            let zone = try WorkplaceTimeZone(identifier: try row.decode("time_zone"))
            let existing = try connection.query(
                "SELECT count(*)::bigint AS n FROM time_off_requests WHERE workplace_id = \(workplaceID)")[0].decode("n", as: Int64.self)
            if existing == 0 {
                let nextMonday = ISOWeek(containing: zone.localDate(of: now)).monday.adding(days: 7)
                let period = TimeOffPeriod(firstDate: nextMonday, lastDate: nextMonday.adding(days: 6))
                let id = try TimeOffStore.insert(
                    workplaceID: workplaceID, userID: try row.decode("holiday_id"), period: period, interval: period.interval(in: zone),
                    reason: Self.demoHoliday.reason, on: connection)
                let manager = MarketplaceCaller(userID: try row.decode("manager_id"), workplaceID: workplaceID, isManager: true)
                let approved = try TimeOffService.approve(id, by: manager, note: "Enjoy the sun!", now: now, on: connection)
                logger.info("demo time off seeded", metadata: ["released_shifts": "\(approved.releasedShiftIds?.count ?? 0)"])
            }
            let availabilityID: Int64 = try row.decode("available_id")
            let entries = try connection.query(
                "SELECT count(*)::bigint AS n FROM member_availability WHERE user_id = \(availabilityID)")[0].decode("n", as: Int64.self)
            if entries == 0 {
                for entry in Self.demoAvailability.entries {
                    try connection.execute(
                        "INSERT INTO member_availability (user_id, weekday, from_time, to_time, kind) VALUES (\(availabilityID), \(entry.weekday.rawValue), \(entry.from.description)::time, \(entry.to.description)::time, \(entry.kind.rawValue))")
                }
            }
        }
    }
}
