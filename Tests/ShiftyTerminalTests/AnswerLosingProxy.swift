import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ShiftyConnections
@testable import ShiftyTerminal
import ShiftyTestSupport

/// An HTTP proxy standing in for a load balancer during a database failover: it forwards every
/// request to the real server (so the change really happens there) and then, for the first
/// state-changing requests, loses the answer: a 503 instead of it, or the connection closed
/// without any. It records each request's method, path and `Idempotency-Key`.
final class AnswerLosingProxy: Sendable {
    enum Fault: Sendable {
        case answer503
        case dropConnection
    }

    struct Seen: Sendable {
        var method: String
        var path: String
        var idempotencyKey: String?
    }

    let channel: any Channel
    let state: Locked<(faults: [Fault], seen: [Seen])>

    var port: Int { self.channel.localAddress?.port ?? 0 }

    var seen: [Seen] { self.state.withLock { $0.seen } }

    private init(channel: any Channel, state: Locked<(faults: [Fault], seen: [Seen])>) {
        self.channel = channel
        self.state = state
    }

    /// `faults` are used up in order, one per state-changing request; reads pass untouched.
    static func start(upstreamPort: Int, faults: [Fault]) async throws -> AnswerLosingProxy {
        let state = Locked((faults: faults, seen: [Seen]()))
        let upstream = TestHTTPClient(port: upstreamPort)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    try child.pipeline.syncOperations.addHandler(ProxyHandler(upstream: upstream, state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return AnswerLosingProxy(channel: channel, state: state)
    }

    func close() async {
        try? await self.channel.close()
    }
}

/// Collects one request, forwards it, and answers (or not) on the connection's event loop.
private final class ProxyHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let upstream: TestHTTPClient
    let state: Locked<(faults: [AnswerLosingProxy.Fault], seen: [AnswerLosingProxy.Seen])>
    var head: HTTPRequestHead?
    var body = Data()

    init(upstream: TestHTTPClient, state: Locked<(faults: [AnswerLosingProxy.Fault], seen: [AnswerLosingProxy.Seen])>) {
        self.upstream = upstream
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            self.body = Data()
        case .body(let buffer):
            self.body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            self.forward(head, body: self.body, channel: context.channel)
        }
    }

    private func forward(_ head: HTTPRequestHead, body: Data, channel: any Channel) {
        let changing = head.method != .GET && head.method != .HEAD
        let fault = self.state.withLock { state -> AnswerLosingProxy.Fault? in
            state.seen.append(.init(method: head.method.rawValue, path: head.uri, idempotencyKey: head.headers.first(name: "Idempotency-Key")))
            return changing && !state.faults.isEmpty ? state.faults.removeFirst() : nil
        }
        let headers = head.headers.filter { !["host", "connection", "content-length"].contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
        let upstream = self.upstream
        Task {
            let answer = try? await upstream.send(head.method, head.uri, headers: headers, body: body.isEmpty ? nil : body)
            channel.eventLoop.execute {
                switch (fault, answer) {
                case (.dropConnection, _), (nil, nil):
                    channel.close(promise: nil)
                case (.answer503, _):
                    let problem = Data(#"{"code":"database_unavailable","detail":"The database is not reachable right now.","status":503,"title":"Service Unavailable","type":"about:blank"}"#.utf8)
                    Self.write(status: 503, headers: [("Content-Type", "application/problem+json"), ("Retry-After", "0")], body: problem, on: channel)
                case (nil, let answer?):
                    let passed = answer.headers.filter { !["connection", "content-length", "transfer-encoding"].contains($0.0.lowercased()) }
                    Self.write(status: answer.status, headers: passed, body: answer.body, on: channel)
                }
            }
        }
    }

    private static func write(status: Int, headers: [(String, String)], body: Data, on channel: any Channel) {
        var fields = HTTPHeaders(headers)
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        fields.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: fields)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }
}
