import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Reads and writes a workplace's timeclock rules and time zone.
///
/// The rules live in `workplaces.settings` under `timeclock`, next to the other per-workplace
/// switches, so adding a rule later needs no migration.
package enum TimeclockSettingsStore {
    /// What every calculation for one workplace needs.
    package struct Context: Sendable {
        var workplaceID: Int64
        var slug: String
        var name: String
        package var timeZone: WorkplaceTimeZone
        var rules: TimeclockRules

        var calculator: TimeclockCalculator { TimeclockCalculator(rules: rules, timeZone: timeZone) }
    }

    package static func context(workplaceID: Int64, on connection: PostgresConnection) throws -> Context? {
        try context(where: "id = \(workplaceID)", on: connection)
    }

    static func context(slug: String, on connection: PostgresConnection) throws -> Context? {
        try context(where: "slug = \(bind: slug)", on: connection)
    }

    private static func context(where condition: PostgresQuery, on connection: PostgresConnection) throws -> Context? {
        let rows = try connection.query(
            "SELECT id, slug, name, time_zone, COALESCE(settings->'timeclock', '{}'::jsonb)::text AS rules FROM workplaces WHERE \(condition)")
        guard let row = rows.first else { return nil }
        let identifier: String = try row.decode("time_zone")
        let timeZone = (try? WorkplaceTimeZone(identifier: identifier)) ?? .utc
        let json: String = try row.decode("rules")
        let workplaceID: Int64 = try row.decode("id")
        // Absent rules are the seed's; stored rules that do not decode are an error, not the seed's.
        let document: TimeclockRulesDocument
        do {
            document = try JSONDecoder().decode(TimeclockRulesDocument.self, from: Data(json.utf8))
        } catch {
            throw StoredWorkplaceSettings.CorruptRow(workplaceID: workplaceID, reason: "timeclock: \(error)")
        }
        return Context(
            workplaceID: workplaceID, slug: try row.decode("slug"), name: try row.decode("name"),
            timeZone: timeZone, rules: document.applied(to: .seed))
    }

    static func save(_ rules: TimeclockRules, workplaceID: Int64, on connection: PostgresConnection) throws {
        let json = String(decoding: try JSONEncoder().encode(TimeclockRulesDocument(rules)), as: UTF8.self)
        try connection.execute(
            "UPDATE workplaces SET settings = jsonb_set(settings, '{timeclock}', \(json)::jsonb) WHERE id = \(workplaceID)")
    }
}
