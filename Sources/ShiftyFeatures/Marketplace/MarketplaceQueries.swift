import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// Read-only SQL behind the marketplace views, scoped by workplace.
enum MarketplaceQueries {
    /// Shifts on the marketplace that have not started.
    static func supplied(workplaceID: Int64, now: Date, on connection: PostgresConnection) throws -> [ShiftyAPI.MarketShift] {
        try connection.query(suppliedStatement(workplaceID: workplaceID, now: now)).map(ShiftyAPI.MarketShift.init(row:))
    }

    /// The workplace's shifts on offer that start after `now`.
    static func suppliedStatement(workplaceID: Int64, now: Date) -> PostgresQuery {
        "\(sql: ShiftStore.select) WHERE s.workplace_id = \(workplaceID) AND s.status = 'supplied' AND s.starts_at > \(now) ORDER BY s.starts_at, s.id"
    }

    /// Live requests (open or waiting for approval) from today on, with their suggestions.
    static func requests(workplaceID: Int64, ids: [Int64]? = nil, now: Date, on connection: PostgresConnection) throws -> [ShiftyAPI.ShiftRequest] {
        let rows = try connection.query(
            """
            SELECT r.id, r.requester_id, u.display_name, r.local_date::text AS local_date, r.status, r.deal_id
            FROM requests r JOIN users u ON u.id = r.requester_id JOIN workplaces w ON w.id = r.workplace_id
            WHERE r.workplace_id = \(workplaceID)
              AND (\(ids)::bigint[] IS NULL AND r.status IN ('open', 'pending_deal')
                   AND r.local_date >= ((\(now)::timestamptz) AT TIME ZONE w.time_zone)::date
                   OR r.id = ANY(\(ids)))
            ORDER BY r.local_date, r.id
            """)
        let requestIDs = try rows.map { try $0.decode("id", as: Int64.self) }
        let suggestions = try connection.query(
            "\(sql: ShiftStore.select) WHERE s.workplace_id = \(workplaceID) AND s.status = 'suggested' AND s.request_id = ANY(\(requestIDs)) ORDER BY s.starts_at, s.id").map(ShiftyAPI.MarketShift.init(row:))
        let byRequest = Dictionary(grouping: suggestions, by: { $0.requestId ?? 0 })
        return try rows.map { row in try ShiftyAPI.ShiftRequest(row: row, suggestions: byRequest[try row.decode("id")] ?? []) }
    }

    /// The caller's free dates over the next eight weeks, in one query.
    static func freeDates(userID: Int64, workplaceID: Int64, now: Date, on connection: PostgresConnection) throws -> [FreeDateView] {
        try connection.query(
            """
            SELECT series.day::date::text AS day, extract(isodow FROM series.day)::int AS weekday, extract(week FROM series.day)::int AS week
            FROM workplaces w
            CROSS JOIN LATERAL generate_series(
                ((\(now)::timestamptz) AT TIME ZONE w.time_zone)::date::timestamp,
                ((\(now)::timestamptz) AT TIME ZONE w.time_zone)::date::timestamp + interval '55 days',
                interval '1 day') AS series(day)
            WHERE w.id = \(workplaceID)
              AND NOT EXISTS (SELECT 1 FROM shifts s WHERE s.owner_id = \(userID) AND s.status <> 'cancelled' AND s.local_date = series.day::date)
              AND NOT EXISTS (SELECT 1 FROM closed_days c WHERE c.workplace_id = \(workplaceID) AND c.day = series.day::date)
              AND NOT EXISTS (SELECT 1 FROM requests r WHERE r.requester_id = \(userID) AND r.local_date = series.day::date
                              AND r.status IN ('open', 'pending_deal'))
            ORDER BY series.day
            """).map { row in
            FreeDateView(
                date: try row.decode("day"), weekday: try row.decode("weekday"), week: "Week \(try row.decode("week", as: Int.self))")
        }
    }

    /// Deals of the workplace matching `condition` (a WHERE fragment over `d` with its values bound).
    /// With a `page`, the deals after its cursor, one more than its limit (to tell whether a next page exists).
    static func deals(
        workplaceID: Int64, condition: PostgresQuery, page: DealPage? = nil,
        on connection: PostgresConnection
    ) throws -> [ShiftyAPI.MarketDeal] {
        let pageCondition: PostgresQuery = page.map { "AND \($0.condition)" } ?? ""
        let rows = try connection.query(
            """
            SELECT d.id, d.kind, d.state, d.initiator_id, d.request_id, d.created_at, d.expires_at, d.decided_by,
                   d.decided_at, d.decision_note, decider.display_name AS decided_by_name
            FROM deals d LEFT JOIN users decider ON decider.id = d.decided_by
            WHERE d.workplace_id = \(workplaceID) AND (\(condition)) \(pageCondition)
            ORDER BY d.expires_at, d.id LIMIT \(sql: String(page.map { $0.limit + 1 } ?? DealPage.maximumLimit))
            """)
        let dealIDs = try rows.map { try $0.decode("id", as: Int64.self) }
        let legRows = try connection.query(
            """
            SELECT l.deal_id, l.shift_id, l.giver_id, g.display_name AS giver_name, l.receiver_id, r.display_name AS receiver_name
            FROM deal_legs l JOIN users g ON g.id = l.giver_id JOIN users r ON r.id = l.receiver_id
            WHERE l.deal_id = ANY(\(dealIDs)) ORDER BY l.deal_id, l.shift_id
            """)
        let shiftIDs = try legRows.map { try $0.decode("shift_id", as: Int64.self) }
        let shifts = Dictionary(
            try connection.query("\(sql: ShiftStore.select) WHERE s.id = ANY(\(shiftIDs)) AND s.workplace_id = \(workplaceID)")
                .map(ShiftyAPI.MarketShift.init(row:)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var legs: [Int64: [ShiftyAPI.MarketDeal.Leg]] = [:]
        for row in legRows {
            guard let shift = shifts[try row.decode("shift_id")] else { continue }
            legs[try row.decode("deal_id"), default: []].append(try ShiftyAPI.MarketDeal.Leg(row: row, shift: shift))
        }
        return try rows.map { row in try ShiftyAPI.MarketDeal(row: row, legs: legs[try row.decode("id")] ?? []) }
    }
}
