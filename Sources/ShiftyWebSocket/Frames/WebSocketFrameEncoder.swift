import NIOCore

/// Writes frames in the wire format, always with the minimal length encoding.
public enum WebSocketFrameEncoder {
    /// Writes a frame header.
    @inlinable
    public static func writeHeader(_ header: WebSocketFrameHeader, into buffer: inout ByteBuffer) {
        let size = header.encodedSize
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { destination in
            guard let base = destination.baseAddress else { return 0 }
            return Self.storeHeader(header, at: base)
        }
    }

    /// Stores `header` at `base` with as few stores as the length encoding allows (one for the common
    /// unmasked frames) and returns its size. `base` must have room for `header.encodedSize` bytes.
    ///
    /// Unaligned stores are fine on every platform Swift supports; going through `ByteBuffer`'s integer
    /// writers instead would check uniqueness and capacity once per field.
    @inlinable
    @inline(__always)
    static func storeHeader(_ header: WebSocketFrameHeader, at base: UnsafeMutableRawPointer) -> Int {
        let first = (header.fin ? 0x80 : 0) | header.reservedBits | header.opcode.rawValue
        let maskBit: UInt8 = header.maskingKey == nil ? 0 : 0x80
        let length = header.payloadLength
        var size: Int
        if length <= 125 {
            let bits = UInt16(first) << 8 | UInt16(maskBit | UInt8(truncatingIfNeeded: length))
            base.storeBytes(of: bits.bigEndian, as: UInt16.self)
            size = 2
        } else if length <= 0xFFFF {
            let bits = UInt32(first) << 24 | UInt32(maskBit | 126) << 16 | UInt32(truncatingIfNeeded: length)
            base.storeBytes(of: bits.bigEndian, as: UInt32.self)
            size = 4
        } else {
            let bits = UInt16(first) << 8 | UInt16(maskBit | 127)
            base.storeBytes(of: bits.bigEndian, as: UInt16.self)
            base.storeBytes(of: UInt64(truncatingIfNeeded: length).bigEndian, toByteOffset: 2, as: UInt64.self)
            size = 10
        }
        if let key = header.maskingKey {
            base.storeBytes(of: key.bytes.0, toByteOffset: size, as: UInt8.self)
            base.storeBytes(of: key.bytes.1, toByteOffset: size + 1, as: UInt8.self)
            base.storeBytes(of: key.bytes.2, toByteOffset: size + 2, as: UInt8.self)
            base.storeBytes(of: key.bytes.3, toByteOffset: size + 3, as: UInt8.self)
            size += 4
        }
        return size
    }

    /// Writes a whole frame: header then payload, masked with `maskingKey` if one is given.
    ///
    /// Header and payload go in through one `writeWithUnsafeMutableBytes`: one capacity and uniqueness
    /// check per frame instead of one per field.
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
        let headerSize = header.encodedSize
        let count = payload.readableBytes
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: headerSize + count) { destination in
            guard let base = destination.baseAddress else { return 0 }
            let written = Self.storeHeader(header, at: base)
            guard count > 0 else { return written }
            payload.withUnsafeReadableBytes { source in
                guard let sourceBase = source.baseAddress else { return }
                if let key = maskingKey {
                    key.apply(from: source, to: UnsafeMutableRawBufferPointer(start: base + written, count: count), offset: 0)
                } else {
                    (base + written).copyMemory(from: sourceBase, byteCount: count)
                }
            }
            return written + count
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
        let count = payload.readableBytes
        let header = WebSocketFrameHeader(fin: fin, opcode: opcode, maskingKey: maskingKey, payloadLength: count)
        var buffer = allocator.buffer(capacity: header.encodedSize + count)
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
