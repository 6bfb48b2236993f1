import Foundation
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// The weeks of fixed shifts that generation left out because the rulebook refuses them
/// (`fixed_shift_skips`): the managers hear of each one once, in one `fixed_shift.week_skipped`
/// event per workplace and run, listing the weeks new to the list.
enum FixedShiftSkips {
    /// One skipped week as the event carries it.
    struct Week: Encodable, Sendable {
        var fixedShiftId: Int64
        var userId: Int64
        var userName: String
        var date: String
        var startTime: String
        var endTime: String
        var position: String?
        /// The refusal codes of the rules that refuse it (`overlapping_shift`, `not_qualified`…).
        var rules: [String]
    }

    struct Payload: Encodable, Sendable {
        var skipped: [Week]
    }

    /// Forgets the weeks generation has now created, lists the ones it skipped, and tells the
    /// workplace's active managers about those not listed before.
    static func record(
        _ decision: GenerationDecision, workplaceID: Int64, timeZone: WorkplaceTimeZone, on connection: PostgresConnection
    ) throws {
        if !decision.accepted.isEmpty {
            try connection.execute(
                """
                DELETE FROM fixed_shift_skips k USING unnest(\(decision.accepted.map(\.fixedShiftID.rawValue))::bigint[], \(decision.accepted.map(\.date.description))::text[]) AS a(fixed_shift_id, local_date)
                WHERE k.fixed_shift_id = a.fixed_shift_id AND k.local_date = a.local_date::date
                """)
        }
        guard !decision.skipped.isEmpty else { return }
        let codes: (SkippedOccurrence) -> [String] = { $0.rules.map { ProblemCode($0.code).rawValue } }
        let new = Set(try connection.query(
            """
            INSERT INTO fixed_shift_skips (fixed_shift_id, local_date, workplace_id, rules)
            SELECT s.fixed_shift_id, s.local_date::date, \(workplaceID), string_to_array(s.rules, ',')
            FROM unnest(\(decision.skipped.map(\.occurrence.fixedShiftID.rawValue))::bigint[], \(decision.skipped.map(\.occurrence.date.description))::text[], \(decision.skipped.map { codes($0).joined(separator: ",") })::text[]) AS s(fixed_shift_id, local_date, rules)
            ON CONFLICT (fixed_shift_id, local_date) DO NOTHING
            RETURNING fixed_shift_id, local_date::text AS local_date
            """).map { OccurrenceKey(fixedShiftID: FixedShiftID(rawValue: try $0.decode("fixed_shift_id")), date: try $0.localDate("local_date")) })
        let told = decision.skipped.filter { new.contains(OccurrenceKey(fixedShiftID: $0.occurrence.fixedShiftID, date: $0.occurrence.date)) }
        guard !told.isEmpty else { return }
        let owners = Array(Set(told.map(\.occurrence.owner.rawValue))).sorted()
        let names = Dictionary(
            try connection.query("SELECT id, display_name FROM users WHERE id = ANY(\(owners))")
                .map { (try $0.decode("id", as: Int64.self), try $0.decode("display_name", as: String.self)) },
            uniquingKeysWith: { first, _ in first })
        let time: (Date) -> String = { timeZone.localDateTime(of: $0).time.description }
        let weeks = told.sorted { ($0.occurrence.date, $0.occurrence.start) < ($1.occurrence.date, $1.occurrence.start) }.map {
            Week(
                fixedShiftId: $0.occurrence.fixedShiftID.rawValue, userId: $0.occurrence.owner.rawValue,
                userName: names[$0.occurrence.owner.rawValue] ?? "", date: $0.occurrence.date.description,
                startTime: time($0.occurrence.start), endTime: time($0.occurrence.end), position: $0.occurrence.positionLabel,
                rules: codes($0))
        }
        let managers = try TimeOffStore.managerIDs(workplaceID: workplaceID, on: connection)
        try ShiftAnnouncer.announce([.weeksSkipped(weeks, managers: managers)], workplaceID: workplaceID, on: connection)
    }
}
