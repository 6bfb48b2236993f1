import NIOCore
import Testing
@testable import ShiftyWebSocket

@Suite struct FrameParserTests {
    static let lengths = [0, 1, 125, 126, 127, 1000, 65535, 65536, 70000]

    @Test(arguments: lengths)
    func encodedFramesParseBackWholeAndByteByByte(length: Int) throws {
        let payload = ByteBuffer(bytes: (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let key = WebSocketMaskingKey(1, 2, 3, 4)
        let encoded = WebSocketFrameEncoder.encodeFrame(opcode: .binary, maskingKey: key, payload: payload)
        // Minimal length encoding: header size follows the RFC thresholds.
        let expectedHeader = 2 + (length <= 125 ? 0 : length <= 65535 ? 2 : 8) + 4
        #expect(encoded.readableBytes == expectedHeader + length)

        for chunkSize in [1, 3, 13, 4096, Int.max] {
            let bytes = Array(encoded.readableBytesView)
            let (events, error) = TestFrames.readEvents(bytes, chunkSize: min(chunkSize, max(bytes.count, 1)))
            #expect(error == nil)
            #expect(events == [.message(.binary(payload))], "chunk size \(chunkSize)")
        }
    }

    @Test func encoderMatchesHandAssembledBytes() {
        let payload: [UInt8] = Array("Hello".utf8)
        let encoded = WebSocketFrameEncoder.encodeFrame(
            opcode: .text,
            maskingKey: WebSocketMaskingKey(0x37, 0xFA, 0x21, 0x3D),
            payload: ByteBuffer(bytes: payload)
        )
        // RFC 6455 §5.7 example: a masked "Hello".
        #expect(Array(encoded.readableBytesView) == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        let unmasked = WebSocketFrameEncoder.encodeFrame(opcode: .text, maskingKey: nil, payload: ByteBuffer(bytes: payload))
        #expect(Array(unmasked.readableBytesView) == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    @Test func rejectsNonMinimalLengths() {
        let sixteenForSmall = TestFrames.raw(opcode: 2, payload: [1, 2, 3], lengthForm: .sixteen)
        #expect(TestFrames.readEvents(sixteenForSmall, chunkSize: 100).error == .nonMinimalLength)
        let sixtyFourForMedium = TestFrames.raw(opcode: 2, payload: [UInt8](repeating: 0, count: 300), lengthForm: .sixtyFour)
        #expect(TestFrames.readEvents(sixtyFourForMedium, chunkSize: 100).error == .nonMinimalLength)
    }

    @Test func rejectsLengthWithTheHighBitSet() {
        let bytes: [UInt8] = [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        #expect(TestFrames.readEvents(bytes, chunkSize: 1).error == .lengthTooLarge)
    }

    @Test func enforcesFrameSizeLimitFromTheHeaderAlone() {
        // Only the header of a 1 MiB frame is sent: the limit must trip before any payload arrives.
        let bytes: [UInt8] = [0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4]
        let result = TestFrames.readEvents(bytes, chunkSize: 1, maxFrameSize: 65536)
        #expect(result.error == .frameTooLarge(1 << 20))
        #expect(WebSocketProtocolError.frameTooLarge(1).closeCode == .messageTooBig)
    }

    @Test func rejectsReservedBitsUnknownOpcodesAndWrongMasking() {
        #expect(TestFrames.readEvents(TestFrames.raw(rsv: 0x40, opcode: 1, payload: []), chunkSize: 1).error == .reservedBitsSet)
        for opcode: UInt8 in [3, 4, 5, 6, 7, 0xB, 0xC, 0xF] {
            #expect(TestFrames.readEvents(TestFrames.raw(opcode: opcode, payload: []), chunkSize: 1).error == .unknownOpcode(opcode))
        }
        #expect(TestFrames.readEvents(TestFrames.raw(opcode: 1, mask: nil, payload: [0x61]), chunkSize: 1).error == .maskRequired)
        #expect(
            TestFrames.readEvents(TestFrames.raw(opcode: 1, payload: [0x61]), chunkSize: 1, server: false).error == .maskForbidden
        )
    }

    @Test func rejectsOversizedAndFragmentedControlFrames() {
        let long = TestFrames.raw(opcode: 9, payload: [UInt8](repeating: 0, count: 126))
        #expect(TestFrames.readEvents(long, chunkSize: 1).error == .controlFrameTooLong)
        let fragmented = TestFrames.raw(fin: false, opcode: 9, payload: [1])
        #expect(TestFrames.readEvents(fragmented, chunkSize: 1).error == .fragmentedControlFrame)
        let maximal = TestFrames.raw(opcode: 9, payload: [UInt8](repeating: 7, count: 125))
        #expect(TestFrames.readEvents(maximal, chunkSize: 1).events == [.ping(ByteBuffer(bytes: [UInt8](repeating: 7, count: 125)))])
    }

    @Test func decodeThenEncodeReproducesTheInputExactly() throws {
        // With minimal lengths enforced, a valid frame has exactly one encoding: the round-trip property the
        // fuzzer also checks.
        for length in [0, 5, 125, 126, 65535, 65536] {
            let original = TestFrames.raw(fin: length % 2 == 0, opcode: 2, mask: [9, 8, 7, 6], payload: (0..<length).map { UInt8($0 & 0xFF) })
            var parser = WebSocketFrameParser(expectsMaskedFrames: true, maxFrameSize: 1 << 20)
            var input = ByteBuffer(bytes: original)
            var payload = ByteBuffer()
            var header: WebSocketFrameHeader?
            while let chunk = try parser.next(from: &input) {
                header = chunk.header
                var piece = chunk.payload
                payload.writeBuffer(&piece)
                if chunk.isLast { break }
            }
            let decodedHeader = try #require(header)
            var reencoded = ByteBuffer()
            WebSocketFrameEncoder.writeFrame(
                fin: decodedHeader.fin,
                opcode: decodedHeader.opcode,
                maskingKey: decodedHeader.maskingKey,
                payload: payload,
                into: &reencoded
            )
            #expect(Array(reencoded.readableBytesView) == original)
        }
    }
}
