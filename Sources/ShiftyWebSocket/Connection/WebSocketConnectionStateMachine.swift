import NIOCore

/// The close handshake and keep-alive rules of one connection, as a pure state machine.
///
/// Every input returns the action the channel handler must perform, so the protocol logic is tested
/// without I/O or timers.
public struct WebSocketConnectionStateMachine: Sendable {
    public enum State: Sendable, Hashable {
        /// Messages flow both ways.
        case open
        /// We sent a Close frame and wait for the peer's.
        case closeSent
        /// (Client) both Close frames were exchanged; we wait for the server to close TCP.
        case awaitingTCPClose
        /// Nothing more is sent or processed.
        case closed
    }

    /// What to do once our Close frame is written.
    public enum AfterClose: Sendable, Hashable {
        /// Close the TCP connection as soon as the frame is written.
        case closeConnection
        /// Wait (at most the close timeout) for the peer.
        case awaitPeer
    }

    public enum Action: Sendable, Hashable {
        case none
        case sendPong(ByteBuffer)
        case sendPing
        case sendClose(code: WebSocketCloseCode?, reason: String, then: AfterClose)
        case closeConnection
    }

    public let role: WebSocketRole
    public private(set) var state: State = .open
    /// Whether anything arrived since the last timer tick.
    private var sawTraffic = false
    private var pingOutstanding = false

    public init(role: WebSocketRole) {
        self.role = role
    }

    /// Whether received data messages should still be delivered to the application.
    public var deliversMessages: Bool { self.state == .open || self.state == .closeSent }
    /// Whether inbound bytes should still be parsed.
    public var readsFrames: Bool { self.state == .open || self.state == .closeSent }
    /// Whether the application may still send data.
    public var acceptsOutboundMessages: Bool { self.state == .open }

    /// Any frame from the peer proves it is alive.
    public mutating func receivedTraffic() {
        self.sawTraffic = true
        self.pingOutstanding = false
    }

    public mutating func receivedPing(_ payload: ByteBuffer) -> Action {
        self.state == .open ? .sendPong(payload) : .none
    }

    public mutating func receivedClose(code: WebSocketCloseCode?) -> Action {
        switch self.state {
        case .open:
            // Echo the peer's code (an empty Close is answered with an empty Close).
            switch self.role {
            case .server:
                self.state = .closed
                return .sendClose(code: code, reason: "", then: .closeConnection)
            case .client:
                self.state = .awaitingTCPClose
                return .sendClose(code: code, reason: "", then: .awaitPeer)
            }
        case .closeSent:
            switch self.role {
            case .server:
                self.state = .closed
                return .closeConnection
            case .client:
                self.state = .awaitingTCPClose
                return .none
            }
        case .awaitingTCPClose, .closed:
            return .none
        }
    }

    /// The peer broke the protocol: fail the connection (§7.1.7) with the error's close code.
    public mutating func protocolError(code: WebSocketCloseCode) -> Action {
        switch self.state {
        case .open:
            self.state = .closed
            return .sendClose(code: code, reason: "", then: .closeConnection)
        case .closeSent, .awaitingTCPClose:
            self.state = .closed
            return .closeConnection
        case .closed:
            return .none
        }
    }

    /// The application (or the slow-consumer guard) wants to close.
    public mutating func close(code: WebSocketCloseCode, reason: String) -> Action {
        guard self.state == .open else { return .none }
        self.state = .closeSent
        return .sendClose(code: code, reason: reason, then: .awaitPeer)
    }

    /// The periodic timer fired: ping an idle peer, drop one that did not answer, or end a close
    /// handshake the peer never finished.
    public mutating func timerFired() -> Action {
        switch self.state {
        case .open:
            if self.sawTraffic {
                self.sawTraffic = false
                return .none
            }
            if !self.pingOutstanding {
                self.pingOutstanding = true
                return .sendPing
            }
            self.state = .closed
            return .sendClose(code: .goingAway, reason: "ping timeout", then: .closeConnection)
        case .closeSent, .awaitingTCPClose:
            self.state = .closed
            return .closeConnection
        case .closed:
            return .none
        }
    }

    public mutating func connectionClosed() {
        self.state = .closed
    }
}
