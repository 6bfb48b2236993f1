/// The counters a kiosk punch is counted against (docs/throttles.md has the numbers and why).
///
/// A PIN typed without a name is tested against every member's PIN, so it is throttled per kiosk
/// with a small budget; using it up pauses only PIN-only punching (429 `kiosk_pin_only_paused`).
/// A punch that names the member (a tile, or a username) tests one member's secret, so it is
/// throttled per member: at this kiosk and over all kiosks. No kiosk-wide counter applies to named
/// punches: wrong PINs typed for one member never stop another member from punching.
enum KioskThrottle {
    /// Keys of a PIN-only punch: this kiosk per window and per day.
    static func pinOnlyKeys(kioskID: Int64, policy: LoginThrottlePolicy) -> [ThrottleKey] {
        let day = Duration.seconds(24 * 3600)
        return [
            ThrottleKey("kiosk-pin-only:\(kioskID)", limit: policy.maxPinOnlyFailuresPerKiosk, window: policy.window, lockout: policy.lockout),
            ThrottleKey("kiosk-pin-only-day:\(kioskID)", limit: policy.maxPinOnlyFailuresPerKioskPerDay, window: day, lockout: day),
        ]
    }

    /// Keys of a punch that names the member: the member at this kiosk, and the member over all
    /// kiosks per hour and per day. The first is cleared by the member's own successful punch; the
    /// others only get this punch's slot back, so a member's regular punches do not reset how often
    /// their PIN was guessed.
    static func memberKeys(kioskID: Int64, workplaceID: Int64, username: String, policy: LoginThrottlePolicy) -> (atKiosk: ThrottleKey, overall: [ThrottleKey]) {
        let day = Duration.seconds(24 * 3600)
        let member = "\(workplaceID)/\(username)"
        return (
            ThrottleKey("kiosk-member:\(kioskID)/\(username)", limit: policy.maxFailuresPerAccount, window: policy.window, lockout: policy.lockout),
            [
                ThrottleKey("kiosk-user:\(member)", limit: policy.maxKioskFailuresPerMember, window: policy.kioskMemberWindow, lockout: policy.kioskMemberWindow),
                ThrottleKey("kiosk-user-day:\(member)", limit: policy.maxKioskFailuresPerMemberPerDay, window: day, lockout: day),
            ]
        )
    }
}
