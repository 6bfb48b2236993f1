/// How long an HTTP connection may keep the server waiting for its client.
///
/// Without these a connection that never sends a request, sends its head a byte at a time (slow-loris),
/// or stops halfway through a body held a descriptor and a few kilobytes forever; enough of them and
/// the process ran out of descriptors, `/healthz` included. Each limit is answered `408` and the
/// connection is closed. None applies while the server itself is working on a request, nor to
/// upgraded WebSocket connections (they have their own ping/pong liveness).
public struct HTTPConnectionTimeouts: Sendable, Equatable {
    /// Waiting for the first byte of a request: after connecting, and between keep-alive requests.
    public var idle: Duration
    /// From the first byte of a request until its head (request line and headers) is complete.
    public var header: Duration
    /// Longest silence while a request body is arriving (reset by every part of it that arrives).
    public var body: Duration

    public init(idle: Duration = .seconds(30), header: Duration = .seconds(10), body: Duration = .seconds(30)) {
        self.idle = idle
        self.header = header
        self.body = body
    }
}
