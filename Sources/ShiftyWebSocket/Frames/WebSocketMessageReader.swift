import NIOCore

/// Turns the byte stream into messages, pings, pongs and closes, enforcing the message-level rules.
///
/// On top of ``WebSocketFrameParser`` it checks fragment ordering (continuations only inside a message,
/// no new data message inside one; control frames may interleave), validates text as UTF-8 chunk by chunk
/// so an invalid byte fails the connection as soon as it arrives, enforces the message size limit when a
/// frame header announces its length, and validates Close payloads. The reassembly buffer is allocated
/// only for fragmented messages and released when the message is complete, so an idle connection holds
/// no buffer.
public struct WebSocketMessageReader: Sendable {
    public var parser: WebSocketFrameParser
    public let maxMessageSize: Int

    @usableFromInline var messageKind: WebSocketMessage.Kind?
    @usableFromInline var messageBuffer: ByteBuffer?
    @usableFromInline var messageSize = 0
    @usableFromInline var utf8 = UTF8Validator()
    @usableFromInline var controlBuffer: ByteBuffer?
    @inlinable var allocator: ByteBufferAllocator { ByteBufferAllocator() }

    public init(
        expectsMaskedFrames: Bool,
        maxFrameSize: Int,
        maxMessageSize: Int
    ) {
        self.parser = WebSocketFrameParser(
            expectsMaskedFrames: expectsMaskedFrames,
            maxFrameSize: maxFrameSize
        )
        self.maxMessageSize = maxMessageSize
    }

    /// Whether no frame or message is half-received (nothing is buffered).
    public var isIdle: Bool {
        self.parser.isAtFrameBoundary && self.messageKind == nil && self.controlBuffer == nil
    }

    /// Consumes bytes and returns the next complete event, or `nil` when `buffer` holds no complete one.
    @inlinable
    public mutating func next(from buffer: inout ByteBuffer) throws(WebSocketProtocolError) -> WebSocketInboundEvent? {
        while let chunk = try self.parser.next(from: &buffer) {
            if let event = try self.consume(chunk) {
                return event
            }
        }
        return nil
    }

    @inlinable
    mutating func consume(_ chunk: WebSocketFrameParser.Chunk) throws(WebSocketProtocolError) -> WebSocketInboundEvent? {
        let opcode = chunk.header.opcode
        if opcode.isControl {
            return try self.consumeControl(chunk)
        }
        if chunk.isFirst {
            try self.startFrame(chunk.header)
        }
        var payload = chunk.payload
        if self.messageKind == .text {
            let valid = payload.withUnsafeReadableBytes { self.utf8.validate($0) }
            guard valid else { throw .invalidUTF8 }
        }
        let endsMessage = chunk.isLast && chunk.header.fin
        if endsMessage, self.messageKind == .text, !self.utf8.isComplete {
            throw .invalidUTF8
        }
        // Fast path: an unfragmented message whose payload arrived in one piece is delivered as is.
        if endsMessage, chunk.isFirst, self.messageBuffer == nil {
            let kind = self.messageKind ?? .binary
            self.resetMessage()
            return .message(WebSocketMessage(kind: kind, data: payload))
        }
        if self.messageBuffer == nil {
            // Size the buffer for what we know is coming, bounded by the limit (a lying length costs nothing
            // more: frames larger than the limit were already rejected).
            let expected = chunk.header.fin ? self.messageSize : self.messageSize + payload.readableBytes
            self.messageBuffer = self.allocator.buffer(capacity: max(expected, payload.readableBytes))
        }
        self.messageBuffer!.writeBuffer(&payload)
        guard endsMessage else { return nil }
        let message = WebSocketMessage(kind: self.messageKind ?? .binary, data: self.messageBuffer!)
        self.resetMessage()
        return .message(message)
    }

    @inlinable
    mutating func startFrame(_ header: WebSocketFrameHeader) throws(WebSocketProtocolError) {
        if header.opcode == .continuation {
            guard self.messageKind != nil else { throw .unexpectedContinuation }
        } else {
            guard self.messageKind == nil else { throw .expectedContinuation }
            self.messageKind = header.opcode == .text ? .text : .binary
            self.messageSize = 0
            self.utf8 = UTF8Validator()
        }
        let newSize = self.messageSize + header.payloadLength
        guard newSize <= self.maxMessageSize else { throw .messageTooLarge(newSize) }
        self.messageSize = newSize
    }

    @inlinable
    mutating func resetMessage() {
        self.messageKind = nil
        self.messageBuffer = nil
        self.messageSize = 0
    }

    @usableFromInline
    mutating func consumeControl(_ chunk: WebSocketFrameParser.Chunk) throws(WebSocketProtocolError) -> WebSocketInboundEvent? {
        var payload = chunk.payload
        if !(chunk.isFirst && chunk.isLast) {
            // A control frame split across reads: gather its (at most 125) bytes.
            if chunk.isFirst { self.controlBuffer = self.allocator.buffer(capacity: chunk.header.payloadLength) }
            self.controlBuffer?.writeBuffer(&payload)
            guard chunk.isLast, let gathered = self.controlBuffer else { return nil }
            self.controlBuffer = nil
            payload = gathered
        }
        switch chunk.header.opcode {
        case .ping: return .ping(payload)
        case .pong: return .pong(payload)
        default: return try Self.parseClose(payload)
        }
    }

    /// Validates a Close payload: empty, or a valid code followed by a UTF-8 reason.
    public static func parseClose(_ payload: ByteBuffer) throws(WebSocketProtocolError) -> WebSocketInboundEvent {
        var payload = payload
        if payload.readableBytes == 0 {
            return .close(code: nil, reason: "")
        }
        guard let raw = payload.readInteger(as: UInt16.self) else { throw .closePayloadTooShort }
        let code = WebSocketCloseCode(rawValue: raw)
        guard code.isValidOnWire else { throw .invalidCloseCode(raw) }
        var validator = UTF8Validator()
        let valid = payload.withUnsafeReadableBytes { validator.validate($0) }
        guard valid, validator.isComplete else { throw .invalidUTF8 }
        return .close(code: code, reason: String(buffer: payload))
    }
}
