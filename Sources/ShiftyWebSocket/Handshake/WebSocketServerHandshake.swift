import NIOHTTP1

/// Validation of a client's opening handshake (RFC 6455 §4.2.1), independent of any server framework.
public enum WebSocketServerHandshake {
    /// The protocol version we speak; anything else is answered with 426 and this version.
    public static let supportedVersion = "13"

    /// What a valid upgrade request asked for.
    public struct Request: Sendable, Hashable {
        /// The client's key, used to compute `Sec-WebSocket-Accept`.
        public var key: String
        /// The subprotocols the client offered, in its order of preference.
        public var offeredSubprotocols: [String]
    }

    /// Whether the head asks for a WebSocket upgrade at all (an `Upgrade` header naming websocket).
    public static func isUpgradeRequest(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
    }

    /// Validates method, version and headers; throws the HTTP answer for a malformed request.
    public static func validate(_ head: HTTPRequestHead) throws(WebSocketHandshakeRefusal) -> Request {
        guard head.method == .GET else {
            throw WebSocketHandshakeRefusal(
                status: .methodNotAllowed,
                headers: ["Allow": "GET"],
                body: "WebSocket upgrades must use GET\n"
            )
        }
        guard head.version.major == 1, head.version.minor >= 1 else {
            throw WebSocketHandshakeRefusal(status: .badRequest, body: "WebSocket upgrades need HTTP/1.1\n")
        }
        guard isUpgradeRequest(head) else {
            throw WebSocketHandshakeRefusal(status: .badRequest, body: "Missing Upgrade: websocket\n")
        }
        guard head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "upgrade" }) else {
            throw WebSocketHandshakeRefusal(status: .badRequest, body: "Connection header must contain upgrade\n")
        }
        let versions = head.headers[canonicalForm: "sec-websocket-version"]
        guard versions.count == 1, versions[0] == Substring(supportedVersion) else {
            throw WebSocketHandshakeRefusal(
                status: .upgradeRequired,
                headers: ["Sec-WebSocket-Version": supportedVersion],
                body: "Only WebSocket version 13 is supported\n"
            )
        }
        let keys = head.headers["sec-websocket-key"]
        guard keys.count == 1, WebSocketAcceptKey.isValidClientKey(Substring(keys[0])) else {
            throw WebSocketHandshakeRefusal(status: .badRequest, body: "Sec-WebSocket-Key must be 16 bytes of base64\n")
        }
        let offered = head.headers[canonicalForm: "sec-websocket-protocol"].map { String($0.trimmingASCIIWhitespace()) }
        return Request(key: String(Substring(keys[0]).trimmingASCIIWhitespace()), offeredSubprotocols: offered.filter { !$0.isEmpty })
    }

    /// The headers of the 101 answer (without `Upgrade`/`Connection`, which the HTTP upgrader adds).
    public static func acceptHeaders(for request: Request, subprotocol: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Sec-WebSocket-Accept", value: WebSocketAcceptKey.compute(forKey: request.key))
        if let subprotocol {
            headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol)
        }
        return headers
    }
}
