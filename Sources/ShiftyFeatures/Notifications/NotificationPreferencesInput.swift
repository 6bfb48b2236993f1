import Foundation
import ShiftyAPI
import ShiftyDomain

/// The PUT body: every field optional; absent kinds keep their defaults. A value that is not
/// right throws ``NotificationPreferencesRefusal``.
package struct NotificationPreferencesInput: Decodable, Sendable {
    typealias Window = NotificationPreferencesView.Window

    var channels: [String: [String]]?
    var quietHours: Window?
    var digest: Bool?
    var digestTime: String?

    package func validated() throws -> NotificationPreferences {
        var preferences = NotificationPreferences()
        for (key, values) in channels ?? [:] {
            guard let kind = NotificationKind(rawValue: key), kind.isConfigurable else {
                throw NotificationPreferencesRefusal.unknownKind(key: key)
            }
            var set: Set<NotificationChannel> = []
            for value in values {
                guard let channel = NotificationChannel(rawValue: value) else {
                    throw NotificationPreferencesRefusal.unknownChannel(key: key, value: value)
                }
                set.insert(channel)
            }
            preferences.channels[kind] = set
        }
        if let window = quietHours {
            let start = try Self.minute(window.start, field: "quietHours.start")
            let end = try Self.minute(window.end, field: "quietHours.end")
            guard let hours = QuietHours(startMinute: start, endMinute: end) else {
                throw NotificationPreferencesRefusal.quietHoursEmpty
            }
            preferences.quietHours = hours
        }
        preferences.digest = digest ?? false
        if let digestTime { preferences.digestMinute = try Self.minute(digestTime, field: "digestTime") }
        return preferences
    }

    /// "22:30" → 1350.
    static func minute(_ text: String, field: String) throws -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute)
        else { throw NotificationPreferencesRefusal.timeMalformed(field: field) }
        return hour * 60 + minute
    }

    static func clock(_ minute: Int) -> String {
        String(format: "%02d:%02d", minute / 60, minute % 60)
    }
}
