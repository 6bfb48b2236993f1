import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTP/1.1 request over NIO (and NIOSSL for https), for servers whose certificate the system
/// does not trust (`--ca-file`): URLSession on Linux cannot be given its own trust roots, our NIO
/// stack can, so REST calls and the live stream then trust the same certificates.
struct NIOHTTPRequester: Sendable {
    let server: ServerAddress
    let sslContext: NIOSSLContext?
    let timeout: TimeAmount

    init(server: ServerAddress, caFile: String, timeout: TimeAmount = .seconds(30)) throws {
        self.server = server
        self.timeout = timeout
        if server.isTLS {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .file(caFile)
            self.sslContext = try NIOSSLContext(configuration: configuration)
        } else {
            self.sslContext = nil
        }
    }

    func send(method: String, target: String, headers: [(String, String)], body: Data?) async throws -> (status: Int, retryAfter: String?, body: Data) {
        let sslContext = self.sslContext
        let host = self.server.host
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(self.timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        let hostname = LiveSocket.isIPAddress(host) ? nil : host
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: hostname))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                }
            }
            .connect(host: host, port: self.server.port).get()
        let promise = channel.eventLoop.makePromise(of: (Int, String?, Data).self)
        let timeout = self.timeout
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise))
            channel.eventLoop.scheduleTask(in: timeout) {
                promise.fail(ChannelError.connectTimeout(timeout))
                channel.close(promise: nil)
            }
        }.get()
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: target)
        head.headers.add(name: "Host", value: self.server.hostHeader)
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if let body { head.headers.add(name: "Content-Length", value: String(body.count)) }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer { channel.close(promise: nil) }
        let (status, retryAfter, data) = try await promise.futureResult.get()
        return (status, retryAfter, data)
    }

    /// Gathers one response; fails the promise if the connection ends first.
    final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPClientResponsePart
        let promise: EventLoopPromise<(Int, String?, Data)>
        var status = 0
        var retryAfter: String?
        var body = Data()

        init(promise: EventLoopPromise<(Int, String?, Data)>) { self.promise = promise }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                status = Int(head.status.code)
                retryAfter = head.headers.first(name: "Retry-After")
            case .body(var buffer): body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            case .end: promise.succeed((status, retryAfter, body))
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(ChannelError.inputClosed)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.fail(error)
            context.close(promise: nil)
        }
    }
}
