import Foundation
import ShiftyDomain
import ShiftyPostgres

/// SQL for `notification_preferences`; a person without a row has the defaults.
package enum NotificationPreferencesStore {
    static let columns = "p.channels::text AS p_channels, p.quiet_start AS p_quiet_start, p.quiet_end AS p_quiet_end, p.digest AS p_digest, p.digest_minute AS p_digest_minute"

    /// The preferences in a row selected with ``columns`` over a LEFT JOIN (all NULL: defaults).
    static func preferences(from row: PostgresRow) throws -> NotificationPreferences {
        var preferences = NotificationPreferences()
        if let text: String = try row.decode("p_channels") {
            preferences.channels = decodeChannels(text)
        }
        if let start: Int = try row.decode("p_quiet_start"), let end: Int = try row.decode("p_quiet_end") {
            preferences.quietHours = QuietHours(startMinute: start, endMinute: end)
        }
        preferences.digest = (try row.decode("p_digest") as Bool?) ?? false
        preferences.digestMinute = (try row.decode("p_digest_minute") as Int?) ?? 7 * 60
        return preferences
    }

    /// `{"decision": ["inApp", "email"]}`; unknown kinds and channels are ignored.
    static func decodeChannels(_ text: String) -> [NotificationKind: Set<NotificationChannel>] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String]] else { return [:] }
        var result: [NotificationKind: Set<NotificationChannel>] = [:]
        for (key, values) in object {
            guard let kind = NotificationKind(rawValue: key), kind.isConfigurable else { continue }
            result[kind] = Set(values.compactMap(NotificationChannel.init(rawValue:)))
        }
        return result
    }

    static func encodeChannels(_ channels: [NotificationKind: Set<NotificationChannel>]) -> String {
        let object = Dictionary(uniqueKeysWithValues: channels.map { ($0.key.rawValue, $0.value.sorted().map(\.rawValue)) })
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    package static func load(userID: Int64, on connection: PostgresConnection) throws -> NotificationPreferences {
        let rows = try connection.query(
            "SELECT \(sql: columns) FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE u.id = \(userID)")
        guard let row = rows.first else { return NotificationPreferences() }
        return try preferences(from: row)
    }

    package static func save(_ preferences: NotificationPreferences, userID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            INSERT INTO notification_preferences (user_id, channels, quiet_start, quiet_end, digest, digest_minute, updated_at)
            VALUES (\(userID), \(encodeChannels(preferences.channels))::jsonb, \(preferences.quietHours?.startMinute), \(preferences.quietHours?.endMinute), \(preferences.digest), \(preferences.digestMinute), now())
            ON CONFLICT (user_id) DO UPDATE SET channels = EXCLUDED.channels, quiet_start = EXCLUDED.quiet_start,
                quiet_end = EXCLUDED.quiet_end, digest = EXCLUDED.digest, digest_minute = EXCLUDED.digest_minute, updated_at = now()
            """)
    }
}
