import Foundation
import Hummingbird

/// Encodes API answers: ISO 8601 dates, sorted keys (stable for tests and diffs).
package enum APIJSON {
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    package static func response<Value: Encodable>(
        _ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) throws -> Response {
        var allHeaders = headers
        allHeaders[.contentType] = "application/json; charset=utf-8"
        allHeaders[.cacheControl] = "no-store"
        let data = try encoder.encode(value)
        return Response(status: status, headers: allHeaders, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    package static func noContent(headers: HTTPFields = [:]) -> Response {
        Response(status: .noContent, headers: headers)
    }
}
