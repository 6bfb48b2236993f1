#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// How many upgraded WebSocket connections this process may hold: its file-descriptor limit minus a
/// headroom for everything else (database connections, ordinary HTTP requests, the listening socket).
///
/// Without it, a server at its descriptor limit cannot accept at all: NIO backs off `accept` after
/// `EMFILE`, new clients wait in the listen backlog until they time out, and `/healthz` is
/// unreachable too. With it, the upgrade beyond the ceiling is answered `503` with `Retry-After`
/// while descriptors remain for HTTP, so a full server refuses cleanly and stays observable.
/// One budget per process, because descriptors are per process.
public final class WebSocketConnectionBudget: Sendable {
    /// The ceiling for this process, from `RLIMIT_NOFILE` when the process started.
    public static let process = WebSocketConnectionBudget(ceiling: ceiling(descriptorLimit: currentDescriptorLimit()))

    /// Upgraded connections allowed at the same time.
    public let ceiling: Int
    private let open = NIOLockedValueBox(0)

    public init(ceiling: Int) {
        self.ceiling = ceiling
    }

    /// Connections upgraded and not closed yet.
    public var openConnections: Int { open.withLockedValue { $0 } }

    /// Takes one place if there is one. Taken before the application decides, so concurrent
    /// handshakes cannot overshoot the ceiling; given back with ``release()`` when the upgrade is
    /// refused or the connection closes.
    public func tryAcquire() -> Bool {
        open.withLockedValue { open in
            guard open < ceiling else { return false }
            open += 1
            return true
        }
    }

    public func release() { open.withLockedValue { $0 -= 1 } }

    /// The limit minus max(256, 2.5 % of it): 19,500 WebSockets at 20,000 descriptors, 768 at 1,024.
    public static func ceiling(descriptorLimit: Int) -> Int {
        max(1, descriptorLimit - max(256, descriptorLimit / 40))
    }

    /// The soft `RLIMIT_NOFILE`; a generous default when it is unlimited (huge) or unreadable.
    static func currentDescriptorLimit() -> Int {
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
