import Foundation
import ShiftyPostgres
import ShiftyServerCore

/// Rows for the `events` outbox, in order, written in one statement inside the caller's
/// transaction (one round trip and one NOTIFY however many rows a change implies).
///
/// Every row is checked as ``EventWriter/insert(workplaceID:type:audience:userIDs:payload:on:)``
/// checks it (fail closed: never addressed more widely than its type allows) and encoded as it
/// encodes it, so a batch puts exactly the rows on the wire that one insert per row would.
package struct EventBatch: Sendable {
    private var workplaceIDs: [Int64] = []
    private var types: [String] = []
    private var audiences: [String] = []
    /// Each row's members as an array literal (`{1,2}`), so the rows travel as five flat arrays.
    private var users: [String] = []
    private var payloads: [String] = []

    package init() {}

    package var isEmpty: Bool { types.isEmpty }
    package var count: Int { types.count }

    /// Adds one row for `type`'s audience or a narrower one it allows (`userIDs` names the members
    /// of a `.users` row); `payload` is encoded as JSON.
    package mutating func append<Payload: Encodable>(
        workplaceID: Int64, type: EventType, audience: EventAudience? = nil, userIDs: [Int64] = [], payload: Payload
    ) throws {
        try append(
            workplaceID: workplaceID, type: type, audience: audience, userIDs: userIDs,
            json: String(decoding: try APIJSON.encoder.encode(payload), as: UTF8.self))
    }

    /// Adds one row whose payload is JSON already.
    package mutating func append(
        workplaceID: Int64, type: EventType, audience: EventAudience? = nil, userIDs: [Int64] = [], json: String
    ) throws {
        let audience = audience ?? type.audience
        // Fail closed: a row must never reach more people than its type may.
        guard type.allows(audience) else { throw EventAudienceMismatch(type: type, audience: audience) }
        workplaceIDs.append(workplaceID)
        types.append(type.rawValue)
        audiences.append(audience.rawValue)
        users.append("{" + (audience == .users ? userIDs.sorted() : []).map(String.init).joined(separator: ",") + "}")
        payloads.append(json)
    }

    /// Writes the rows in order, in one statement that first takes the event locks of their
    /// workplaces (in stripe order, before any id is drawn: ``EventWriter/lockWorkplaceEvents(_:on:)``
    /// says why). `alongside` is another data-modifying statement of the same change that rides
    /// in the same round trip (a transition's history rows); its parameters come first. Without
    /// rows, only `alongside` runs.
    package func write(on connection: PostgresConnection, alongside statement: PostgresQuery? = nil) throws {
        guard !isEmpty else {
            if let statement { try connection.execute(statement) }
            return
        }
        let alongside: PostgresQuery = statement.map { "alongside AS (\($0)),\n" } ?? ""
        try connection.execute(
            """
            WITH \(alongside)event_lock AS MATERIALIZED (
                SELECT count(pg_advisory_xact_lock(\(EventWriter.advisoryLockNamespace)::int4, stripe)) AS locked FROM (
                    SELECT DISTINCT (w % \(EventWriter.lockStripes)::bigint)::int4 AS stripe FROM unnest(\(workplaceIDs)::bigint[]) AS w ORDER BY stripe
                ) AS stripes
            )
            INSERT INTO events (workplace_id, type, audience, user_ids, manager_only, payload)
            SELECT e.workplace_id, e.type, e.audience, e.user_ids::bigint[], e.audience = 'managers', e.payload::jsonb
            FROM event_lock CROSS JOIN unnest(
                \(workplaceIDs)::bigint[], \(types)::text[], \(audiences)::text[], \(users)::text[], \(payloads)::text[]
            ) WITH ORDINALITY AS e(workplace_id, type, audience, user_ids, payload, n)
            ORDER BY e.n
            """)
    }
}
