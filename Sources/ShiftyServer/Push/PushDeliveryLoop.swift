import Foundation
import Logging
import ServiceLifecycle
import ShiftyPostgres
import ShiftySecurity

/// TEMPORARY WIRING until the notification outbox (issue 18, the e-mail half) lands: reads the
/// `events` table after a cursor and pushes each personal event (topic `notifications`) to the
/// devices of the people it names. The outbox replaces this with rows per (event, person,
/// channel) and calls ``WebPushSender`` from its push `NotificationSender`; then this file, its
/// service entry in ``ShiftyApplication`` and the `push_delivery_cursor` table go.
///
/// Instances take turns through `push_delivery_cursor ... FOR UPDATE SKIP LOCKED`: the one holding
/// the row sends and advances it in the same transaction. Delivery is at-most-once per tick: a
/// device that fails with `retryLater` is not retried (the outbox adds retries); `gone` deletes it.
/// The cursor starts at the newest event the first time, so history is never pushed.
struct PushDeliveryLoop: Service {
    let pool: PostgresPool
    let keyring: PushKeyring
    let subject: String
    let policy: PushEndpointPolicy
    let logger: Logger
    var interval: Duration = .seconds(3)
    var batchSize = 100
    /// Events younger than this are left for the next tick, so one whose transaction committed
    /// after a later id's is not skipped by the cursor.
    var settleTime: Duration = .seconds(1)

    func run() async throws {
        do {
            _ = try await keyring.keyPair()
        } catch {
            logger.error("could not load or create the VAPID key pair: \(error)")
        }
        while !Task.isCancelled {
            do {
                _ = try await tick()
            } catch let error as PostgresError where error.kind == .closed {
                logger.debug("push delivery skipped: the database pool is closed")
            } catch {
                logger.error("push delivery failed: \(error)")
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    struct Delivery: Sendable, Equatable {
        var eventID: Int64
        var subscriptionID: Int64
        var outcome: WebPushOutcome
    }

    /// One turn: claim the cursor, send what is new, advance. Returns what was attempted.
    @discardableResult
    func tick() async throws -> [Delivery] {
        let sender = WebPushSender(vapidKey: try await keyring.keyPair(), subject: subject, policy: policy)
        let settle = Double(settleTime.components.seconds) + Double(settleTime.components.attoseconds) / 1e18
        // Sending happens inside the transaction that holds the cursor: the HTTP calls run on the
        // curl threads, the connection just waits, and no other instance sends the same events.
        return try await pool.transaction { connection -> [Delivery] in
            guard let cursor = try Self.claimCursor(on: connection) else { return [] }
            let rows = try connection.query(
                """
                SELECT id, workplace_id, type, user_ids FROM events
                WHERE id > $1 AND audience = 'users' AND created_at < now() - make_interval(secs => $3::float8)
                ORDER BY id LIMIT $2
                """,
                [cursor, Int64(batchSize), settle])
            var deliveries: [Delivery] = []
            var last = cursor
            for row in rows {
                let eventID: Int64 = try row.decode("id")
                last = eventID
                guard let message = PushMessage.make(eventID: eventID, type: try row.decode("type")) else { continue }
                let workplaceID: Int64 = try row.decode("workplace_id")
                let userIDs: [Int64] = try row.decode("user_ids")
                let devices = try PushSubscriptionStore.subscriptions(userIDs: userIDs, workplaceID: workplaceID, on: connection)
                let payload = try message.encoded()
                for device in devices {
                    let outcome: WebPushOutcome
                    do {
                        outcome = try Self.wait { try await sender.send(payload: payload, to: device, ttl: 24 * 3600, urgency: .normal) }
                    } catch {
                        outcome = .gone("unusable subscription keys: \(error)")
                    }
                    try Self.record(outcome, subscriptionID: device.id, on: connection)
                    deliveries.append(Delivery(eventID: eventID, subscriptionID: device.id, outcome: outcome))
                }
            }
            if last != cursor {
                try connection.execute("UPDATE push_delivery_cursor SET last_event_id = $1 WHERE id = 1", [last])
            }
            return deliveries
        }
    }

    static func record(_ outcome: WebPushOutcome, subscriptionID: Int64, on connection: PostgresConnection) throws {
        switch outcome {
        case .delivered: try PushSubscriptionStore.recordSuccess(id: subscriptionID, on: connection)
        case .retryLater(let reason): try PushSubscriptionStore.recordFailure(id: subscriptionID, reason: reason, on: connection)
        case .gone: try PushSubscriptionStore.remove(id: subscriptionID, on: connection)
        }
    }

    /// The cursor, locked for this transaction; nil while another instance holds it. Made at the
    /// newest event the first time.
    static func claimCursor(on connection: PostgresConnection) throws -> Int64? {
        try connection.execute(
            """
            INSERT INTO push_delivery_cursor (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM events
            ON CONFLICT (id) DO NOTHING
            """)
        return try connection.query("SELECT last_event_id FROM push_delivery_cursor WHERE id = 1 FOR UPDATE SKIP LOCKED")
            .first?.decode("last_event_id")
    }

    /// Runs async work from the pool's blocking thread (the transaction body is synchronous).
    /// The work itself runs on the curl threads; this thread only waits for it.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
