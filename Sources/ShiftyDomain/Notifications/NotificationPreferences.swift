import Foundation

/// One person's choices: channels per kind, quiet hours and the daily digest.
public struct NotificationPreferences: Equatable, Sendable {
    /// Channels per kind; a kind missing here takes ``NotificationKind/defaultChannels``.
    public var channels: [NotificationKind: Set<NotificationChannel>]
    public var quietHours: QuietHours?
    /// E-mails (not pushes) wait for one daily digest at ``digestMinute`` instead of going one by one.
    public var digest: Bool
    /// Minutes after local midnight the digest goes out (default 07:00).
    public var digestMinute: Int

    public init(
        channels: [NotificationKind: Set<NotificationChannel>] = [:], quietHours: QuietHours? = nil,
        digest: Bool = false, digestMinute: Int = 7 * 60
    ) {
        self.channels = channels
        self.quietHours = quietHours
        self.digest = digest
        self.digestMinute = digestMinute
    }

    /// The channels `kind` goes to for this person.
    public func channels(for kind: NotificationKind) -> Set<NotificationChannel> {
        guard kind.isConfigurable else { return kind.defaultChannels }
        return channels[kind] ?? kind.defaultChannels
    }

    /// When a message of `kind` on `channel`, made at `now`, may be sent: at once, at the end of the
    /// quiet hours ("held until morning"), or with the next digest. Times are the workplace's wall
    /// clock in `timeZone`. Account messages (a reset link someone is waiting for) are never held.
    public func sendAt(_ now: Date, kind: NotificationKind, channel: NotificationChannel, timeZone: TimeZone) -> Date {
        guard kind != .account else { return now }
        if digest, channel == .email {
            return QuietHours.next(minuteOfDay: digestMinute, after: now, timeZone: timeZone)
        }
        if let quietHours, quietHours.contains(now, timeZone: timeZone) {
            return QuietHours.next(minuteOfDay: quietHours.endMinute, after: now, timeZone: timeZone)
        }
        return now
    }

    /// Whether an e-mail goes into the digest rather than alone.
    public func isDigested(kind: NotificationKind, channel: NotificationChannel) -> Bool {
        digest && channel == .email && kind != .account
    }
}

/// A nightly window in which nothing is sent (minutes after local midnight; a start after the end
/// wraps past midnight, e.g. 22:00–07:00).
public struct QuietHours: Equatable, Sendable {
    public var startMinute: Int
    public var endMinute: Int

    public init?(startMinute: Int, endMinute: Int) {
        guard (0..<1440).contains(startMinute), (0..<1440).contains(endMinute), startMinute != endMinute else { return nil }
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// Whether `instant` falls inside the window in `timeZone`.
    public func contains(_ instant: Date, timeZone: TimeZone) -> Bool {
        let minute = Self.minuteOfDay(instant, timeZone: timeZone)
        if startMinute < endMinute { return minute >= startMinute && minute < endMinute }
        return minute >= startMinute || minute < endMinute
    }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    static func minuteOfDay(_ instant: Date, timeZone: TimeZone) -> Int {
        let parts = calendar(timeZone).dateComponents([.hour, .minute], from: instant)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// The first instant after `instant` whose wall-clock time in `timeZone` is `minuteOfDay`
    /// (on a day the clock skips that time, the first time after the gap).
    public static func next(minuteOfDay: Int, after instant: Date, timeZone: TimeZone) -> Date {
        let components = DateComponents(hour: minuteOfDay / 60, minute: minuteOfDay % 60, second: 0)
        return calendar(timeZone).nextDate(after: instant, matching: components, matchingPolicy: .nextTime) ?? instant
    }
}
