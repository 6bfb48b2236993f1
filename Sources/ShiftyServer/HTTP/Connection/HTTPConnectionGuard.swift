import NIOCore
import NIOHTTP1

/// The timing and error rules of one HTTP connection, as a state machine without I/O: it is told what
/// arrived and what was written, and answers with what to do (``Action``). The NIO side is
/// ``HTTPConnectionGuardHandler``.
///
/// Phases: waiting for a request (idle timeout), reading a head (header timeout from its first byte),
/// reading a body (body timeout between its parts), then the server's turn (no timeout) until the
/// response ends. A timeout or a request NIO's parser refuses is answered with a problem — 408, 400 or
/// 431 — and the connection closes; if a response had already begun, it just closes.
struct HTTPConnectionGuard {
    enum Phase: Equatable {
        case awaitingRequest
        case readingHead
        case readingBody
        case serverTurn
        case closing
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
    }

    let timeouts: HTTPConnectionTimeouts
    private(set) var phase: Phase = .awaitingRequest
    private(set) var deadline: NIODeadline?
    /// Bytes of a next request arrived while the server was still answering the previous one.
    private var partialRequestPending = false
    /// Requests whose head arrived and whose response has not ended.
    private var responsesOwed = 0
    /// A response head is out and its end is not: the connection can no longer carry an answer of ours.
    private var responseStarted = false

    init(timeouts: HTTPConnectionTimeouts) {
        self.timeouts = timeouts
    }

    /// The connection became active.
    mutating func connected(now: NIODeadline) -> Action {
        self.arm(now + TimeAmount(self.timeouts.idle))
    }

    /// Raw bytes arrived from the client (before HTTP decoding).
    mutating func bytesArrived(now: NIODeadline) -> Action {
        switch self.phase {
        case .awaitingRequest:
            self.phase = .readingHead
            return self.arm(now + TimeAmount(self.timeouts.header))
        case .serverTurn:
            self.partialRequestPending = true
            return .none
        case .readingHead, .readingBody, .closing:
            return .none
        }
    }

    mutating func headReceived(now: NIODeadline) -> Action {
        guard self.phase != .closing else { return .none }
        self.responsesOwed += 1
        self.partialRequestPending = false
        self.phase = .readingBody
        return self.arm(now + TimeAmount(self.timeouts.body))
    }

    mutating func bodyReceived(now: NIODeadline) -> Action {
        guard self.phase == .readingBody else { return .none }
        return self.arm(now + TimeAmount(self.timeouts.body))
    }

    mutating func endReceived(now: NIODeadline) -> Action {
        guard self.phase == .readingBody else { return .none }
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
        guard self.phase == .serverTurn, self.responsesOwed == 0 else { return .none }
        return self.awaitNextRequest(now: now)
    }

    mutating func timerFired(now: NIODeadline) -> Action {
        guard let deadline = self.deadline, self.phase != .closing else { return .none }
        guard now >= deadline else { return .schedule(deadline) }
        switch self.phase {
        case .awaitingRequest, .readingHead, .readingBody:
            return self.closing(with: .timeout)
        case .serverTurn, .closing:
            return .none
        }
    }

    /// NIO's HTTP parser refused the bytes.
    mutating func parseFailed(_ error: HTTPParserError) -> Action {
        guard self.phase != .closing else { return .none }
        return self.closing(with: error == .headerOverflow ? .headersTooLarge : .malformed)
    }

    private mutating func closing(with refusal: HTTPConnectionRefusal) -> Action {
        let canAnswer = !self.responseStarted
        self.phase = .closing
        self.deadline = nil
        return canAnswer ? .answerAndClose(refusal) : .close
    }

    private mutating func awaitNextRequest(now: NIODeadline) -> Action {
        if self.partialRequestPending {
            self.partialRequestPending = false
            self.phase = .readingHead
            return self.arm(now + TimeAmount(self.timeouts.header))
        }
        self.phase = .awaitingRequest
        return self.arm(now + TimeAmount(self.timeouts.idle))
    }

    private mutating func arm(_ deadline: NIODeadline) -> Action {
        self.deadline = deadline
        return .schedule(deadline)
    }
}
