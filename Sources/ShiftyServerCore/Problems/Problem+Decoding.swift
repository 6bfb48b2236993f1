import Foundation

extension Problem {
    /// A body that does not decode as a problem naming the field: 400 when it is not JSON at all,
    /// 422 `validation_failed` when a field is missing, null or of the wrong type.
    package init(decoding error: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = Problem(.badRequest, code: .malformedJSON, text: .init("server.problem.malformed_json.detail"))
        case .dataCorrupted(let context):
            self = .invalid(path(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            self = .invalid(path(context.codingPath + [key]), "is required")
        case .typeMismatch(let type, let context):
            self = .invalid(path(context.codingPath), "must be \(Self.jsonTypeName(type))")
        case .valueNotFound(let type, let context):
            self = .invalid(path(context.codingPath), "must be \(Self.jsonTypeName(type)), not null")
        @unknown default:
            self = Problem(.badRequest, code: .malformedJSON, text: .init("server.problem.malformed_json.unreadable"))
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type: "a number"
        default: "\(type)"
        }
    }
}
