import NIOConcurrencyHelpers

/// How many upgraded WebSocket connections this process may hold: its connection ceiling (from its
/// file-descriptor limit, ``DescriptorBudget``) minus a headroom for ordinary HTTP requests.
///
/// Without it, live connections alone could take every descriptor the connection ceiling allows
/// (``DescriptorBudget``) and leave none for ordinary requests. With it, the upgrade beyond the
/// ceiling is answered `503` with `Retry-After` while room remains for HTTP, so a full server refuses
/// cleanly and stays observable.
/// One budget per process, because descriptors are per process.
public final class WebSocketConnectionBudget: Sendable {
    /// The ceiling for this process, from `RLIMIT_NOFILE` when the process started.
    public static let process = WebSocketConnectionBudget(ceiling: ceiling(descriptorLimit: DescriptorBudget.currentLimit()))

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

    /// The process's connection ceiling (``DescriptorBudget``) minus max(256, 2.5 % of it), so live
    /// connections never take the places ordinary requests need: 18,744 WebSockets at 20,000
    /// descriptors, 648 at 1,024.
    public static func ceiling(descriptorLimit: Int) -> Int {
        let connections = DescriptorBudget(limit: descriptorLimit, databaseConnections: 8).connectionCeiling
        return max(1, connections - max(256, connections / 40))
    }
}
