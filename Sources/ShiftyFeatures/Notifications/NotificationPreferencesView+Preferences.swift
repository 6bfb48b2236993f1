import ShiftyAPI
import ShiftyDomain

/// The preferences as the Account page shows them (``ShiftyAPI/NotificationPreferencesView``),
/// with what this server can send at all.
extension NotificationPreferencesView {
    package init(_ preferences: NotificationPreferences, caller: AuthenticatedUser, channels: Set<NotificationChannel>) {
        self.init(
            emailEnabled: channels.contains(.email), pushEnabled: channels.contains(.push),
            hasEmailAddress: !(caller.user.email ?? "").isEmpty,
            kinds: NotificationKind.allCases.filter(\.isConfigurable).map {
                Choice(
                    kind: Kind($0), channels: preferences.channels(for: $0).sorted().map(Channel.init),
                    defaultChannels: $0.defaultChannels.sorted().map(Channel.init))
            },
            quietHours: preferences.quietHours.map {
                .init(start: NotificationPreferencesInput.clock($0.startMinute), end: NotificationPreferencesInput.clock($0.endMinute))
            },
            digest: preferences.digest, digestTime: NotificationPreferencesInput.clock(preferences.digestMinute),
            timeZone: caller.workplace.timeZone)
    }
}
