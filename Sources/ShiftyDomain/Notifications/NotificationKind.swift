/// What a notification is about, the unit people choose channels for (Account → Notifications).
///
/// Each kind groups event types that matter to a person in the same way; the server maps its event
/// types onto these (`NotificationKind(eventType:)` in ShiftyServer).
public enum NotificationKind: String, CaseIterable, Codable, Sendable {
    /// A manager approved or rejected a deal of mine (with the note), or it was cancelled, declined or expired.
    case decision
    /// Someone suggested a shift for my request, or proposed a swap to me.
    case suggestion
    /// My shift was picked up, unassigned, assigned to me or removed by a closed day.
    case shiftChange
    /// My shift starts soon.
    case reminder
    /// A shift was offered on the marketplace.
    case offer
    /// A manager decided my time off (issue 16 writes these events).
    case timeOff
    /// A manager decided my request to add, change or end a fixed shift; for managers: a member asks.
    case fixedShiftRequest
    /// A password reset link or an invitation: always by e-mail, not switchable.
    case account

    /// Channels a person gets when they chose nothing: decisions, reminders and changes to my shifts
    /// by push and e-mail, suggestions by push, marketplace offers in the page only.
    public var defaultChannels: Set<NotificationChannel> {
        switch self {
        case .decision, .reminder, .shiftChange, .timeOff, .fixedShiftRequest: [.inApp, .email, .push]
        case .suggestion: [.inApp, .push]
        case .offer: [.inApp]
        case .account: [.email]
        }
    }

    /// Whether people may change its channels (a reset link the person asked for must arrive).
    public var isConfigurable: Bool { self != .account }
}

/// Where a notification reaches a person.
public enum NotificationChannel: String, CaseIterable, Codable, Sendable, Comparable {
    /// The notifications list and live stream of the page (the `events` table itself).
    case inApp
    case email
    /// Web Push to a browser or phone.
    case push

    public static func < (lhs: NotificationChannel, rhs: NotificationChannel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
