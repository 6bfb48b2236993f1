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
            self = .invalid(path(context.codingPath + [key]), ProblemText("server.invalid.required"))
        case .typeMismatch(let type, let context):
            self = .invalid(path(context.codingPath), ProblemText("server.invalid.mustBeType", sentences: ["type": Self.jsonTypeName(type)]))
        case .valueNotFound(let type, let context):
            self = .invalid(path(context.codingPath), ProblemText("server.invalid.mustBeTypeNotNull", sentences: ["type": Self.jsonTypeName(type)]))
        @unknown default:
            self = Problem(.badRequest, code: .malformedJSON, text: .init("server.problem.malformed_json.unreadable"))
        }
    }

    /// The JSON value a Swift type takes, as the reader's language names it ("a string", "een tekst");
    /// a type JSON has no word for is named as Swift spells it.
    private static func jsonTypeName(_ type: Any.Type) -> ProblemText {
        switch type {
        case is String.Type: ProblemText("server.invalid.jsonType.string")
        case is Bool.Type: ProblemText("server.invalid.jsonType.bool")
        case is Int.Type, is Int64.Type, is Int32.Type: ProblemText("server.invalid.jsonType.integer")
        case is Double.Type: ProblemText("server.invalid.jsonType.number")
        default: ProblemText("server.invalid.jsonType.other", ["type": "\(type)"])
        }
    }
}
