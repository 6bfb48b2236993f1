import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ShiftyConnections

/// A bare loopback TCP connection for tests that must send what no HTTP client would: broken request
/// lines, oversized headers, a head dribbled a byte at a time, or nothing at all.
public final class RawTCPConnection: Sendable {
    private let channel: any Channel
    private let received: NIOLockedValueBox<Data>

    private init(channel: any Channel, received: NIOLockedValueBox<Data>) {
        self.channel = channel
        self.received = received
    }

    public static func connect(host: String = "127.0.0.1", port: Int) async throws -> RawTCPConnection {
        let received = NIOLockedValueBox(Data())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteCollector(received: received))
                }
            }
            .connect(host: host, port: port)
            .get()
        return RawTCPConnection(channel: channel, received: received)
    }

    /// Writes the bytes; fails once the server has closed the connection.
    public func send(_ text: String) async throws {
        try await self.send(Data(text.utf8))
    }

    public func send(_ bytes: Data) async throws {
        try await self.channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    /// Everything the server sent so far.
    public var receivedText: String { String(decoding: self.received.withLockedValue { $0 }, as: UTF8.self) }

    public var isClosed: Bool { !self.channel.isActive }

    /// Waits until the server closes the connection, up to `timeout`; true if it did.
    public func waitForClose(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if self.isClosed { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return self.isClosed
    }

    /// Waits until `count` complete responses to `GET /healthz`-like requests (each ending in a body
    /// after its head) arrived, counted by status lines; false after `timeout`.
    public func waitForResponses(_ count: Int, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = self.receivedText
            if text.components(separatedBy: "HTTP/1.1 ").count - 1 >= count, text.hasSuffix("}") { return true }
            if self.isClosed { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The status code of the first response received, if one arrived.
    public var firstStatus: Int? {
        let text = self.receivedText
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// The `code` of the problem document in the first response's body.
    public var problemCode: String? {
        let text = self.receivedText
        guard let range = text.range(of: "\r\n\r\n") else { return nil }
        let body = Data(text[range.upperBound...].utf8)
        return ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["code"] as? String
    }

    public func close() async {
        try? await self.channel.close().get()
    }
}

private final class ByteCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    let received: NIOLockedValueBox<Data>

    init(received: NIOLockedValueBox<Data>) {
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = Self.unwrapInboundIn(data)
        self.received.withLockedValue { $0.append(contentsOf: buffer.readableBytesView) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
