/// The parsed header of one frame (RFC 6455 §5.2), without its payload.
public struct WebSocketFrameHeader: Hashable, Sendable {
    /// Whether this is the last frame of its message.
    public var fin: Bool
    /// The three reserved bits, as the high bits 0x40/0x20/0x10 of the first byte.
    public var reservedBits: UInt8
    public var opcode: WebSocketOpcode
    /// Present on every client-to-server frame, absent on every server-to-client frame.
    public var maskingKey: WebSocketMaskingKey?
    public var payloadLength: Int

    public init(
        fin: Bool,
        reservedBits: UInt8 = 0,
        opcode: WebSocketOpcode,
        maskingKey: WebSocketMaskingKey?,
        payloadLength: Int
    ) {
        self.fin = fin
        self.reservedBits = reservedBits
        self.opcode = opcode
        self.maskingKey = maskingKey
        self.payloadLength = payloadLength
    }

    /// Bytes the header occupies on the wire (2 to 14).
    @inlinable
    public var encodedSize: Int {
        let lengthBytes = self.payloadLength <= 125 ? 0 : (self.payloadLength <= 0xFFFF ? 2 : 8)
        return 2 + lengthBytes + (self.maskingKey == nil ? 0 : 4)
    }
}
