/// How long an HTTP connection may keep the server waiting for its client.
///
/// Without these a connection that never sends a request, sends its head a byte at a time (slow-loris),
/// or stops halfway through a body held a descriptor and a few kilobytes forever; enough of them and
/// the process ran out of descriptors, `/healthz` included. A silence limit alone is not enough: one
/// byte every few seconds is never silent for long, so a request also has a total deadline and its body
/// a minimum rate. Each limit is answered `408` and the connection is closed. None applies while the
/// server itself is working on a request, nor to upgraded WebSocket connections (they have their own
/// ping/pong liveness).
public struct HTTPConnectionTimeouts: Sendable, Equatable {
    /// Waiting for the first byte of a request: after connecting, and between keep-alive requests.
    public var idle: Duration
    /// From the first byte of a request until its head (request line and headers) is complete.
    public var header: Duration
    /// Longest silence while a request body arrives (reset by every part of it that arrives).
    public var body: Duration
    /// From the first byte of a request until its body is complete, however steadily it arrives.
    public var request: Duration
    /// Bytes per second a body must average, counted from the end of its head, once
    /// ``bodyRateGrace`` has passed; 0 turns the check off.
    public var minimumBodyRate: Int
    /// How long a body may take before its rate is checked: a small body sent after a pause
    /// (a retransmission, a phone waking its radio) is not cut for being "slow".
    public var bodyRateGrace: Duration
    /// How long a connection admitted only for a health check (the process is at its connection
    /// ceiling, ``DescriptorBudget``) may take to send its request.
    public var healthCheckWindow: Duration

    public init(
        idle: Duration = .seconds(30), header: Duration = .seconds(10), body: Duration = .seconds(30),
        request: Duration = .seconds(60), minimumBodyRate: Int = 500, bodyRateGrace: Duration = .seconds(10),
        healthCheckWindow: Duration = .seconds(3)
    ) {
        self.idle = idle
        self.header = header
        self.body = body
        self.request = request
        self.minimumBodyRate = minimumBodyRate
        self.bodyRateGrace = bodyRateGrace
        self.healthCheckWindow = healthCheckWindow
    }
}
