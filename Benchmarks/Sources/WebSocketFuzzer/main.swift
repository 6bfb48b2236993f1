// libFuzzer entry point for the WebSocket decoder. See docs/websocket.md, "Fuzzing".
//
// Properties checked on every input (a violation crashes, which libFuzzer reports):
// 1. Decoding never crashes and never hands out a frame or message above the configured limits; together
//    with `-malloc_limit_mb` this means hostile lengths cannot make us allocate more than the limit.
// 2. Decode -> encode round trip: every frame the parser accepts re-encodes to exactly the input bytes it
//    was decoded from (minimal lengths are enforced, so a valid frame has one encoding).
// 3. Split independence: feeding the stream in chunks gives the same events and the same error as feeding
//    it whole.
import NIOCore
import ShiftyWebSocket

let maxFrameSize = 4096
let maxMessageSize = 8192

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError(message())
    }
}

/// Frame level: round trip of every accepted frame.
func checkRoundTrip(_ input: ByteBuffer, masked: Bool) {
    var parser = WebSocketFrameParser(expectsMaskedFrames: masked, maxFrameSize: maxFrameSize)
    var buffer = input
    var frameStart = buffer.readerIndex
    var payload = ByteBuffer()
    while true {
        let chunk: WebSocketFrameParser.Chunk?
        do {
            chunk = try parser.next(from: &buffer)
        } catch {
            return
        }
        guard let chunk else { return }
        check(chunk.header.payloadLength <= maxFrameSize, "frame above limit")
        var piece = chunk.payload
        payload.writeBuffer(&piece)
        guard chunk.isLast else { continue }
        check(payload.readableBytes == chunk.header.payloadLength, "payload length mismatch")
        var encoded = ByteBuffer()
        WebSocketFrameEncoder.writeFrame(
            fin: chunk.header.fin,
            opcode: chunk.header.opcode,
            maskingKey: chunk.header.maskingKey,
            payload: payload,
            into: &encoded
        )
        let original = input.getSlice(at: frameStart, length: buffer.readerIndex - frameStart)
        check(original == encoded, "re-encoded frame differs from its input")
        frameStart = buffer.readerIndex
        payload.clear()
    }
}

/// Message level: events and errors, fed with the given chunk size.
func readAll(_ input: ByteBuffer, masked: Bool, chunkSize: Int) -> ([WebSocketInboundEvent], WebSocketProtocolError?) {
    var reader = WebSocketMessageReader(expectsMaskedFrames: masked, maxFrameSize: maxFrameSize, maxMessageSize: maxMessageSize)
    var events: [WebSocketInboundEvent] = []
    var pending = ByteBuffer()
    var rest = input
    while rest.readableBytes > 0 {
        var piece = rest.readSlice(length: min(chunkSize, rest.readableBytes))!
        pending.writeBuffer(&piece)
        do {
            while let event = try reader.next(from: &pending) {
                if case .message(let message) = event {
                    check(message.data.readableBytes <= maxMessageSize, "message above limit")
                }
                events.append(event)
            }
        } catch {
            return (events, error)
        }
        pending.discardReadBytes()
        check(pending.readableBytes < 14, "more than a partial header kept between reads")
    }
    return (events, nil)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketDecoder(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: count)
    let control = bytes[0]
    let masked = control & 1 == 0
    let chunkSize = Int(control >> 1) % 17 + 1
    let input = ByteBuffer(bytes: bytes.dropFirst())

    checkRoundTrip(input, masked: masked)
    let whole = readAll(input, masked: masked, chunkSize: Int.max)
    let split = readAll(input, masked: masked, chunkSize: chunkSize)
    check(whole.0 == split.0 && whole.1 == split.1, "chunked decoding differs from whole decoding")
    return 0
}
