import Foundation
import ShiftyDomain
import ShiftyPostgres

/// The outbox's push channel: sends one notification to every device of its person through
/// ``WebPushSender``, and keeps the devices' health up to date on the way.
///
/// The outcome is per person, not per device: delivered when any device took it (a device that
/// failed records its failure and gets the next message; retrying the whole row would repeat it on
/// the devices that already show it), gone when no device is left (all answered 404/410, or the
/// person has none), retry later otherwise. The HTTP calls run on the curl threads and the SQL on
/// the pool's threads, never on an event loop.
package struct WebPushNotificationSender: NotificationSender {
    let pool: PostgresPool
    let keyring: PushKeyring
    /// RFC 8292 `sub` (``ServerConfiguration/vapidSubject``).
    let subject: String
    let policy: PushEndpointPolicy
    /// `--push-ca-file`: CA certificates for push services with a private CA.
    var caFile: String?
    /// How long a push service keeps a message for a device that is offline (RFC 8030 `TTL`).
    var ttl = 24 * 3600

    package var channel: NotificationChannel { .push }

    package init(pool: PostgresPool, keyring: PushKeyring, subject: String, policy: PushEndpointPolicy, caFile: String? = nil) {
        self.pool = pool
        self.keyring = keyring
        self.subject = subject
        self.policy = policy
        self.caFile = caFile
    }

    package func send(_ message: OutgoingNotification, to recipient: NotificationRecipient) async throws -> DeliveryOutcome {
        guard let userID = recipient.userID else { return .gone("push needs a member's devices") }
        let devices = try await pool.withConnection { try PushSubscriptionStore.subscriptions(userID: userID, on: $0) }
        guard !devices.isEmpty else { return .gone("no push devices") }
        var configured = WebPushSender(vapidKey: try await keyring.keyPair(), subject: subject, policy: policy)
        configured.caFile = caFile
        let sender = configured
        let payload = try PushMessage(message).encoded()
        let ttl = self.ttl
        let outcomes = await withTaskGroup(of: (Int64, WebPushOutcome).self) { group in
            for device in devices {
                group.addTask {
                    do {
                        return (device.id, try await sender.send(payload: payload, to: device, ttl: ttl, urgency: .normal))
                    } catch {
                        return (device.id, .gone("unusable subscription: \(error)"))
                    }
                }
            }
            var all: [(Int64, WebPushOutcome)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        try await pool.withConnection { connection in
            for (id, outcome) in outcomes {
                switch outcome {
                case .delivered: try PushSubscriptionStore.recordSuccess(id: id, on: connection)
                case .retryLater(let reason): try PushSubscriptionStore.recordFailure(id: id, reason: reason, on: connection)
                case .gone: try PushSubscriptionStore.remove(id: id, on: connection)
                }
            }
        }
        return Self.outcome(outcomes.map(\.1))
    }

    /// One person's outcome from their devices' outcomes.
    static func outcome(_ devices: [WebPushOutcome]) -> DeliveryOutcome {
        if devices.contains(.delivered) { return .delivered }
        var retry: [String] = []
        var gone: [String] = []
        for outcome in devices {
            switch outcome {
            case .delivered: break
            case .retryLater(let reason): retry.append(reason)
            case .gone(let reason): gone.append(reason)
            }
        }
        if retry.isEmpty { return .gone("no push devices left: " + gone.joined(separator: "; ")) }
        return .retryLater(retry.joined(separator: "; "))
    }
}
