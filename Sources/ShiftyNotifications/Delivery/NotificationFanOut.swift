import Foundation
import ShiftyDomain
import ShiftyEvents
import ShiftyLocalization
import ShiftyPostgres

/// Turns new rows of the `events` table into delivery rows, one per (event, person, channel).
///
/// Each workplace has a cursor (`notification_cursors`). A pass locks cursors with
/// `FOR UPDATE SKIP LOCKED`, so instances work on different workplaces at the same time and never
/// on the same one; it reads the events after the cursor, writes their deliveries and moves the
/// cursor in one transaction, so a crash mid-pass leaves the cursor where it was and the next pass
/// writes the same rows (the unique `(dedupe_key, channel, user_id)` makes that a no-op). A
/// workplace's events become visible in id order (``EventWriter/lockWorkplaceEvents(_:on:)``), so a
/// cursor never skips an event that commits late.
struct NotificationFanOut: Sendable {
    /// The channels something can deliver (a sender is configured); rows for others are not written.
    var channels: Set<NotificationChannel>
    var links: NotificationLinks
    var workplacesPerPass = 20
    var eventsPerWorkplace = 1000

    /// One recipient of an event as the fan-out needs them.
    struct Person {
        var id: Int64
        var email: String?
        /// Whether they have a push device at all: without one a push row could only fail.
        var hasPushDevice: Bool
        var preferences: NotificationPreferences
        /// Their own language, else the workplace's: the language their notifications are written in.
        var language: LanguageCode
    }

