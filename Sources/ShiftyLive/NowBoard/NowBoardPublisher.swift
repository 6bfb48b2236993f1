import Foundation
import Logging
import ServiceLifecycle
import ShiftyPostgres

/// Pushes the "now" board to live connections when it changes for people: someone's shift
/// starts or ends, who comes next changes, or today's schedule changes (a trade, a new shift).
///
/// Every `interval` (15 s) it computes the board of each workplace the sink has `now` subscribers
/// in and publishes it when its fingerprint differs from the last one published there; the
/// percentages move continuously and are left out of the fingerprint, so an unchanged day costs
/// one query per workplace and no traffic. Each instance publishes to its own connections only,
/// so no coordination between instances is needed. A new subscriber gets the current board from
/// ``message(workplaceID:)`` right away instead of waiting for a change.
package actor NowBoardPublisher: Service {
    let pool: PostgresPool
    let sink: any NowBoardSink
    let logger: Logger
    let interval: Duration
    /// The wall clock; tests inject fixed instants.
    let clock: @Sendable () -> Date
    /// The fingerprint last published per workplace (only workplaces still watched are kept).
    private var published: [Int64: ComputedNowBoard.Fingerprint] = [:]
    /// The newest message computed per workplace, reused for subscriptions within `reuseWindow`,
    /// so a reconnect storm after a deploy costs one query per workplace, not one per connection.
    private var recent: [Int64: (computedAt: Date, text: String)] = [:]
    /// How old a computed message may be when handed to a new subscriber; it is never older than
    /// what the workplace's existing subscribers were last sent.
    static let reuseWindow: TimeInterval = 1

    package init(
        pool: PostgresPool, sink: any NowBoardSink, logger: Logger, interval: Duration = .seconds(15),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.pool = pool
        self.sink = sink
        self.logger = logger
        self.interval = interval
        self.clock = clock
    }

    package func run() async throws {
        while !Task.isCancelled {
            do {
                _ = try await publishChanges(now: clock())
            } catch let error as PostgresError where error.kind == .closed {
                logger.debug("now board skipped: the database pool is closed")
            } catch {
                logger.error("now board publishing failed: \(error)")
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }
            } catch {
                return
            }
        }
    }

    /// The current `now` message of a workplace, for a connection that just subscribed.
    package func message(workplaceID: Int64) async throws -> String {
        let now = clock()
        if let cached = recent[workplaceID], abs(now.timeIntervalSince(cached.computedAt)) < Self.reuseWindow {
            return cached.text
        }
        let board = try await pool.withConnection { try NowBoardStore.board(workplaceID: workplaceID, now: now, on: $0) }
        let text = try NowBoardMessage.text(board)
        remember(text, computedAt: now, workplaceID: workplaceID)
        return text
    }

    /// Keeps `text` as the workplace's newest message and forgets those too old to be reused.
    private func remember(_ text: String, computedAt: Date, workplaceID: Int64) {
        recent = recent.filter { abs(computedAt.timeIntervalSince($0.value.computedAt)) < Self.reuseWindow }
        recent[workplaceID] = (computedAt, text)
    }

    /// Publishes the boards that changed since the last call; returns the workplaces published to.
    func publishChanges(now: Date) async throws -> [Int64] {
        let watched = Set(await sink.workplacesWatchingNow())
        published = published.filter { watched.contains($0.key) }
        var sent: [Int64] = []
        for workplaceID in watched.sorted() {
            let board: ComputedNowBoard
            do {
                board = try await pool.withConnection { try NowBoardStore.board(workplaceID: workplaceID, now: now, on: $0) }
            } catch let error as PostgresError where error.kind == .closed {
                throw error
            } catch {
                // One workplace's failure (say, it was just deleted) must not hold up the others.
                logger.warning("now board of workplace \(workplaceID) failed: \(error)")
                continue
            }
            let text = try NowBoardMessage.text(board)
            remember(text, computedAt: now, workplaceID: workplaceID)
            guard published[workplaceID] != board.fingerprint else { continue }
            await sink.publishNow(text, workplaceID: workplaceID)
            published[workplaceID] = board.fingerprint
            sent.append(workplaceID)
        }
        return sent
    }
}
