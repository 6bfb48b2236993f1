import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import ShiftyConnections
@testable import ShiftyServer
import Testing

/// The guard with NIO's decoder in front of it, on an embedded channel whose clock the test moves:
/// which timeout a connection gets after a response depends on whether the next request had begun,
/// which only the raw bytes tell.
@Suite struct HTTPConnectionPipelineTests {
    /// Answers every request at once with an empty 200, like a fast router.
    final class InstantResponder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = Self.unwrapInboundIn(data) else { return }
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Length": "0"])
            context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// Idle 15 s, header 10 s: the configuration in which a header timeout fired at 15 s.
    static let timeouts = HTTPConnectionTimeouts(idle: .seconds(15), header: .seconds(10), body: .seconds(30), request: .seconds(60), minimumBodyRate: 0)

    static func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        let guardHandler = HTTPConnectionGuardHandler(timeouts: timeouts, registry: HTTPConnectionRegistry(ceiling: 10))
        try channel.pipeline.syncOperations.addHandlers([
            HTTPResponseEncoder(),
            HTTPInboundByteWatcher(guardHandler: guardHandler),
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes)),
            guardHandler,
            InstantResponder(),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    /// Everything written to the client so far.
    static func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let data = try channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = data { text += String(buffer: buffer) }
        }
        return text
    }

    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n",
        "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nG",
        "POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /healthz HTTP/1.1\r\n",
        "POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\n",
    ])
    func aNextHeadThatCameWithTheRequestGetsTheHeaderTimeout(bytes: String) throws {
        let channel = try Self.connection()
        try channel.writeInbound(ByteBuffer(string: bytes))
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 200"))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(try Self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 408"))
        _ = try? channel.finish()
    }

    @Test func aConnectionWithNothingMoreGetsTheIdleTimeout() throws {
        let channel = try Self.connection()
        try channel.writeInbound(ByteBuffer(string: "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n\r\n\r\n"))
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 200"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(14))
        #expect(try Self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 408"))
        _ = try? channel.finish()
    }

    @Test func aRequestWithoutHostIsAnswered400AndNeverReachesTheServer() throws {
        let channel = try Self.connection()
        try channel.writeInbound(ByteBuffer(string: "GET /healthz HTTP/1.1\r\n\r\n"))
        let answer = try Self.written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 400"))
        #expect(answer.contains("malformed_request"))
        #expect(!answer.contains("HTTP/1.1 200"))
        _ = try? channel.finish()
    }

    @Test func theScannerEndsPiecesWhereARequestCanEnd() {
        func pieces(_ chunks: [String], bodies: [Int: Int] = [:]) -> [String] {
            var scanner = HTTPMessageBoundaryScanner()
            var result: [String] = []
            for chunk in chunks {
                var bytes = Array(chunk.utf8)[...]
                while !bytes.isEmpty {
                    let length = Array(bytes).withUnsafeBytes { scanner.nextPiece(of: $0) }
                    result.append(String(decoding: bytes.prefix(length), as: UTF8.self))
                    bytes = bytes.dropFirst(length)
                    if let body = bodies[result.count] { scanner.expectBody(length: body) }
                }
            }
            return result
        }
        #expect(pieces(["GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n"]) == ["GET / HTTP/1.1\r\nHost: x\r\n\r\n", "GET /b HTTP/1.1\r\n"])
        // A blank line split over two reads.
        #expect(pieces(["GET / HTTP/1.1\r\nHost: x\r\n\r", "\nGET"]) == ["GET / HTTP/1.1\r\nHost: x\r\n\r", "\n", "GET"])
        #expect(pieces(["GET / HTTP/1.1\nHost: x\n\nGET"]) == ["GET / HTTP/1.1\nHost: x\n\n", "GET"])
        // After the head, a Content-Length body is one piece of exactly its length.
        #expect(pieces(["POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcPOST"], bodies: [1: 3]) == [
            "POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\n", "abc", "POST",
        ])
        #expect(pieces(["POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nab", "cdX"], bodies: [1: 4]) == [
            "POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\n", "ab", "cd", "X",
        ])
    }
}
