import NIOHTTP1
import ShiftyServerCore
import ShiftyWebSocket

extension WebSocketHandshakeRefusal {
    /// A refused upgrade answered with our problem document, like any other refused request:
    /// `Retry-After` when the problem has one, `WWW-Authenticate` on 401.
    package init(problem: Problem) {
        let body = (try? Problem.encoder.encode(problem)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var headers: HTTPHeaders = ["Content-Type": "application/problem+json", "Cache-Control": "no-store"]
        if let seconds = problem.retryAfterSeconds { headers.add(name: "Retry-After", value: String(seconds)) }
        if problem.status == .unauthorized { headers.add(name: "WWW-Authenticate", value: "Bearer") }
        self.init(status: HTTPResponseStatus(statusCode: Int(problem.status.code)), headers: headers, body: body)
    }
}
