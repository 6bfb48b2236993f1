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
            Problem(.badRequest, code: .malformedRequest, text: .init("server.problem.malformed_request.unreadable"))
        case .hostMissing:
            Problem(.badRequest, code: .malformedRequest, text: .init("server.problem.malformed_request.hostMissing"))
        case .hostRepeated:
            Problem(.badRequest, code: .malformedRequest, text: .init("server.problem.malformed_request.hostRepeated"))
        case .hostInvalid:
            Problem(.badRequest, code: .malformedRequest, text: .init("server.problem.malformed_request.hostInvalid"))
        case .headersTooLarge:
            Problem(
                .requestHeaderFieldsTooLarge, code: .requestHeadersTooLarge,
                text: .init("server.problem.request_headers_too_large.detail"))
        case .timeout:
            Problem(.requestTimeout, code: .requestTimeout, text: .init("server.problem.request_timeout.late"))
        case .tooSlow:
            Problem(.requestTimeout, code: .requestTimeout, text: .init("server.problem.request_timeout.tooSlow"))
        case .serverFull:
            Problem(
                .serviceUnavailable, code: .serverFull,
                text: .init("server.problem.server_full.connections"), retryAfterSeconds: 5)
        }
    }

    /// Head and body as NIO writes them (`Connection: close`, `Content-Length`).
    var response: (head: HTTPResponseHead, body: String) {
        let refusal = WebSocketHandshakeRefusal(problem: self.problem)
        return (refusal.responseHead(version: .http1_1), refusal.body)
    }
}
