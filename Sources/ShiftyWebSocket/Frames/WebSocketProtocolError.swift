/// Why an endpoint failed the connection, and so which close code it sends (RFC 6455 §7.1.7, §7.4.1).
public enum WebSocketProtocolError: Error, Hashable, Sendable {
    case reservedBitsSet
    case unknownOpcode(UInt8)
    case maskRequired
    case maskForbidden
    case controlFrameTooLong
    case fragmentedControlFrame
    case nonMinimalLength
    case lengthTooLarge
    case frameTooLarge(Int)
    case messageTooLarge(Int)
    case unexpectedContinuation
    case expectedContinuation
    case invalidUTF8
    case invalidCloseCode(UInt16)
    case closePayloadTooShort

    /// The close code this failure is reported with.
    public var closeCode: WebSocketCloseCode {
        switch self {
        case .invalidUTF8: .invalidFramePayloadData
        case .frameTooLarge, .messageTooLarge: .messageTooBig
        default: .protocolError
        }
    }
}
