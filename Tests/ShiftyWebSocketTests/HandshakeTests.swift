import NIOHTTP1
import Testing
@testable import ShiftyWebSocket

@Suite struct HandshakeTests {
    func head(
        method: HTTPMethod = .GET,
        version: HTTPVersion = .http1_1,
        headers: [(String, String)] = [
            ("Host", "example.com"), ("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
        ]
    ) -> HTTPRequestHead {
        HTTPRequestHead(version: version, method: method, uri: "/chat", headers: HTTPHeaders(headers))
    }

    @Test func acceptKeyMatchesTheRFCExample() {
        #expect(WebSocketAcceptKey.compute(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func clientKeysAreSixteenRandomBytes() {
        let first = WebSocketAcceptKey.makeClientKey()
        let second = WebSocketAcceptKey.makeClientKey()
        #expect(first != second)
        #expect(WebSocketAcceptKey.isValidClientKey(Substring(first)))
        #expect(Base64.decode(Substring(first))?.count == 16)
    }

    @Test func validatesKeys() {
        #expect(WebSocketAcceptKey.isValidClientKey("dGhlIHNhbXBsZSBub25jZQ=="))
        #expect(!WebSocketAcceptKey.isValidClientKey("abc"))
        #expect(!WebSocketAcceptKey.isValidClientKey("dGhlIHNhbXBsZSBub25jZQ"))  // unpadded
        #expect(!WebSocketAcceptKey.isValidClientKey("dGhlIHNhbXBsZSBub25jZQ=A"))
        #expect(!WebSocketAcceptKey.isValidClientKey("dGhlIHNhbXBsZSBub25jZR=="))  // non-zero spare bits
        #expect(!WebSocketAcceptKey.isValidClientKey("dGhlIHNhbXBsZSBub25jZSBtb3JlIGJ5dGVz"))  // 27 bytes
    }

    @Test func acceptsAValidRequestAndOffersSubprotocols() throws {
        var request = head()
        request.headers.add(name: "Sec-WebSocket-Protocol", value: "shifty.v1, chat")
        let validated = try WebSocketServerHandshake.validate(request)
        #expect(validated.offeredSubprotocols == ["shifty.v1", "chat"])
        let headers = WebSocketServerHandshake.acceptHeaders(for: validated, subprotocol: "chat")
        #expect(headers["Sec-WebSocket-Accept"] == ["s3pPLMBiTxaQ9kYGzzhZRbK+xOo="])
        #expect(headers["Sec-WebSocket-Protocol"] == ["chat"])
    }

    @Test func refusesWithTheRightStatus() {
        func status(_ request: HTTPRequestHead) -> HTTPResponseStatus? {
            do {
                _ = try WebSocketServerHandshake.validate(request)
                return nil
            } catch {
                return error.status
            }
        }
        #expect(status(head(method: .POST)) == .methodNotAllowed)
        #expect(status(head(version: .http1_0)) == .badRequest)
        #expect(status(head(headers: [("Upgrade", "websocket"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13")])) == .badRequest)
        #expect(status(head(headers: [("Upgrade", "websocket"), ("Connection", "upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "8")])) == .upgradeRequired)
        #expect(status(head(headers: [("Upgrade", "websocket"), ("Connection", "upgrade"), ("Sec-WebSocket-Key", "short"), ("Sec-WebSocket-Version", "13")])) == .badRequest)
        do {
            _ = try WebSocketServerHandshake.validate(head(headers: [("Upgrade", "websocket"), ("Connection", "upgrade"), ("Sec-WebSocket-Version", "7")]))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.headers["Sec-WebSocket-Version"] == ["13"])
            #expect(error.responseHead().headers["Connection"] == ["close"])
        }
    }

    @Test func parsesURLs() {
        #expect(WebSocketURL("ws://127.0.0.1:9001/runCase?case=3&agent=x") == WebSocketURL(host: "127.0.0.1", port: 9001, target: "/runCase?case=3&agent=x"))
        #expect(WebSocketURL("ws://example.com") == WebSocketURL(host: "example.com", port: 80, target: "/"))
        #expect(WebSocketURL("ws://[::1]:8080/x")?.host == "::1")
        #expect(WebSocketURL("http://example.com") == nil)
        #expect(WebSocketURL("ws://example.com:99999/") == nil)
    }
}
