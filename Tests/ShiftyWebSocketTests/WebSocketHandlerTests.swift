import NIOCore
import NIOEmbedded
import Testing
@testable import ShiftyWebSocket

@Suite struct WebSocketHandlerTests {
    static let configuration = WebSocketConfiguration(
        maxFrameSize: 1 << 16,
        maxMessageSize: 1 << 16,
        maxQueuedBytes: 1000,
        pingInterval: .seconds(10),
        closeTimeout: .seconds(2)
    )

    func makeServer(callbacks: WebSocketCallbacks = .echo) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            WebSocketHandler(role: .server, configuration: Self.configuration, callbacks: callbacks)
        )
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    /// Everything the server wrote, parsed as a client would.
    func written(_ channel: EmbeddedChannel) throws -> [WebSocketInboundEvent] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += Array(buffer.readableBytesView)
        }
        let (events, error) = TestFrames.readEvents(bytes, chunkSize: max(bytes.count, 1), server: false)
        #expect(error == nil)
        return events
    }

    @Test func echoesMessagesFedOneByteAtATime() throws {
        let channel = try self.makeServer()
        let input = TestFrames.raw(fin: false, opcode: 1, payload: Array("grüß ".utf8))
            + TestFrames.raw(opcode: 9, payload: Array("p".utf8))
            + TestFrames.raw(opcode: 0, payload: Array("dich".utf8))
            + TestFrames.raw(opcode: 2, payload: [UInt8](repeating: 0xAB, count: 300))
        for byte in input {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
        }
        #expect(
            try self.written(channel) == [
                .pong(ByteBuffer(string: "p")), .message(.text("grüß dich")),
                .message(.binary(ByteBuffer(bytes: [UInt8](repeating: 0xAB, count: 300)))),
            ]
        )
        #expect(channel.isActive)
    }

    @Test func protocolErrorSendsCloseWithCodeThenClosesTCP() throws {
        let channel = try self.makeServer()
        try channel.writeInbound(ByteBuffer(bytes: TestFrames.raw(rsv: 0x20, opcode: 1, payload: [0x61])))
        #expect(try self.written(channel) == [.close(code: .protocolError, reason: "")])
        #expect(!channel.isActive)
    }

    @Test func invalidUTF8ClosesWith1007() throws {
        let channel = try self.makeServer()
        try channel.writeInbound(ByteBuffer(bytes: TestFrames.raw(opcode: 1, payload: [0xCE, 0xBA, 0xED, 0xA0, 0x80])))
        #expect(try self.written(channel) == [.close(code: .invalidFramePayloadData, reason: "")])
        #expect(!channel.isActive)
    }

    @Test func tooBigClosesWith1009() throws {
        let channel = try self.makeServer()
        try channel.writeInbound(ByteBuffer(bytes: [0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4]))
        #expect(try self.written(channel) == [.close(code: .messageTooBig, reason: "")])
        #expect(!channel.isActive)
    }

    @Test func peerCloseIsEchoedAndReported() throws {
        let reported = NIOLockedValueBoxLite<WebSocketCloseCode?>(nil)
        let channel = try self.makeServer(callbacks: WebSocketCallbacks(onClose: { code, _ in reported.set(code) }))
        try channel.writeInbound(ByteBuffer(bytes: TestFrames.raw(opcode: 8, payload: [0x0F, 0xA1] + Array("done".utf8))))
        #expect(try self.written(channel) == [.close(code: .init(rawValue: 4001), reason: "")])
        #expect(!channel.isActive)
        #expect(reported.get() == .init(rawValue: 4001))
    }

    @Test func applicationCloseTimesOutWithoutAnAnswer() throws {
        let opened = NIOLockedValueBoxLite<WebSocketConnection?>(nil)
        let channel = try self.makeServer(callbacks: WebSocketCallbacks(onOpen: { opened.set($0) }))
        let connection = try #require(opened.get())
        connection.close(code: .goingAway, reason: "maintenance")
        #expect(try self.written(channel) == [.close(code: .goingAway, reason: "maintenance")])
        // Messages after our Close are not sent.
        connection.send(text: "late")
        #expect(try self.written(channel) == [])
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func pingsIdleConnectionsAndClosesSilentOnes() throws {
        let channel = try self.makeServer()
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(try self.written(channel) == [.ping(ByteBuffer())])
        try channel.writeInbound(ByteBuffer(bytes: TestFrames.raw(opcode: 10, payload: [])))
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(try self.written(channel) == [])
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(try self.written(channel) == [.ping(ByteBuffer())])
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(try self.written(channel) == [.close(code: .goingAway, reason: "ping timeout")])
        #expect(!channel.isActive)
    }

    @Test func slowConsumerIsClosedWith1013InsteadOfQueueingForever() throws {
        let opened = NIOLockedValueBoxLite<WebSocketConnection?>(nil)
        let channel = try self.makeServer(callbacks: WebSocketCallbacks(onOpen: { opened.set($0) }))
        let connection = try #require(opened.get())
        let frame = WebSocketPreEncodedFrame(text: String(repeating: "x", count: 300))
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        for _ in 0..<3 { connection.send(frame) }  // 3 x 302 bytes: within the 1000-byte limit
        #expect(try self.written(channel) == [])
        #expect(channel.isActive)
        connection.send(frame)  // 1208 bytes queued: too many
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try self.written(channel) == [.close(code: .tryAgainLater, reason: "consumer too slow")])
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    @Test func queuedWritesDrainInOrderWhenWritableAgain() throws {
        let opened = NIOLockedValueBoxLite<WebSocketConnection?>(nil)
        let channel = try self.makeServer(callbacks: WebSocketCallbacks(onOpen: { opened.set($0) }))
        let connection = try #require(opened.get())
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        connection.send(text: "one")
        connection.send(WebSocketPreEncodedFrame(text: "two"))
        #expect(try self.written(channel) == [])
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try self.written(channel) == [.message(.text("one")), .message(.text("two"))])
    }

    @Test func largeServerMessageGoesOutAsHeaderPlusThePayloadItselfBothFlushed() throws {
        let opened = NIOLockedValueBoxLite<WebSocketConnection?>(nil)
        let channel = try self.makeServer(callbacks: WebSocketCallbacks(onOpen: { opened.set($0) }))
        let connection = try #require(opened.get())
        let payload = ByteBuffer(bytes: (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        connection.send(.binary(payload))
        // readOutbound only sees flushed writes: both buffers must have been flushed.
        let header = try #require(try channel.readOutbound(as: ByteBuffer.self))
        let body = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        #expect(Array(header.readableBytesView) == [0x82, 126, 0x13, 0x88])
        #expect(body == payload)

        connection.send(text: "small")
        let small = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(Array(small.readableBytesView) == [0x81, 5] + Array("small".utf8))
    }

    @Test func preEncodedFrameSharesItsBytes() {
        let frame = WebSocketPreEncodedFrame(text: "event")
        #expect(Array(frame.bytes.readableBytesView) == [0x81, 0x05] + Array("event".utf8))
    }
}

/// A tiny lock-protected box for values set in callbacks (which are `@Sendable`).
final class NIOLockedValueBoxLite<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLockLite()

    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) { self.lock.withLock { self.value = newValue } }
    func get() -> Value { self.lock.withLock { self.value } }
}
