import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PostgresConnection {
    /// Sends one request with `send` (a `PQsend…` function) and collects its results as `PQexec` does
    /// (the last one; the error if one failed), waiting at most ``roundTripTimeout``.
    ///
    /// libpq's blocking calls wait in `poll()` without a limit, so a server that stops answering
    /// without closing the connection (a stopped process, a machine gone from the network whose
    /// kernel, or a proxy, still holds the socket) would hold the calling thread until TCP gives up,
    /// if ever. Here every wait has the deadline. When it passes we shut the socket down: the server
    /// may never read a cancel request, and shutting down cannot block. The connection is then
    /// unusable (``ranOutOfTime``), the caller gets `nil` and the pool replaces the connection.
    /// A slow but live statement is normally cancelled by PostgreSQL's own `statement_timeout` first.
    func exchange(_ send: () -> Int32) -> OpaquePointer? {
        let result = sendAndCollect(send)
        if result != nil, abandonment == nil, PQstatus(handle) == CONNECTION_OK { lastAnswer = .now }
        return result
    }

    private func sendAndCollect(_ send: () -> Int32) -> OpaquePointer? {
        guard abandonment == nil, send() == 1 else { return nil }
        let deadline = PostgresRoundTripDeadline(startingAt: .now, timeout: roundTripTimeout)
        // Nonblocking mode: what did not fit into the socket's buffer is still queued in libpq.
        while true {
            let flushed = PQflush(handle)
            if flushed == 0 { break }
            if flushed < 0 { return collectResults(until: deadline) }  // the error becomes a result
            switch waitForSocket(writable: true, until: deadline) {
            case .ready:
                // The server may be sending (a notice) while we write: read it, or both sides wait.
                if PQconsumeInput(handle) == 0 { return collectResults(until: deadline) }
            case .expired:
                abandonAtDeadline()
                return nil
            case .failed(let error):
                abandon(because: "waiting to send to PostgreSQL failed (errno \(error))")
                return nil
            }
        }
        return collectResults(until: deadline)
    }

    private func collectResults(until deadline: PostgresRoundTripDeadline) -> OpaquePointer? {
        var last: OpaquePointer?
        while true {
            waiting: while PQisBusy(handle) == 1 {
                switch waitForSocket(writable: false, until: deadline) {
                case .ready:
                    if PQconsumeInput(handle) == 0 {
                        // Reading failed. libpq usually dropped the socket already; make sure that
                        // PQgetResult below cannot wait on it again without a limit.
                        if PQstatus(handle) == CONNECTION_OK { shutDownSocket() }
                        break waiting
                    }
                case .expired:
                    if let last { PQclear(last) }
                    abandonAtDeadline()
                    return nil
                case .failed(let error):
                    if let last { PQclear(last) }
                    abandon(because: "waiting for PostgreSQL failed (errno \(error))")
                    return nil
                }
            }
            guard let result = PQgetResult(handle) else { return last }
            if let last { PQclear(last) }
            last = result
            switch PQresultStatus(result) {
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                return result  // check() refuses COPY; the connection cannot continue anyway
            default:
                if PQstatus(handle) == CONNECTION_BAD { return result }
            }
        }
    }

    private enum SocketWait {
        case ready
        case expired
        case failed(Int32)
    }

    /// Waits until the socket can be read (or written, with `writable`) or the deadline passes.
    ///
    /// With TLS, OpenSSL may already hold decrypted bytes that `poll()` cannot see (libpq's own wait
    /// asks OpenSSL, but does not export that). So over TLS the wait is cut into slices of
    /// ``tlsPollSlice`` milliseconds and reports `.ready` after each, and the caller's
    /// `PQconsumeInput` picks such bytes up; without TLS the socket tells the whole truth.
    private func waitForSocket(writable: Bool, until deadline: PostgresRoundTripDeadline) -> SocketWait {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return .failed(EBADF) }
        let events = Int16(POLLIN) | (writable ? Int16(POLLOUT) : 0)
        let sliced = PQsslInUse(handle) == 1
        while true {
            let remaining = deadline.pollTimeout(now: .now)
            if remaining == 0 { return .expired }
            let timeout = sliced && (remaining < 0 || remaining > Self.tlsPollSlice) ? Self.tlsPollSlice : remaining
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let count = poll(&descriptor, 1, timeout)
            if count > 0 || (count == 0 && timeout != remaining) { return .ready }
            if count < 0, errno != EINTR { return .failed(errno) }
            // Timed out (the loop sees the deadline passed) or interrupted by a signal.
        }
    }

    /// Longest single `poll()` over TLS (see ``waitForSocket(writable:until:)``).
    static let tlsPollSlice: Int32 = 100

    private func abandonAtDeadline() {
        let limit = roundTripTimeout.map { " within \(Self.describe($0))" } ?? ""
        ranOutOfTime = true
        abandon(because: "PostgreSQL did not answer\(limit); the connection was closed")
    }

    private func abandon(because reason: String) {
        abandonment = reason
        shutDownSocket()
    }

    /// Ends the TCP (or Unix socket) connection at once. libpq's own close (`PQfinish`) would try to
    /// send a goodbye first, which could block on a frozen peer; after this it cannot.
    private func shutDownSocket() {
        let socket = PQsocket(handle)
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }

    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Runs `body` with a different round-trip limit (checks want a short one), then restores it.
    func withRoundTripTimeout<T>(_ timeout: Duration?, _ body: () throws -> T) rethrows -> T {
        let saved = roundTripTimeout
        roundTripTimeout = timeout
        defer { roundTripTimeout = saved }
        return try body()
    }
}
