import NIOCore

/// Writes frames in the wire format, always with the minimal length encoding.
public enum WebSocketFrameEncoder {
    /// Writes a frame header.
    @inlinable
    public static func writeHeader(_ header: WebSocketFrameHeader, into buffer: inout ByteBuffer) {
        let first = (header.fin ? 0x80 : 0) | header.reservedBits | header.opcode.rawValue
        let maskBit: UInt8 = header.maskingKey == nil ? 0 : 0x80
        let length = header.payloadLength
        if length <= 125 {
            buffer.writeMultipleIntegers(first, maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            buffer.writeMultipleIntegers(first, maskBit | 126, UInt16(length))
        } else {
            buffer.writeMultipleIntegers(first, maskBit | 127, UInt64(length))
        }
        if let key = header.maskingKey {
            buffer.writeMultipleIntegers(key.bytes.0, key.bytes.1, key.bytes.2, key.bytes.3)
        }
    }

    /// Writes a whole frame: header then payload, masked with `maskingKey` if one is given.
    @inlinable
    public static func writeFrame(
        fin: Bool = true,
        opcode: WebSocketOpcode,
        maskingKey: WebSocketMaskingKey?,
        payload: ByteBuffer,
        into buffer: inout ByteBuffer
    ) {
        let header = WebSocketFrameHeader(
            fin: fin,
            opcode: opcode,
            maskingKey: maskingKey,
            payloadLength: payload.readableBytes
        )
        buffer.reserveCapacity(minimumWritableBytes: header.encodedSize + payload.readableBytes)
        Self.writeHeader(header, into: &buffer)
        if let key = maskingKey {
            let count = payload.readableBytes
            _ = payload.withUnsafeReadableBytes { source in
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { destination in
                    key.apply(from: source, to: destination, offset: 0)
                    return count
                }
            }
        } else {
            buffer.writeImmutableBuffer(payload)
        }
    }

    /// Encodes a whole frame into a new buffer of exactly the right size.
    @inlinable
    public static func encodeFrame(
        fin: Bool = true,
        opcode: WebSocketOpcode,
        maskingKey: WebSocketMaskingKey?,
        payload: ByteBuffer,
        allocator: ByteBufferAllocator = .init()
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 14 + payload.readableBytes)
        Self.writeFrame(fin: fin, opcode: opcode, maskingKey: maskingKey, payload: payload, into: &buffer)
        return buffer
    }

    /// The payload of a Close frame: the code (if any) and a reason truncated to fit 125 bytes.
    public static func closePayload(code: WebSocketCloseCode?, reason: String) -> ByteBuffer {
        guard let code else { return ByteBuffer() }
        var buffer = ByteBuffer()
        buffer.writeInteger(code.rawValue)
        var utf8 = Array(reason.utf8.prefix(123))
        // Never cut a multi-byte character in half: drop trailing continuation bytes and their lead.
        var validator = UTF8Validator()
        while !utf8.isEmpty, !(validator.validate(contentsOf: utf8) && validator.isComplete) {
            utf8.removeLast()
            validator = UTF8Validator()
        }
        buffer.writeBytes(utf8)
        return buffer
    }
}
