import Foundation
import Logging
import ServiceLifecycle
import ShiftyDomain
import ShiftyPostgres

/// Runs on every instance: turns new events into delivery rows (``NotificationFanOut``), then
/// claims due rows per channel and hands them to that channel's ``NotificationSender``.
///
/// Delivery is at-least-once towards the mail server: a row is claimed for a lease, sent outside
/// any transaction, then marked. An instance killed between the server's "250 OK" and the mark
/// leaves the row claimed; after the lease another instance sends it again with the same
/// Message-ID (derived from event, person and channel), so the duplicate is recognisable.
/// Two live instances never send the same row: claims use `FOR UPDATE SKIP LOCKED`.
public struct NotificationDeliveryService: Service {
    let pool: PostgresPool
    let senders: [any NotificationSender]
    let links: NotificationLinks
    let logger: Logger
    var interval: Duration = .seconds(5)
    /// Rings when events were committed: a round then starts at once instead of at the next poll.
    var wakeup: NotificationWakeup?
    /// The least time between two rounds started by the wake-up, so a busy workplace's stream of
    /// trades costs a few rounds a second, not one per event.
    var wakeupGap: Duration = .milliseconds(200)
    /// How long a claim holds before another instance may take the row over.
    var lease: Duration = .seconds(120)
    /// Rows claimed at once; small, so other instances share the work of a burst.
    var batchSize = 10
    var maximumAttempts = 6
    /// Wait after the n-th failed attempt: 30 s, 1 min, 2 min … at most 1 h.
    var backoff: @Sendable (Int) -> Duration = { attempt in .seconds(min(3600, 30 << min(max(attempt - 1, 0), 7))) }
    var clock: @Sendable () -> Date = { Date() }

    public init(
        pool: PostgresPool, senders: [any NotificationSender], links: NotificationLinks, logger: Logger,
        interval: Duration = .seconds(5), lease: Duration = .seconds(120), wakeup: NotificationWakeup? = nil
    ) {
        self.wakeup = wakeup
        self.lease = lease
        self.pool = pool
        self.senders = senders
        self.links = links
        self.logger = logger
        self.interval = interval
    }

    var fanOut: NotificationFanOut {
        NotificationFanOut(channels: Set(senders.map(\.channel)), links: links)
    }

    /// Waits one interval before the first round (the instance is starting; tests that drive ticks
    /// themselves rely on the server's own loop staying quiet), then works every interval, and
    /// whenever the wake-up rings (at most once per `wakeupGap`).
    public func run() async throws {
        guard let wakeup else {
            while !Task.isCancelled {
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
                } catch {
                    return
                }
                await runOnce()
            }
            return
        }
        let pollInterval = interval
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The poll rings the same bell, so rounds never overlap on this instance.
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: pollInterval) } catch { return }
                        wakeup.signal()
                    }
                }
                group.addTask {
                    for await _ in wakeup.signals {
                        await runOnce()
                        do { try await Task.sleep(for: wakeupGap) } catch { return }
                    }
                }
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            wakeup.finish()
        }
    }

    /// One fan-out and delivery round at the clock's time, logging instead of throwing.
    func runOnce() async {
        do {
            _ = try await tick(now: clock())
        } catch let error as PostgresError where error.kind == .closed {
            logger.debug("notifications skipped: the database pool is closed")
        } catch {
            logger.error("notifications failed: \(error)")
        }
    }

    /// Fans out new events, then delivers every due row; returns how many messages were sent.
    @discardableResult
    func tick(now: Date) async throws -> Int {
        try await fanOut.pass(now: now, pool: pool)
        var sent = 0
        for sender in senders {
            while true {
                let claimed = try await pool.transaction { connection in
                    try NotificationDeliveryStore.claim(channel: sender.channel, now: now, lease: lease, limit: batchSize, on: connection)
                }
                if claimed.isEmpty { break }
                // Never start a send after half the lease is gone: a send (at most the SMTP timeout)
                // then ends before the lease does, so no live instance takes over a row still being
                // sent. What is left goes back to the outbox for the next claim, here or elsewhere.
                let claimedAt = ContinuousClock.now
                var groups = Self.messages(claimed, links: links)[...]
                while let group = groups.first {
                    if ContinuousClock.now - claimedAt > lease / 2 {
                        let left = groups.flatMap { $0.map(\.id) }
                        try await pool.withConnection { try NotificationDeliveryStore.release(ids: left, on: $0) }
                        break
                    }
                    groups = groups.dropFirst()
                    sent += try await deliver(group, with: sender, now: now)
                }
                if claimed.count < batchSize { break }
            }
        }
        return sent
    }

    /// Groups claimed rows into messages: each row alone, except a person's digest rows, which
    /// become one message whose Message-ID names the person and the first row.
    static func messages(_ rows: [NotificationDelivery], links: NotificationLinks) -> [[NotificationDelivery]] {
        var single: [[NotificationDelivery]] = []
        var digests: [String: [NotificationDelivery]] = [:]
        var order: [String] = []
        for row in rows {
            guard row.digest else { single.append([row]); continue }
            let key = "\(row.userID ?? 0)"
            if digests[key] == nil { order.append(key) }
            digests[key, default: []].append(row)
        }
        return single + order.compactMap { digests[$0] }
    }

    func deliver(_ rows: [NotificationDelivery], with sender: any NotificationSender, now: Date) async throws -> Int {
        guard let first = rows.first else { return 0 }
        let message = OutgoingNotification(
            items: rows.map { .init(kind: $0.kind, subject: $0.subject, body: $0.body, link: links.page($0.link)) },
            messageID: rows.count == 1 ? first.messageID : links.messageID("digest.u\(first.userID ?? 0).d\(first.id)"),
            preferencesLink: links.preferences, workplaceName: first.workplaceName, language: first.language)
        let recipient = NotificationRecipient(userID: first.userID, displayName: first.recipientName, emailAddress: first.emailAddress)
        let outcome: DeliveryOutcome
        do {
            outcome = try await sender.send(message, to: recipient)
        } catch {
            outcome = .retryLater("\(error)")
        }
        if outcome != .delivered {
            logger.warning("notification not delivered", metadata: ["ids": "\(rows.map(\.id))", "outcome": "\(outcome)"])
        }
        let attempts = rows.map(\.attempts).max() ?? 1
        try await pool.withConnection { connection in
            try NotificationDeliveryStore.finish(
                ids: rows.map(\.id), outcome: outcome, now: now, maximumAttempts: maximumAttempts, backoff: backoff,
                attempts: attempts, on: connection)
        }
        return outcome == .delivered ? 1 : 0
    }
}
