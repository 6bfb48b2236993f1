import NIOHTTP1
import ShiftyWebSocket

/// The answers the connection itself gives, before (or instead of) the router: each a problem
/// document with a stable code, like every other refusal, followed by closing the connection.
enum HTTPConnectionRefusal: Equatable {
    /// The request line or a header did not parse (no colon, conflicting `Content-Length`, ...).
    case malformed
    /// The head is larger than the decoder allows.
    case headersTooLarge
    /// The client stayed silent or too slow (idle, header or body timeout).
    case timeout

    var problem: Problem {
        switch self {
        case .malformed:
            Problem(.badRequest, code: .malformedRequest, detail: "The request could not be read as HTTP/1.1.")
        case .headersTooLarge:
            Problem(
                .requestHeaderFieldsTooLarge, code: .requestHeadersTooLarge,
                detail: "The request's headers are larger than the server accepts.")
        case .timeout:
            Problem(.requestTimeout, code: .requestTimeout, detail: "The request did not arrive in time; the connection is closed.")
        }
    }

    /// Head and body as NIO writes them (`Connection: close`, `Content-Length`).
    var response: (head: HTTPResponseHead, body: String) {
        let refusal = WebSocketHandshakeRefusal(problem: self.problem)
        return (refusal.responseHead(version: .http1_1), refusal.body)
    }
}
