import Foundation
import ShiftyPostgres

/// Writes rows to the `events` outbox inside the caller's transaction.
///
/// Writing the event in the same transaction as the change means an event exists exactly when
/// the change committed; the `events` trigger NOTIFYs listeners after commit and they read the
/// rows by increasing id, so nothing is lost across reconnects.
enum EventWriter {
    /// Inserts one event; `payload` is encoded as JSON.
    static func insert<Payload: Encodable>(
        workplaceID: Int64, type: String, audience: EventAudience, userIDs: [Int64] = [],
        payload: Payload, on connection: PostgresConnection
    ) throws {
        let json = String(decoding: try APIJSON.encoder.encode(payload), as: UTF8.self)
        try connection.execute(
            """
            INSERT INTO events (workplace_id, type, audience, user_ids, manager_only, payload)
            VALUES ($1, $2, $3, $4, $5, $6::jsonb)
            """,
            [workplaceID, type, audience.rawValue, userIDs.sorted(), audience == .managers, json]
        )
    }
}
