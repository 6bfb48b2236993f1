import NIOCore

/// An incremental frame parser that accepts the byte stream split at any point.
///
/// It never buffers a payload: each call hands out the payload bytes that are available now (unmasked
/// into a buffer of exactly that size), so a 16 MiB frame arriving in 64 KiB reads costs no more memory
/// than the message that is being assembled from it, and text can be validated as it arrives. Only the
/// frame-level rules are checked here (masking direction, reserved bits, opcodes, control-frame shape,
/// minimal length encoding, frame size limit); message-level rules live in ``WebSocketMessageReader``.
public struct WebSocketFrameParser: Sendable {
    /// A piece of one frame's payload, with the frame's header.
    public struct Chunk: Sendable {
        public var header: WebSocketFrameHeader
        /// Unmasked payload bytes; the whole payload when both `isFirst` and `isLast` are set.
        public var payload: ByteBuffer
        /// The first chunk of this frame (the header was just parsed).
        public var isFirst: Bool
        /// The last chunk of this frame.
        public var isLast: Bool

        @inlinable
        public init(header: WebSocketFrameHeader, payload: ByteBuffer, isFirst: Bool, isLast: Bool) {
            self.header = header
            self.payload = payload
            self.isFirst = isFirst
            self.isLast = isLast
        }
    }

    @usableFromInline
    enum State: Sendable {
        case awaitingHeader
        case payload(WebSocketFrameHeader, remaining: Int)
    }

    @usableFromInline var state: State = .awaitingHeader
    /// Whether incoming frames must be masked (we are the server) or must not be (we are the client).
    public let expectsMaskedFrames: Bool
    /// The largest payload a single frame may declare.
    public let maxFrameSize: Int
    /// Not stored: every connection holds a parser, and the default allocator costs nothing to create.
    @inlinable var allocator: ByteBufferAllocator { ByteBufferAllocator() }

    public init(expectsMaskedFrames: Bool, maxFrameSize: Int) {
        self.expectsMaskedFrames = expectsMaskedFrames
        self.maxFrameSize = maxFrameSize
    }

    /// Whether the parser is between frames (a header is expected next).
    public var isAtFrameBoundary: Bool {
        if case .awaitingHeader = self.state { return true }
        return false
    }

    /// Consumes bytes from `buffer` and returns the next payload chunk, or `nil` when more bytes are needed.
    ///
    /// On `nil` the unread bytes (at most an incomplete header, 13 bytes) stay in `buffer` and must be
    /// presented again, followed by the next read.
    @inlinable
    public mutating func next(from buffer: inout ByteBuffer) throws(WebSocketProtocolError) -> Chunk? {
        switch self.state {
        case .awaitingHeader:
            guard let header = try self.parseHeader(from: &buffer) else { return nil }
            if header.payloadLength == 0 {
                return Chunk(header: header, payload: self.allocator.buffer(capacity: 0), isFirst: true, isLast: true)
            }
            return self.takePayload(header: header, remaining: header.payloadLength, isFirst: true, from: &buffer)

        case .payload(let header, let remaining):
            guard buffer.readableBytes > 0 else { return nil }
            // The header may have ended exactly at the end of a read: then this is still the first chunk.
            let isFirst = remaining == header.payloadLength
            return self.takePayload(header: header, remaining: remaining, isFirst: isFirst, from: &buffer)
        }
    }

    @inlinable
    mutating func takePayload(
        header: WebSocketFrameHeader,
        remaining: Int,
        isFirst: Bool,
        from buffer: inout ByteBuffer
    ) -> Chunk? {
        let count = min(remaining, buffer.readableBytes)
        if count == 0 {
            self.state = .payload(header, remaining: remaining)
            return nil
        }
        let payload: ByteBuffer
        if let key = header.maskingKey {
            let offset = header.payloadLength - remaining
            var unmasked = self.allocator.buffer(capacity: count)
            _ = buffer.withUnsafeReadableBytes { source in
                unmasked.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { destination in
                    key.apply(from: UnsafeRawBufferPointer(rebasing: source.prefix(count)), to: destination, offset: offset)
                    return count
                }
            }
            buffer.moveReaderIndex(forwardBy: count)
            payload = unmasked
        } else {
            // Unmasked payloads are handed out as slices of the read: no copy at all.
            payload = buffer.readSlice(length: count)!
        }
        let left = remaining - count
        self.state = left == 0 ? .awaitingHeader : .payload(header, remaining: left)
        return Chunk(header: header, payload: payload, isFirst: isFirst, isLast: left == 0)
    }

    /// Parses and validates a complete header, consuming it; `nil` (consuming nothing) if incomplete.
    @inlinable
    mutating func parseHeader(from buffer: inout ByteBuffer) throws(WebSocketProtocolError) -> WebSocketFrameHeader? {
        let result: Result<(WebSocketFrameHeader, Int)?, WebSocketProtocolError> = buffer.withUnsafeReadableBytes { bytes in
            let available = bytes.count
            guard available >= 2 else { return .success(nil) }
            let first = bytes[0]
            let second = bytes[1]
            let fin = first & 0x80 != 0
            let reserved = first & 0x70
            guard reserved == 0 else { return .failure(.reservedBitsSet) }
            guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
                return .failure(.unknownOpcode(first & 0x0F))
            }
            let masked = second & 0x80 != 0
            if masked != self.expectsMaskedFrames {
                return .failure(masked ? .maskForbidden : .maskRequired)
            }
            let shortLength = Int(second & 0x7F)
            if opcode.isControl {
                guard fin else { return .failure(.fragmentedControlFrame) }
                guard shortLength <= 125 else { return .failure(.controlFrameTooLong) }
            }
            var index = 2
            var length = shortLength
            if shortLength == 126 {
                guard available >= 4 else { return .success(nil) }
                length = Int(bytes[2]) << 8 | Int(bytes[3])
                guard length > 125 else { return .failure(.nonMinimalLength) }
                index = 4
            } else if shortLength == 127 {
                guard available >= 10 else { return .success(nil) }
                var wide: UInt64 = 0
                for offset in 2..<10 {
                    wide = wide << 8 | UInt64(bytes[offset])
                }
                guard wide & (1 << 63) == 0 else { return .failure(.lengthTooLarge) }
                guard wide > 0xFFFF else { return .failure(.nonMinimalLength) }
                guard wide <= UInt64(self.maxFrameSize) else { return .failure(.frameTooLarge(Int(clamping: wide))) }
                length = Int(wide)
                index = 10
            }
            guard length <= self.maxFrameSize else { return .failure(.frameTooLarge(length)) }
            var key: WebSocketMaskingKey? = nil
            if masked {
                guard available >= index + 4 else { return .success(nil) }
                key = WebSocketMaskingKey(bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
                index += 4
            }
            let header = WebSocketFrameHeader(
                fin: fin,
                reservedBits: reserved,
                opcode: opcode,
                maskingKey: key,
                payloadLength: length
            )
            return .success((header, index))
        }
        switch result {
        case .success(.some((let header, let size))):
            buffer.moveReaderIndex(forwardBy: size)
            return header
        case .success(.none):
            return nil
        case .failure(let error):
            throw error
        }
    }
}
