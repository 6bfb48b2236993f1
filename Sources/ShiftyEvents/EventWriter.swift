import Foundation
import ShiftyPostgres
import ShiftyServerCore

/// Writes rows to the `events` outbox inside the caller's transaction.
///
/// Writing the event in the same transaction as the change means an event exists exactly when
/// the change committed; the `events` trigger NOTIFYs listeners after commit and they read the
/// rows by increasing id, so nothing is lost across reconnects.
package enum EventWriter {
    /// Inserts one event for the type's audience (``EventType/audience``) or a narrower one it
    /// allows (`userIDs` names the members of a `.users` event); `payload` is encoded as JSON.
    package static func insert<Payload: Encodable>(
        workplaceID: Int64, type: EventType, audience: EventAudience? = nil, userIDs: [Int64] = [],
        payload: Payload, on connection: PostgresConnection
    ) throws {
        let audience = audience ?? type.audience
        // Fail closed: a row must never reach more people than its type may.
        guard type.allows(audience) else { throw EventAudienceMismatch(type: type, audience: audience) }
        let json = String(decoding: try APIJSON.encoder.encode(payload), as: UTF8.self)
        try lockWorkplaceEvents(workplaceID, on: connection)
        try connection.execute(
            """
            INSERT INTO events (workplace_id, type, audience, user_ids, manager_only, payload)
            VALUES (\(workplaceID), \(type.rawValue), \(audience.rawValue), \(audience == .users ? userIDs.sorted() : []), \(audience == .managers), \(json)::jsonb)
            """)
    }

    /// Namespace of the advisory locks that order each workplace's events (first key of the two-key form).
    package static let advisoryLockNamespace: Int32 = 0x5348_4556  // "SHEV"
    /// Workplaces share this many lock stripes (`id % stripes`), so a run that writes events for every
    /// workplace (schedule generation) takes a bounded number of locks.
    package static let lockStripes: Int64 = 64

    /// Takes the workplace's event lock until the transaction ends, *before* an id is drawn.
    ///
    /// Identity values are drawn when a row is inserted, not when it commits, so without this lock a
    /// transaction could draw id 10, commit after another one that drew 11, and a listener that already
    /// moved past 11 would never see 10. Holding the lock from before the draw until commit makes the
    /// ids of one workplace visible in id order, which is what `resume {after}` and the listeners'
    /// per-workplace cursors rely on. Re-taking it in the same transaction is free.
    static func lockWorkplaceEvents(_ workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            "SELECT pg_advisory_xact_lock(\(advisoryLockNamespace)::int4, (\(workplaceID)::bigint % \(lockStripes)::bigint)::int4)")
    }

    /// Takes the event locks of every workplace (`nil`) or one, in stripe order, before a statement
    /// that inserts events for many workplaces at once.
    package static func lockEvents(ofWorkplace workplaceID: Int64?, on connection: PostgresConnection) throws {
        _ = try connection.query(
            """
            SELECT pg_advisory_xact_lock(\(advisoryLockNamespace)::int4, stripe) FROM (
                SELECT DISTINCT (id % \(lockStripes)::bigint)::int4 AS stripe FROM workplaces WHERE (\(workplaceID)::bigint IS NULL OR id = \(workplaceID))
                ORDER BY stripe
            ) AS stripes
            """)
    }
}
