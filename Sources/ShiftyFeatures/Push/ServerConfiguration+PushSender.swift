import ShiftyNotifications
import ShiftyPostgres

extension ServerConfiguration {
    /// Every channel this server delivers: e-mail (when configured), Web Push (always: its key pair
    /// lives in the database, so nothing needs configuring) and ``notificationSenders``. The
    /// delivery service fans out rows only for these channels, and the Account page offers them.
    public func notificationSenders(pool: PostgresPool, keyring: PushKeyring) -> [any NotificationSender] {
        allNotificationSenders + [
            WebPushNotificationSender(pool: pool, keyring: keyring, subject: vapidSubject, policy: pushEndpoints, caFile: pushCAFile)
        ]
    }
}