    /// Creates cursors for new workplaces, then works through the workplaces with new events.
    /// Returns how many delivery rows were written.
    @discardableResult
    func pass(now: Date, pool: PostgresPool) async throws -> Int {
        try await pool.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO notification_cursors (workplace_id, last_event_id)
                SELECT w.id, 0 FROM workplaces w WHERE NOT EXISTS (SELECT 1 FROM notification_cursors c WHERE c.workplace_id = w.id)
                ON CONFLICT (workplace_id) DO NOTHING
                """)
        }
        var written = 0
        while true {
            let (workplaces, rows) = try await pool.transaction { connection in try passOnce(now: now, on: connection) }
            written += rows
            if workplaces < workplacesPerPass { break }
        }
        return written
    }

    /// One transaction's worth: returns (workplaces handled, rows written).
    func passOnce(now: Date, on connection: PostgresConnection) throws -> (Int, Int) {
        let cursors = try connection.query(
            """
            SELECT c.workplace_id, c.last_event_id, w.time_zone, w.settings->>'language' AS language FROM notification_cursors c JOIN workplaces w ON w.id = c.workplace_id
            WHERE EXISTS (SELECT 1 FROM events e WHERE e.workplace_id = c.workplace_id AND e.id > c.last_event_id)
            ORDER BY c.workplace_id LIMIT \(workplacesPerPass) FOR UPDATE OF c SKIP LOCKED
            """)
        var written = 0
        for cursor in cursors {
            let workplaceID: Int64 = try cursor.decode("workplace_id")
            let after: Int64 = try cursor.decode("last_event_id")
            let timeZone = TimeZone(identifier: try cursor.decode("time_zone")) ?? .gmt
            let workplaceLanguage = (try cursor.decode("language") as String?).map { LanguageCode($0) } ?? .english
            let events = try connection.query(
                "SELECT id, type, audience, user_ids, payload::text AS payload FROM events WHERE workplace_id = \(workplaceID) AND id > \(after) ORDER BY id LIMIT \(eventsPerWorkplace)")
            var last = after
            for event in events {
                let id: Int64 = try event.decode("id")
                last = max(last, id)
                guard !channels.isEmpty,
                      let type = EventType(rawValue: try event.decode("type")), let kind = NotificationKind(type)
                else { continue }
                let payload = (try? JSONSerialization.jsonObject(with: Data((try event.decode("payload") as String).utf8))) as? [String: Any] ?? [:]
                let actor = (payload["actorId"] as? NSNumber)?.int64Value
                var userIDs: [Int64] = try event.decode("user_ids")
                // A time-off decision is addressed to the managers too (for their queue); only the
                // member it belongs to is notified of it.
                if kind == .timeOff, let member = ((payload["timeOff"] as? [String: Any])?["userId"] as? NSNumber)?.int64Value {
                    userIDs = userIDs.filter { $0 == member }
                }
                // A fixed-shift request reaches the managers when it is made, and its member when decided.
                if kind == .fixedShiftRequest,
                   let member = ((payload["fixedShiftRequest"] as? [String: Any])?["userId"] as? NSNumber)?.int64Value {
                    userIDs = type == .server(.fixedShiftRequestRequested) ? userIDs.filter { $0 != member } : userIDs.filter { $0 == member }
                }
                let audience: String = try event.decode("audience")
                let people = try recipients(
                    workplaceID: workplaceID, kind: kind, audience: audience, userIDs: userIDs, excluding: actor,
                    workplaceLanguage: workplaceLanguage, on: connection)
                for person in people {
                    let text = NotificationText.of(
                        type: type, payload: payload, language: person.language, timeZone: timeZone)
                    for channel in person.preferences.channels(for: kind).intersection(channels) where channel != .inApp {
                        if channel == .email, person.email == nil { continue }
                        if channel == .push, !person.hasPushDevice { continue }
                        written += try NotificationDeliveryStore.insert(
                            workplaceID: workplaceID, userID: person.id, address: nil, eventID: id, dedupeKey: "event:\(id)",
                            kind: kind, channel: channel, text: text,
                            messageID: links.messageID("e\(id).u\(person.id).\(channel.rawValue)"),
                            digest: person.preferences.isDigested(kind: kind, channel: channel),
                            notBefore: person.preferences.sendAt(now, kind: kind, channel: channel, timeZone: timeZone),
                            on: connection)
                    }
                }
            }
            try connection.execute("UPDATE notification_cursors SET last_event_id = \(last) WHERE workplace_id = \(workplaceID)")
        }
        return (cursors.count, written)
    }

    static let hasPushDevice =
        "EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id AND s.workplace_id = u.workplace_id) AS has_push_device"

    /// The active members an event concerns, with their e-mail and preferences, without the person
    /// who caused it. Workplace-wide events (offers) reach only people who chose a channel beyond
    /// the page for them, which the default does not, so a large workplace costs nothing by default.
    func recipients(
        workplaceID: Int64, kind: NotificationKind, audience: String, userIDs: [Int64], excluding actor: Int64?,
        workplaceLanguage: LanguageCode = .english, on connection: PostgresConnection
    ) throws -> [Person] {
        let query: PostgresQuery
        switch audience {
        case "users":
            guard !userIDs.isEmpty else { return [] }
            query = """
                SELECT u.id, u.email, u.language, \(sql: Self.hasPushDevice), \(sql: NotificationPreferencesStore.columns) FROM users u
                LEFT JOIN notification_preferences p ON p.user_id = u.id
                WHERE u.workplace_id = \(workplaceID) AND u.active AND u.id = ANY(\(userIDs)) ORDER BY u.id
                """
        case "workplace":
            query = """
                SELECT u.id, u.email, u.language, \(sql: Self.hasPushDevice), \(sql: NotificationPreferencesStore.columns) FROM users u
                JOIN notification_preferences p ON p.user_id = u.id
                WHERE u.workplace_id = \(workplaceID) AND u.active AND p.channels ? \(bind: kind.rawValue) ORDER BY u.id
                """
        default:
            return []
        }
        return try connection.query(query).compactMap { row in
            let id: Int64 = try row.decode("id")
            guard id != actor else { return nil }
            let email: String? = try row.decode("email")
            return Person(
                id: id, email: email.flatMap { $0.isEmpty ? nil : $0 }, hasPushDevice: try row.decode("has_push_device"),
                preferences: try NotificationPreferencesStore.preferences(from: row),
                language: (try row.decode("language") as String?).map { LanguageCode($0) } ?? workplaceLanguage)
        }
    }
}
