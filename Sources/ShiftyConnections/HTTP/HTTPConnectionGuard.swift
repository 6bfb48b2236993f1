import NIOCore
import NIOHTTP1

/// The timing and error rules of one HTTP connection, as a state machine without I/O: it is told what
/// arrived and what was written, and answers with what to do (``Action``). The NIO side is
/// ``HTTPConnectionGuardHandler``.
///
/// Phases: waiting for a request (idle timeout), reading a head (header timeout from its first byte),
/// reading a body (the body's silence limit, its minimum rate, and the request's total deadline, which
/// runs from the first byte of the head), then the server's turn (no timeout) until the response ends.
/// A timeout, a request NIO's parser refuses or a head without exactly one `Host` is answered with a
/// problem — 408, 400 or 431 — and the connection closes; if a response had already begun, it just
/// closes.
///
/// A connection admitted beyond the process's connection ceiling (``Admission/healthCheckOnly``) may
/// ask for `/healthz` within ``HTTPConnectionTimeouts/healthCheckWindow`` and is closed after the
/// answer; anything else it asks is answered `503 server_full`, so a full server stays observable
/// without taking on more work.
struct HTTPConnectionGuard {
    enum Phase: Equatable {
        case awaitingRequest
        case readingHead
        case readingBody
        case serverTurn
        case closing
    }

    /// What the connection was let in for (``HTTPConnectionRegistry/admit(_:)``).
    enum Admission: Equatable {
        case regular
        /// Over the ceiling: one `/healthz` within the health-check window of connecting, then close.
        case healthCheckOnly
    }

    /// What the handler does next.
    enum Action: Equatable {
        case none
        /// (Re)arm the single timer for this deadline.
        case schedule(NIODeadline)
        case cancelTimer
        /// Write this answer with `Connection: close`, then close.
        case answerAndClose(HTTPConnectionRefusal)
        case close
        /// Close once the response part being written has gone out.
        case closeWhenWritten
    }

    let timeouts: HTTPConnectionTimeouts
    let admission: Admission
    private(set) var phase: Phase = .awaitingRequest
    private(set) var deadline: NIODeadline?
    /// Bytes of a next request arrived while the server was still answering the previous one.
    private var partialRequestPending = false
    /// Requests whose head arrived and whose response has not ended.
    private var responsesOwed = 0
    /// A response head is out and its end is not: the connection can no longer carry an answer of ours.
    private var responseStarted = false
    /// The first byte of the request being read: its header timeout and total deadline count from here.
    private var requestStart: NIODeadline?
    /// The current body: when its head ended, how many bytes arrived since, and when the last did.
    private var bodyStart: NIODeadline?
    private var bodyBytes = 0
    private var lastBodyPart = NIODeadline.uptimeNanoseconds(0)
    /// A health-check-only connection's whole request must be in by then.
    private var healthCheckDeadline: NIODeadline?

    init(timeouts: HTTPConnectionTimeouts, admission: Admission = .regular) {
        self.timeouts = timeouts
        self.admission = admission
    }

    /// The connection became active.
    mutating func connected(now: NIODeadline) -> Action {
        switch self.admission {
        case .regular:
            return self.arm(now + TimeAmount(self.timeouts.idle))
        case .healthCheckOnly:
            let deadline = now + TimeAmount(self.timeouts.healthCheckWindow)
            self.healthCheckDeadline = deadline
            return self.arm(deadline)
        }
    }

    /// Raw bytes arrived from the client (before HTTP decoding).
    mutating func bytesArrived(now: NIODeadline) -> Action {
        switch self.phase {
        case .awaitingRequest:
            return self.beginHead(now: now)
        case .serverTurn:
            self.partialRequestPending = true
            return .none
        case .readingHead, .readingBody, .closing:
            return .none
        }
    }

    /// A request head was decoded. Refused here, before anything else sees it: an HTTP/1.1 head
    /// without exactly one valid `Host` (RFC 9112 §3.2; HTTP/1.0 may omit it but not repeat it),
    /// and anything but `/healthz` on a health-check-only connection.
    mutating func headReceived(_ head: HTTPRequestHead, now: NIODeadline) -> Action {
        guard self.phase != .closing else { return .none }
        if let refusal = Self.hostRefusal(head) {
            return self.closing(with: refusal)
        }
        if self.admission == .healthCheckOnly, !Self.isHealthCheck(head) {
            return self.closing(with: .serverFull)
        }
        self.responsesOwed += 1
        self.partialRequestPending = false
        self.phase = .readingBody
        self.requestStart = self.requestStart ?? now
        self.bodyStart = now
        self.lastBodyPart = now
        self.bodyBytes = 0
        return self.armBodyDeadline()
    }

