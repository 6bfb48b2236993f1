import HummingbirdCore

/// Stops `accept` while the application holds ``ceiling`` sockets, and resumes when one closes.
///
/// Counts every accepted socket, including those being answered `503` or a health check, so the
/// process's descriptors can never be taken from outside: past the ceiling clients wait in the listen
/// backlog for the moment it takes refused connections to close. Without it a flood of connections,
/// each refused but each holding a descriptor for a moment, could still reach the limit (and NIO would
/// survive `EMFILE` by backing off, but libdispatch would not: see ``DescriptorBudget``).
package struct SocketAcceptGate: AvailableConnectionsDelegate {
    let ceiling: Int
    private(set) var open = 0

    package init(ceiling: Int) {
        self.ceiling = ceiling
    }

    package mutating func connectionOpened() { open += 1 }
    package mutating func connectionClosed() { open -= 1 }
    package func isAcceptingNewConnections() -> Bool { open < ceiling }
}
