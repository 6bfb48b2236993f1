#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How one process spends its file descriptors (`RLIMIT_NOFILE`), decided once at start.
///
/// A process that runs out of descriptors does not degrade, it dies: libdispatch, under Swift
/// concurrency's executor, opens `/proc/<thread>/stat` to watch its worker threads and crashes the
/// process (SIGILL) when that `open` fails. So connections may never take the last descriptors:
///
///     limit = processReserve + fileStreams + acceptCeiling
///     acceptCeiling = connectionCeiling + overflow
///
/// - `processReserve` is never used by connections: stdio, the event loops' epoll/event/timer
///   descriptors, the listening socket, the database pool and its LISTEN connection, libdispatch's
///   `/proc` reads, curl and SMTP sockets, the cluster supervisor's pipe.
/// - `fileStreams` bounds static files being sent at once (each holds its file open while a client
///   reads it), so a page load storm cannot double the connections' share.
/// - `acceptCeiling` bounds sockets of every kind: at it, the server stops calling `accept` (clients
///   wait in the listen backlog) until one closes, so the limit is never reached from outside.
/// - `connectionCeiling` bounds connections served normally. A newcomer beyond it makes room by
///   closing the longest-idle connection; with none idle it gets one of `healthCheckSlots` (it may ask
///   `/healthz`, nothing else), or else `503 server_full` with `Retry-After` and a close — the
///   overflow band between the two ceilings is what these short-lived answers use.
public struct DescriptorBudget: Sendable, Equatable {
    public let limit: Int
    public let processReserve: Int
    public let fileStreams: Int
    public let acceptCeiling: Int
    public let connectionCeiling: Int
    public let healthCheckSlots: Int

    /// - Parameters:
    ///   - limit: the soft `RLIMIT_NOFILE` (``currentLimit()``).
    ///   - databaseConnections: the pool's size (the LISTEN connection is in the fixed part).
    ///   - connectionCeiling: a lower ceiling an operator configured; never above what the limit allows.
    public init(limit: Int, databaseConnections: Int, connectionCeiling configured: Int? = nil) {
        self.limit = limit
        self.processReserve = 64 + databaseConnections
        self.fileStreams = max(8, limit / 64)
        self.acceptCeiling = max(16, limit - self.processReserve - self.fileStreams)
        let overflow = max(32, self.acceptCeiling / 50)
        let derived = max(8, self.acceptCeiling - overflow)
        self.connectionCeiling = min(configured ?? derived, derived)
        self.healthCheckSlots = 8
    }

    /// The budget of this process with `databaseConnections` pooled.
    public static func current(databaseConnections: Int, connectionCeiling: Int? = nil) -> DescriptorBudget {
        DescriptorBudget(limit: currentLimit(), databaseConnections: databaseConnections, connectionCeiling: connectionCeiling)
    }

    /// The soft `RLIMIT_NOFILE`; a generous default when it is unlimited (huge) or unreadable.
    public static func currentLimit() -> Int {
        var limit = rlimit()
        #if os(Linux)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        let status = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard status == 0, limit.rlim_cur < rlim_t(Int32.max) else { return 1 << 20 }
        return Int(clamping: limit.rlim_cur)
    }
}
