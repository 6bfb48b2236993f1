import Foundation
import ShiftyDomain
import Testing

/// Quiet hours and the digest decide when a message may go, in the workplace's time zone.
@Suite struct NotificationPreferencesTests {
    let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

    func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    @Test func quietHoursWrapPastMidnightAndHoldUntilTheirEnd() {
        let preferences = NotificationPreferences(quietHours: QuietHours(startMinute: 22 * 60, endMinute: 7 * 60))
        // 23:30 in Amsterdam (winter, UTC+1) is 22:30Z.
        let night = instant("2026-11-25T22:30:00Z")
        #expect(preferences.sendAt(night, kind: .decision, channel: .email, timeZone: amsterdam) == instant("2026-11-26T06:00:00Z"))
        let evening = instant("2026-11-25T18:00:00Z")
        #expect(preferences.sendAt(evening, kind: .decision, channel: .email, timeZone: amsterdam) == evening)
        // A reset link is never held.
        #expect(preferences.sendAt(night, kind: .account, channel: .email, timeZone: amsterdam) == night)
    }

    @Test func theDigestWaitsForItsTimeOnlyForEmail() {
        let preferences = NotificationPreferences(digest: true, digestMinute: 7 * 60 + 30)
        let noon = instant("2026-11-25T11:00:00Z")
        #expect(preferences.sendAt(noon, kind: .reminder, channel: .email, timeZone: amsterdam) == instant("2026-11-26T06:30:00Z"))
        #expect(preferences.sendAt(noon, kind: .reminder, channel: .push, timeZone: amsterdam) == noon)
        #expect(preferences.isDigested(kind: .reminder, channel: .email))
        #expect(!preferences.isDigested(kind: .account, channel: .email))
    }

    @Test func defaultsSendDecisionsAndRemindersByPushAndEmailAndOffersInTheAppOnly() {
        let defaults = NotificationPreferences()
        #expect(defaults.channels(for: .decision) == [.inApp, .email, .push])
        #expect(defaults.channels(for: .reminder) == [.inApp, .email, .push])
        #expect(defaults.channels(for: .offer) == [.inApp])
        let chosen = NotificationPreferences(channels: [.account: [], .decision: [.push]])
        #expect(chosen.channels(for: .account) == [.email], "account mail cannot be switched off")
        #expect(chosen.channels(for: .decision) == [.push])
        #expect(QuietHours(startMinute: 60, endMinute: 60) == nil)
    }
}
