import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyServerCore

extension Request {
    /// Decodes a JSON body, answering bad input with problems instead of Hummingbird's bare 400.
    ///
    /// - 415 when the body is not declared as JSON,
    /// - 413 when it is larger than the context allows,
    /// - 400 `malformed_json` when it does not parse,
    /// - 422 `validation_failed` naming the field when a field is missing or has the wrong type,
    ///   when any string holds a NUL character (PostgreSQL text cannot store one), or when a field
///   holds `null` where openapi.yaml does not allow it (``NullableRequestFields``).
    public func decodeJSON<Value: Decodable>(_ type: Value.Type, context: some RequestContext) async throws -> Value {
        if let contentType = headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw Problem(.unsupportedMediaType, code: .unsupportedMediaType, text: .init("server.problem.unsupported_media_type.detail"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: context.maxUploadSize)
        } catch {
            throw Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.bytes", ["bytes": String(context.maxUploadSize)]))
        }
        if JSONNULScan.containsNUL(buffer.readableBytesView) {
            let field = JSONNULScan.fieldPath(in: Data(buffer.readableBytesView)).flatMap { $0.isEmpty ? nil : $0 } ?? "body"
            throw Problem.invalid(field, ProblemText("server.invalid.nul"))
        }
        let data = Data(buffer.readableBytesView)
        let nullable = (Value.self as? any NullableRequestFields.Type)?.nullableFields ?? []
        if let field = JSONNullScan.disallowedNull(in: data, allowed: nullable) {
            throw Problem.invalid(field, ProblemText("server.invalid.nullNotAllowed"))
        }
        do {
            return try JSONDecoder.api.decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw Problem(decoding: error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(.badRequest, code: .malformedJSON, text: .init("server.problem.malformed_json.detail"))
        }
    }
}

extension JSONDecoder {
    /// The decoder for API bodies: RFC 3339 date-times, checked strictly (no 30 February).
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = StrictTimestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "must be an existing date and time like 2026-03-01T07:00:00Z")
            }
            return date
        }
        return decoder
    }
}
