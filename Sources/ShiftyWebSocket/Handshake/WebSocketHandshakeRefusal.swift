import NIOHTTP1

/// An HTTP answer that refuses an upgrade request.
///
/// A refused or malformed upgrade always gets a real response (never an empty reply), so clients and
/// proxies can tell "unauthorised" from "not a WebSocket endpoint" from "wrong version".
public struct WebSocketHandshakeRefusal: Sendable, Hashable, Error {
    public var status: HTTPResponseStatus
    public var headers: HTTPHeaders
    public var body: String

    public init(status: HTTPResponseStatus, headers: HTTPHeaders = [:], body: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: WebSocketHandshakeRefusal, rhs: WebSocketHandshakeRefusal) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.status.code)
        hasher.combine(self.body)
    }

    /// The response head and body bytes, marked `Connection: close` because the connection ends after it.
    public func responseHead(version: HTTPVersion = .http1_1) -> HTTPResponseHead {
        var headers = self.headers
        headers.replaceOrAdd(name: "Content-Length", value: String(self.body.utf8.count))
        headers.replaceOrAdd(name: "Connection", value: "close")
        if !self.body.isEmpty, !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        return HTTPResponseHead(version: version, status: self.status, headers: headers)
    }
}
