import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ShiftyConnections

/// A deliberately small HTTP/1.1 client for integration tests: one connection per request,
/// over a real loopback socket, so tests see exactly what a browser or curl would.
public struct TestHTTPClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public func headers(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        }

        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object (dictionary); empty when it is not one.
        public var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        public var jsonArray: [[String: Any]] {
            (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []
        }

        /// The problem document's `code`, for asserting on errors.
        public var problemCode: String? { json["code"] as? String }
    }

    public let host: String
    public let port: Int

    public init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }

    /// Sends a request with a raw body.
    public func send(
        _ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: Data? = nil
    ) async throws -> Response {
        let collector = ResponseCollector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(collector)
                }
            }
            .connect(host: host, port: port)
            .get()
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: "\(host):\(port)")
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if let body { head.headers.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
        try await channel.writeAndFlush(HTTPClientRequestPart.end(nil)).get()
        let response = try await collector.response.futureResult.get()
        try? await channel.close().get()
        return response
    }

    /// Sends a JSON body (or none) and optional bearer token / cookie.
    public func json(
        _ method: HTTPMethod, _ path: String, _ object: Any? = nil,
        token: String? = nil, cookie: String? = nil, headers: [(String, String)] = []
    ) async throws -> Response {
        var allHeaders = headers
        var body: Data?
        if let object {
            body = try JSONSerialization.data(withJSONObject: object)
            allHeaders.append(("Content-Type", "application/json"))
        }
        if let token { allHeaders.append(("Authorization", "Bearer \(token)")) }
        if let cookie { allHeaders.append(("Cookie", cookie)) }
        return try await send(method, path, headers: allHeaders, body: body)
    }
}

private final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    let response: EventLoopPromise<TestHTTPClient.Response>
    private var head: HTTPResponseHead?
    private var body = Data()
    private var completed = false

    init() {
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        self.response = loop.makePromise()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(let buffer):
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head, !completed else { return }
            completed = true
            response.succeed(.init(status: Int(head.status.code), headers: head.headers.map { ($0.name, $0.value) }, body: body))
            self.head = nil
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !completed { completed = true; response.fail(ChannelError.eof) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !completed { completed = true; response.fail(error) }
        context.close(promise: nil)
    }
}
