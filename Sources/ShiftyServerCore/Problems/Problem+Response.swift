import Foundation
import Hummingbird

extension Problem {
    /// Sorted keys, like every answer (internal so `APIWireGoldenTests` writes problems as responses do).
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The HTTP response carrying this problem as `application/problem+json`.
    public func response() -> Response {
        let body = (try? Self.encoder.encode(self)) ?? Data(#"{"code":"internal_error"}"#.utf8)
        var headers: HTTPFields = [.contentType: "application/problem+json", .cacheControl: "no-store"]
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