    mutating func bodyReceived(bytes: Int, now: NIODeadline) -> Action {
        guard self.phase == .readingBody else { return .none }
        self.bodyBytes += bytes
        self.lastBodyPart = now
        return self.armBodyDeadline()
    }

    mutating func endReceived(now: NIODeadline) -> Action {
        guard self.phase == .readingBody else { return .none }
        self.requestStart = nil
        self.bodyStart = nil
        if self.responsesOwed == 0 {
            // The response was written before the body was read to its end.
            return self.awaitNextRequest(now: now)
        }
        self.phase = .serverTurn
        self.deadline = nil
        return .cancelTimer
    }

    /// A response head was written (informational 1xx heads do not count).
    mutating func responseHeadWritten() -> Action {
        self.responseStarted = true
        return .none
    }

    mutating func responseEndWritten(now: NIODeadline) -> Action {
        self.responseStarted = false
        self.responsesOwed = max(0, self.responsesOwed - 1)
        if self.admission == .healthCheckOnly {
            // One answer per connection over the ceiling: its place goes back at once.
            self.phase = .closing
            self.deadline = nil
            return .closeWhenWritten
        }
        guard self.phase == .serverTurn, self.responsesOwed == 0 else { return .none }
        return self.awaitNextRequest(now: now)
    }

    mutating func timerFired(now: NIODeadline) -> Action {
        guard let deadline = self.deadline, self.phase != .closing else { return .none }
        guard now >= deadline else { return .schedule(deadline) }
        switch self.phase {
        case .awaitingRequest, .readingHead:
            return self.closing(with: .timeout)
        case .readingBody:
            // Which limit ran out decides only the sentence; both are 408 `request_timeout`.
            let tooSlow = self.rateDeadline.map { $0 <= now } ?? false
            let otherLimitPassed = self.silenceDeadline <= now || self.totalDeadline.map { $0 <= now } ?? false
            return self.closing(with: tooSlow && !otherLimitPassed ? .tooSlow : .timeout)
        case .serverTurn, .closing:
            return .none
        }
    }

    /// NIO's HTTP parser refused the bytes.
    mutating func parseFailed(_ error: HTTPParserError) -> Action {
        guard self.phase != .closing else { return .none }
        return self.closing(with: error == .headerOverflow ? .headersTooLarge : .malformed)
    }

    // MARK: - Deadlines

    /// The head must be complete `header` after its first byte (and within the total deadline, should
    /// that be the shorter one); a health-check-only connection keeps its short window.
    private mutating func beginHead(now: NIODeadline) -> Action {
        self.phase = .readingHead
        self.requestStart = now
        var deadline = min(now + TimeAmount(self.timeouts.header), now + TimeAmount(self.timeouts.request))
        if let healthCheckDeadline { deadline = min(deadline, healthCheckDeadline) }
        return self.arm(deadline)
    }

    private var silenceDeadline: NIODeadline {
        self.lastBodyPart + TimeAmount(self.timeouts.body)
    }

    private var totalDeadline: NIODeadline? {
        self.requestStart.map { $0 + TimeAmount(self.timeouts.request) }
    }

    /// When the bytes received so far stop being enough: at `minimumBodyRate` they last
    /// `bodyBytes / rate` seconds from the body's start, and never less than the grace period.
    private var rateDeadline: NIODeadline? {
        guard self.timeouts.minimumBodyRate > 0, let bodyStart = self.bodyStart else { return nil }
        let earned = Double(self.bodyBytes) / Double(self.timeouts.minimumBodyRate)
        let earnedNanoseconds = Int64(min(earned * 1e9, 1e15))
        return bodyStart + max(TimeAmount(self.timeouts.bodyRateGrace), .nanoseconds(earnedNanoseconds))
    }

    private mutating func armBodyDeadline() -> Action {
        var deadline = self.silenceDeadline
        if let total = self.totalDeadline { deadline = min(deadline, total) }
        if let rate = self.rateDeadline { deadline = min(deadline, rate) }
        if let healthCheckDeadline { deadline = min(deadline, healthCheckDeadline) }
        return self.arm(deadline)
    }

    // MARK: - Transitions

    private mutating func closing(with refusal: HTTPConnectionRefusal) -> Action {
        let canAnswer = !self.responseStarted
        self.phase = .closing
        self.deadline = nil
        return canAnswer ? .answerAndClose(refusal) : .close
    }

    private mutating func awaitNextRequest(now: NIODeadline) -> Action {
        if self.partialRequestPending {
            self.partialRequestPending = false
            return self.beginHead(now: now)
        }
        self.phase = .awaitingRequest
        return self.arm(now + TimeAmount(self.timeouts.idle))
    }

    private mutating func arm(_ deadline: NIODeadline) -> Action {
        self.deadline = deadline
        return .schedule(deadline)
    }
}
