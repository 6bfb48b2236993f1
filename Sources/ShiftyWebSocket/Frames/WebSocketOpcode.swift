/// The four-bit opcode of a WebSocket frame (RFC 6455 §5.2).
///
/// Only the six opcodes defined by the RFC can be constructed from a raw value: every other value is a
/// protocol error for us because we negotiate no extension that would define one.
public struct WebSocketOpcode: Hashable, Sendable, CustomStringConvertible {
    /// The opcode as it appears in the low four bits of the first header byte.
    public let rawValue: UInt8

    /// Creates an opcode from its wire value, or `nil` for reserved and unknown opcodes.
    @inlinable
    public init?(rawValue: UInt8) {
        switch rawValue {
        case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: self.rawValue = rawValue
        default: return nil
        }
    }

    @usableFromInline
    init(uncheckedRawValue: UInt8) { self.rawValue = uncheckedRawValue }

    public static let continuation = WebSocketOpcode(uncheckedRawValue: 0x0)
    public static let text = WebSocketOpcode(uncheckedRawValue: 0x1)
    public static let binary = WebSocketOpcode(uncheckedRawValue: 0x2)
    public static let close = WebSocketOpcode(uncheckedRawValue: 0x8)
    public static let ping = WebSocketOpcode(uncheckedRawValue: 0x9)
    public static let pong = WebSocketOpcode(uncheckedRawValue: 0xA)

    /// Control frames (close, ping, pong) have the high bit of the opcode set; they may not be fragmented
    /// and carry at most 125 bytes.
    @inlinable
    public var isControl: Bool { self.rawValue & 0x8 != 0 }

    public var description: String {
        switch self.rawValue {
        case 0x0: "continuation"
        case 0x1: "text"
        case 0x2: "binary"
        case 0x8: "close"
        case 0x9: "ping"
        case 0xA: "pong"
        default: "opcode(\(self.rawValue))"
        }
    }
}
