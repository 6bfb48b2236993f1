/// A close status code (RFC 6455 §7.4).
///
/// A struct rather than an enum because peers may send any code in the application ranges (3000–4999),
/// and we must echo them.
public struct WebSocketCloseCode: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection has been fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (server shutdown, peer stopped answering pings).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer violated the framing protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: the endpoint cannot accept this kind of data.
    public static let unacceptableData = WebSocketCloseCode(rawValue: 1003)
    /// 1007: a text message (or close reason) was not valid UTF-8.
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: the message violated the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a frame or message was larger than the configured limit.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server hit an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1013: try again later; used when a consumer falls too far behind the live push.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// Whether this code may legally appear in a Close frame on the wire.
    ///
    /// 1004, 1005, 1006 and 1015 are reserved for local use, 0–999 are unused, and 1016–2999 are reserved
    /// for future RFCs; receiving any of them is a protocol error.
    @inlinable
    public var isValidOnWire: Bool {
        switch self.rawValue {
        case 1000...1003, 1007...1014: true
        case 3000...4999: true
        default: false
        }
    }

    public var description: String { String(self.rawValue) }
}
