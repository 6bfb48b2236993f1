import NIOHTTP1
import ShiftyServerCore
import ShiftyWebSocket

/// The answers the connection itself gives, before (or instead of) the router: each a problem
/// document with a stable code, like every other refusal, followed by closing the connection.
enum HTTPConnectionRefusal: Equatable {
    /// The request line or a header did not parse (no colon, conflicting `Content-Length`, ...).
    case malformed
    /// An HTTP/1.1 request without a `Host` header (RFC 9112 §3.2).
    case hostMissing
    /// More than one `Host` header: which one names the site is ambiguous.
    case hostRepeated
    /// A `Host` that is not a host name, address or port.
    case hostInvalid
    /// The head is larger than the decoder allows.
    case headersTooLarge
    /// The client stayed silent too long (idle, header or body timeout), or the request missed its
    /// total deadline.
    case timeout
    /// The body arrived more slowly than the minimum rate.
    case tooSlow
    /// The process holds as many connections as its descriptors allow.
    case serverFull

    var problem: Problem {
        switch self {
        case .malformed:
            Problem(.badRequest, code: .malformedRequest, detail: "The request could not be read as HTTP/1.1.")
        case .hostMissing:
            Problem(.badRequest, code: .malformedRequest, detail: "An HTTP/1.1 request needs a Host header.")
        case .hostRepeated:
            Problem(.badRequest, code: .malformedRequest, detail: "The request has more than one Host header.")
        case .hostInvalid:
            Problem(.badRequest, code: .malformedRequest, detail: "The request's Host header is not a host name and port.")
        case .headersTooLarge:
            Problem(
                .requestHeaderFieldsTooLarge, code: .requestHeadersTooLarge,
                detail: "The request's headers are larger than the server accepts.")
        case .timeout:
            Problem(.requestTimeout, code: .requestTimeout, detail: "The request did not arrive in time; the connection is closed.")
        case .tooSlow:
            Problem(.requestTimeout, code: .requestTimeout, detail: "The request body arrived too slowly; the connection is closed.")
        case .serverFull:
            Problem(
                .serviceUnavailable, code: .serverFull,
                detail: "This server holds as many connections as it can; try again in a moment.", retryAfterSeconds: 5)
        }
    }

    /// Head and body as NIO writes them (`Connection: close`, `Content-Length`).
    var response: (head: HTTPResponseHead, body: String) {
        let refusal = WebSocketHandshakeRefusal(problem: self.problem)
        return (refusal.responseHead(version: .http1_1), refusal.body)
    }
}
