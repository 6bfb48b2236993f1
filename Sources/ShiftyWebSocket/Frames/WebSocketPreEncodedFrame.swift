import NIOCore

/// A server-to-client frame encoded once and written, unchanged, to any number of connections.
///
/// The live push sends the same event to thousands of clients. Server frames are unmasked, so their
/// bytes do not depend on the connection; encoding once and sharing the (copy-on-write) `ByteBuffer`
/// means one allocation and one copy of the payload per event instead of one per client.
public struct WebSocketPreEncodedFrame: Sendable, Hashable {
    /// The complete frame (header and payload) as it goes on the wire.
    public let bytes: ByteBuffer

    /// Encodes a final, unmasked frame.
    public init(opcode: WebSocketOpcode, payload: ByteBuffer, allocator: ByteBufferAllocator = .init()) {
        self.bytes = WebSocketFrameEncoder.encodeFrame(
            opcode: opcode,
            maskingKey: nil,
            payload: payload,
            allocator: allocator
        )
    }

    /// A text message frame.
    public init(text: String, allocator: ByteBufferAllocator = .init()) {
        self.init(opcode: .text, payload: ByteBuffer(string: text), allocator: allocator)
    }

    /// A binary message frame.
    public init(binary: ByteBuffer, allocator: ByteBufferAllocator = .init()) {
        self.init(opcode: .binary, payload: binary, allocator: allocator)
    }
}
