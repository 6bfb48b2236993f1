import NIOCore
import Testing
@testable import ShiftyWebSocket

@Suite struct MessageReaderTests {
    @Test func reassemblesFragmentsWithControlFramesInBetween() {
        let bytes = TestFrames.raw(fin: false, opcode: 1, payload: Array("Hel".utf8))
            + TestFrames.raw(opcode: 9, payload: Array("ping!".utf8))
            + TestFrames.raw(fin: false, opcode: 0, payload: Array("lo, ".utf8))
            + TestFrames.raw(opcode: 10, payload: [])
            + TestFrames.raw(opcode: 0, payload: Array("world".utf8))
        for chunkSize in [1, 2, 5, 7, 1000] {
            let (events, error) = TestFrames.readEvents(bytes, chunkSize: chunkSize)
            #expect(error == nil)
            #expect(
                events == [
                    .ping(ByteBuffer(string: "ping!")), .pong(ByteBuffer()), .message(.text("Hello, world")),
                ],
                "chunk size \(chunkSize)"
            )
        }
    }

    @Test func rejectsContinuationWithoutAMessageAndNewMessageInsideOne() {
        let orphan = TestFrames.raw(opcode: 0, payload: [1])
        #expect(TestFrames.readEvents(orphan, chunkSize: 1).error == .unexpectedContinuation)
        let interleaved = TestFrames.raw(fin: false, opcode: 2, payload: [1]) + TestFrames.raw(opcode: 1, payload: [0x61])
        #expect(TestFrames.readEvents(interleaved, chunkSize: 1).error == .expectedContinuation)
    }

    @Test func invalidUTF8FailsInTheFragmentThatBreaksIt() {
        // "€" is E2 82 AC; the first fragment ends mid-character (still valid), the second breaks it.
        let first = TestFrames.raw(fin: false, opcode: 1, payload: [0x61, 0xE2, 0x82])
        let second = TestFrames.raw(fin: false, opcode: 0, payload: [0x28, 0x61])
        let third = TestFrames.raw(opcode: 0, payload: [0x62])
        let afterFirst = TestFrames.readEvents(first, chunkSize: 1)
        #expect(afterFirst.error == nil)
        let afterSecond = TestFrames.readEvents(first + second + third, chunkSize: 1)
        #expect(afterSecond.error == .invalidUTF8)
        #expect(WebSocketProtocolError.invalidUTF8.closeCode == .invalidFramePayloadData)
    }

    @Test func invalidUTF8FailsBeforeTheFrameIsComplete() throws {
        // A single 20-byte text frame whose 3rd payload byte is invalid: the reader must fail while only the
        // first bytes of the payload have arrived.
        let frame = TestFrames.raw(opcode: 1, payload: [0x61, 0x62, 0xFF] + [UInt8](repeating: 0x61, count: 17))
        var reader = WebSocketMessageReader(expectsMaskedFrames: true, maxFrameSize: 1000, maxMessageSize: 1000)
        var partial = ByteBuffer(bytes: frame.prefix(2 + 4 + 3))
        #expect(throws: WebSocketProtocolError.invalidUTF8) { _ = try reader.next(from: &partial) }
    }

    @Test func messageEndingMidCharacterIsInvalid() {
        let frame = TestFrames.raw(opcode: 1, payload: [0x61, 0xE2, 0x82])
        #expect(TestFrames.readEvents(frame, chunkSize: 100).error == .invalidUTF8)
    }

    @Test func enforcesTheMessageSizeLimitAcrossFragments() {
        let bytes = TestFrames.raw(fin: false, opcode: 2, payload: [UInt8](repeating: 1, count: 60))
            + TestFrames.raw(opcode: 0, payload: [UInt8](repeating: 1, count: 60))
        let result = TestFrames.readEvents(bytes, chunkSize: 1000, maxMessageSize: 100)
        #expect(result.error == .messageTooLarge(120))
        #expect(TestFrames.readEvents(bytes, chunkSize: 1000, maxMessageSize: 120).events.count == 1)
    }

    @Test func validatesClosePayloads() {
        func close(_ payload: [UInt8]) -> (events: [WebSocketInboundEvent], error: WebSocketProtocolError?) {
            TestFrames.readEvents(TestFrames.raw(opcode: 8, payload: payload), chunkSize: 1)
        }
        #expect(close([]).events == [.close(code: nil, reason: "")])
        #expect(close([0x03, 0xE8] + Array("bye".utf8)).events == [.close(code: .normalClosure, reason: "bye")])
        #expect(close([0x03]).error == .closePayloadTooShort)
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2000, 2999, 5000] {
            #expect(close([UInt8(code >> 8), UInt8(code & 0xFF)]).error == .invalidCloseCode(code), "code \(code)")
        }
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999] {
            #expect(close([UInt8(code >> 8), UInt8(code & 0xFF)]).error == nil, "code \(code)")
        }
        #expect(close([0x03, 0xE8, 0xCE, 0xBA, 0xE1, 0xBD]).error == .invalidUTF8)
    }

    @Test func holdsNoBufferWhenIdle() {
        var reader = WebSocketMessageReader(expectsMaskedFrames: true, maxFrameSize: 1000, maxMessageSize: 1000)
        var buffer = ByteBuffer(bytes: TestFrames.raw(fin: false, opcode: 2, payload: [1, 2]))
        #expect((try? reader.next(from: &buffer)) == .some(nil))
        #expect(!reader.isIdle)
        buffer = ByteBuffer(bytes: TestFrames.raw(opcode: 0, payload: [3]))
        #expect((try? reader.next(from: &buffer)) == .message(.binary(ByteBuffer(bytes: [1, 2, 3]))))
        #expect(reader.isIdle)
    }
}
