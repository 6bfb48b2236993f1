import NIOCore

/// Sends the opening handshake, checks the 101 answer, then replaces itself with a client
/// ``WebSocketHandler``.
///
/// It parses the small response head itself instead of using the HTTP client codec, so that bytes the
/// server sends right after the 101 (a first frame in the same packet) are handed to the WebSocket
/// handler untouched.
public final class WebSocketClientHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    static let maxResponseHeadSize = 16 * 1024

    let url: WebSocketURL
    let key: String
    let subprotocols: [String]
    let extraHeaders: [(String, String)]
    let configuration: WebSocketConfiguration
    let callbacks: WebSocketCallbacks
    let promise: EventLoopPromise<WebSocketConnection>
    var received: ByteBuffer?
    var requestSent = false
    var finished = false

    public init(
        url: WebSocketURL,
        subprotocols: [String] = [],
        extraHeaders: [(String, String)] = [],
        configuration: WebSocketConfiguration,
        callbacks: WebSocketCallbacks,
        promise: EventLoopPromise<WebSocketConnection>
    ) {
        self.url = url
        self.key = WebSocketAcceptKey.makeClientKey()
        self.subprotocols = subprotocols
        self.extraHeaders = extraHeaders
        self.configuration = configuration
        self.callbacks = callbacks
        self.promise = promise
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { self.sendRequest(context: context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        self.sendRequest(context: context)
        context.fireChannelActive()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        self.fail(.connectionClosed, context: context)
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !self.finished {
            self.finished = true
            self.promise.fail(error)
        }
        context.close(promise: nil)
    }

    func sendRequest(context: ChannelHandlerContext) {
        guard !self.requestSent else { return }
        self.requestSent = true
        var request = "GET \(self.url.target) HTTP/1.1\r\n"
        request += "Host: \(self.url.hostHeader)\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(self.key)\r\nSec-WebSocket-Version: 13\r\n"
        if !self.subprotocols.isEmpty {
            request += "Sec-WebSocket-Protocol: \(self.subprotocols.joined(separator: ", "))\r\n"
        }
        for (name, value) in self.extraHeaders {
            request += "\(name): \(value)\r\n"
        }
        request += "\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: request)), promise: nil)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !self.finished else { return }
        var incoming = Self.unwrapInboundIn(data)
        if self.received == nil {
            self.received = incoming
        } else {
            self.received!.writeBuffer(&incoming)
        }
        guard var buffer = self.received else { return }
        guard let headEnd = Self.endOfHead(in: buffer) else {
            if buffer.readableBytes > Self.maxResponseHeadSize {
                self.fail(.malformedResponse, context: context)
            }
            return
        }
        let head = buffer.readString(length: headEnd) ?? ""
        self.received = nil
        do {
            try self.validate(head: head)
        } catch {
            self.fail(error, context: context)
            return
        }
        self.finished = true
        let handler = WebSocketHandler(role: .client, configuration: self.configuration, callbacks: self.callbacks)
        do {
            try context.pipeline.syncOperations.addHandler(handler, position: .after(self))
            let handlerContext = try context.pipeline.syncOperations.context(handler: handler)
            self.promise.succeed(handler.connection(context: handlerContext))
        } catch {
            self.promise.fail(error)
            context.close(promise: nil)
            return
        }
        if buffer.readableBytes > 0 {
            context.fireChannelRead(Self.wrapInboundOut(buffer))
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(self, promise: nil)
    }

    func fail(_ error: WebSocketClientError, context: ChannelHandlerContext) {
        guard !self.finished else { return }
        self.finished = true
        self.promise.fail(error)
        context.close(promise: nil)
    }

    /// Offset just past the blank line ending the head, if it has arrived.
    static func endOfHead(in buffer: ByteBuffer) -> Int? {
        buffer.withUnsafeReadableBytes { bytes in
            guard bytes.count >= 4 else { return nil }
            for index in 3..<bytes.count
            where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
                return index + 1
            }
            return nil
        }
    }

    func validate(head: String) throws(WebSocketClientError) {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let statusLine = lines.first else { throw .malformedResponse }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw .malformedResponse
        }
        guard status == 101 else {
            throw .unexpectedStatus(status, parts.count > 2 ? String(parts[2]) : "")
        }
        var headers: [String: [String]] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...].trimmingASCIIWhitespace())
            headers[name, default: []].append(value)
        }
        func tokens(_ name: String) -> [String] {
            (headers[name] ?? []).flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace().lowercased() }
        }
        guard tokens("upgrade").contains("websocket") else { throw .invalidUpgradeResponse("missing Upgrade: websocket") }
        guard tokens("connection").contains("upgrade") else { throw .invalidUpgradeResponse("missing Connection: upgrade") }
        guard headers["sec-websocket-accept"] == [WebSocketAcceptKey.compute(forKey: self.key)] else {
            throw .invalidUpgradeResponse("wrong Sec-WebSocket-Accept")
        }
        if let chosen = headers["sec-websocket-protocol"] {
            guard chosen.count == 1, self.subprotocols.contains(chosen[0]) else {
                throw .invalidUpgradeResponse("server chose a subprotocol we did not offer")
            }
        }
        if headers["sec-websocket-extensions"] != nil {
            throw .invalidUpgradeResponse("server chose an extension we did not offer")
        }
    }
}
