import Foundation
import Logging
import ServiceLifecycle
import ShiftyEvents
import ShiftyPostgres

/// Reminds members of their shifts: a `shift.reminder` event to the owner, the workplace's
/// `reminderMinutesBefore` (default 30) before each shift starts.
///
/// Every instance runs this service; exactly-once comes from the database, not from electing one
/// instance: each tick claims due shifts in `shift_reminders` and writes their events in the same
/// transaction, so a claim exists exactly when its event does, and a second instance claiming the
/// same shift at the same moment finds the row taken. Ticks run every `interval` (20 s), so a
/// reminder arrives at most that much after it was due.
package struct ShiftReminderService: Service {
    let pool: PostgresPool
    let logger: Logger
    var interval: Duration = .seconds(20)
    /// Claims per transaction; a larger backlog is worked through in several transactions of one tick.
    var batchSize: Int = 500
    /// The wall clock; tests inject fixed instants.
    var clock: @Sendable () -> Date = { Date() }

    package init(pool: PostgresPool, logger: Logger, interval: Duration = .seconds(20), batchSize: Int = 500, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.logger = logger
        self.interval = interval
        self.batchSize = batchSize
        self.clock = clock
    }

    package func run() async throws {
        while !Task.isCancelled {
            await runOnce()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    /// One tick at the injected clock's time, logging instead of throwing (the loop must go on).
    package func runOnce() async {
        do {
            let sent = try await tick(now: clock())
            if !sent.isEmpty { logger.info("shift reminders sent", metadata: ["count": "\(sent.count)"]) }
        } catch let error as PostgresError where error.kind == .closed {
            logger.debug("shift reminders skipped: the database pool is closed")
        } catch {
            logger.error("shift reminders failed: \(error)")
        }
    }

    /// Claims and announces every reminder due at `now`; returns the reminders this call sent.
    @discardableResult
    package func tick(now: Date) async throws -> [ShiftReminder] {
        var sent: [ShiftReminder] = []
        let limit = max(1, batchSize)
        while true {
            let batch = try await pool.transaction { connection -> [ShiftReminder] in
                let claimed = try ShiftReminderStore.claimDue(now: now, limit: limit, on: connection)
                for reminder in Self.inLockOrder(claimed) {
                    try Self.announce(reminder, on: connection)
                }
                return claimed
            }
            sent += batch
            if batch.count < limit { break }
        }
        try await pool.transaction { try ShiftReminderStore.forgetOld(before: now, on: $0) }
        return sent
    }

    /// Writes the reminder's event, with the shift as it is now, to its owner only.
    package static func announce(_ reminder: ShiftReminder, on connection: PostgresConnection) throws {
        guard let shift = try ShiftStore.shift(id: reminder.shiftID, workplaceID: reminder.workplaceID, on: connection) else {
            return
        }
        let payload = ShiftReminderPayload(
            shiftIds: [reminder.shiftID], shifts: [shift], minutesBefore: reminder.minutesBefore, startsAt: reminder.startsAt)
        try EventWriter.insert(
            workplaceID: reminder.workplaceID, type: .server(.shiftReminder),
            userIDs: [reminder.ownerID], payload: payload, on: connection)
    }

    /// Orders reminders by event-lock stripe, then workplace, so this transaction takes the
    /// per-workplace event locks in the same order as the all-workplace writers (schedule
    /// generation) and the two can never deadlock.
    package static func inLockOrder(_ reminders: [ShiftReminder]) -> [ShiftReminder] {
        reminders.sorted { lhs, rhs in
            let left = (lhs.workplaceID % EventWriter.lockStripes, lhs.workplaceID, lhs.startsAt, lhs.shiftID)
            let right = (rhs.workplaceID % EventWriter.lockStripes, rhs.workplaceID, rhs.startsAt, rhs.shiftID)
            return left < right
        }
    }
}
