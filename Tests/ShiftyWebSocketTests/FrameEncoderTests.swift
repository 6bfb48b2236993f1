import NIOCore
import Testing
@testable import ShiftyWebSocket

/// The encoder stores headers with wide unaligned stores; these compare its bytes with frames assembled
/// byte by byte from the RFC layout, at every length-encoding boundary.
@Suite struct FrameEncoderTests {
    static let lengths = [0, 1, 125, 126, 127, 1000, 1024, 65535, 65536, 70000]

    @Test(arguments: lengths)
    func framesMatchHandAssembledBytes(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let mask: [UInt8] = [0x9A, 0x01, 0xFF, 0x42]
        // Control frames carry at most 125 bytes.
        let opcodes: [WebSocketOpcode] = length <= 125 ? [.text, .binary, .ping] : [.text, .binary]
        for opcode in opcodes {
            let unmasked = WebSocketFrameEncoder.encodeFrame(opcode: opcode, maskingKey: nil, payload: ByteBuffer(bytes: payload))
            #expect(Array(unmasked.readableBytesView) == TestFrames.raw(opcode: opcode.rawValue, mask: nil, payload: payload))

            let masked = WebSocketFrameEncoder.encodeFrame(
                opcode: opcode,
                maskingKey: WebSocketMaskingKey(mask[0], mask[1], mask[2], mask[3]),
                payload: ByteBuffer(bytes: payload)
            )
            #expect(Array(masked.readableBytesView) == TestFrames.raw(opcode: opcode.rawValue, mask: mask, payload: payload))
        }
    }

    @Test(arguments: lengths)
    func headerAloneMatchesTheFramePrefix(length: Int) {
        let expected = TestFrames.raw(fin: false, rsv: 0x40, opcode: 2, mask: nil, payload: [UInt8](repeating: 0, count: length))
        var header = ByteBuffer()
        WebSocketFrameEncoder.writeHeader(
            WebSocketFrameHeader(fin: false, reservedBits: 0x40, opcode: .binary, maskingKey: nil, payloadLength: length),
            into: &header
        )
        #expect(Array(header.readableBytesView) == Array(expected.prefix(header.readableBytes)))
        #expect(header.readableBytes == expected.count - length)
    }

    @Test func writeFrameAppendsAfterExistingBytesAndLeavesTheSourceUntouched() {
        var buffer = ByteBuffer(bytes: [0xAA, 0xBB, 0xCC])
        buffer.moveReaderIndex(forwardBy: 1)
        var payload = ByteBuffer(bytes: [0, 1, 2, 3, 4, 5, 6, 7])
        payload.moveReaderIndex(forwardBy: 2)
        WebSocketFrameEncoder.writeFrame(opcode: .binary, maskingKey: nil, payload: payload, into: &buffer)
        WebSocketFrameEncoder.writeFrame(
            opcode: .text,
            maskingKey: WebSocketMaskingKey(1, 2, 3, 4),
            payload: payload,
            into: &buffer
        )
        let expected: [UInt8] =
            [0xBB, 0xCC]
            + TestFrames.raw(opcode: 2, mask: nil, payload: [2, 3, 4, 5, 6, 7])
            + TestFrames.raw(opcode: 1, mask: [1, 2, 3, 4], payload: [2, 3, 4, 5, 6, 7])
        #expect(Array(buffer.readableBytesView) == expected)
        #expect(Array(payload.readableBytesView) == [2, 3, 4, 5, 6, 7])
    }

    @Test(arguments: lengths)
    func encodedFramesAllocateNoMoreThanTheyNeed(length: Int) {
        let payload = ByteBuffer(repeating: 7, count: length)
        let frame = WebSocketFrameEncoder.encodeFrame(opcode: .binary, maskingKey: nil, payload: payload)
        // ByteBuffer rounds capacities up to a power of two; anything beyond that is over-reservation.
        var power = 1
        while power < frame.readableBytes { power <<= 1 }
        #expect(frame.capacity <= power)
    }

    @Test(arguments: lengths)
    func exactSizeFramesMatchHandAssembledBytesAndTakeNoSpareCapacity(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 3) }
        var payload = ByteBuffer(bytes: [0xEE, 0xEE] + bytes)
        payload.moveReaderIndex(forwardBy: 2)  // a payload that does not start at its storage's beginning
        let mask: [UInt8] = [0x10, 0x20, 0x30, 0x40]
        for key in [nil, WebSocketMaskingKey(mask[0], mask[1], mask[2], mask[3])] {
            let frame = WebSocketFrameEncoder.encodeFrameExactSize(opcode: .binary, maskingKey: key, payload: payload)
            let expected = TestFrames.raw(opcode: 2, mask: key == nil ? nil : mask, payload: bytes)
            #expect(Array(frame.readableBytesView) == expected)
            #expect(frame.capacity == expected.count)
        }
        #expect(Array(payload.readableBytesView) == bytes)
    }

    @Test func exactSizeFramesAreOrdinaryBuffersThatGrowAndCopyOnWrite() {
        let frame = WebSocketFrameEncoder.encodeFrameExactSize(
            opcode: .text,
            maskingKey: nil,
            payload: ByteBuffer(string: "hi")
        )
        var grown = frame
        grown.writeBytes([UInt8](repeating: 9, count: 5000))  // reallocates memory that came from malloc
        #expect(Array(frame.readableBytesView) == [0x81, 2, 0x68, 0x69])
        #expect(grown.readableBytes == 5004)
        #expect(Array(grown.readableBytesView.prefix(4)) == [0x81, 2, 0x68, 0x69])
        #expect(grown.readableBytesView.dropFirst(4).allSatisfy { $0 == 9 })
    }
}
