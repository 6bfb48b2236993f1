import Foundation
import Hummingbird

/// An RFC 9457 problem document: what every failed API request answers with.
///
/// `code` is the stable, machine-readable part clients switch on (the web page maps it to a
/// sentence, the terminal client to a message); `detail` is for people and may change.
public struct Problem: Error, Sendable, Encodable, Equatable {
    public var status: HTTPResponse.Status
    public var code: String
    public var title: String
    public var detail: String
    /// Seconds after which a throttled client may try again (sets `Retry-After`).
    public var retryAfterSeconds: Int?
    /// Field-level problems for validation errors.
    public var errors: [FieldError]

    public struct FieldError: Sendable, Encodable, Equatable {
        public var field: String
        public var detail: String
        public init(field: String, detail: String) {
            self.field = field
            self.detail = detail
        }
    }

    public init(
        _ status: HTTPResponse.Status, code: String, detail: String,
        retryAfterSeconds: Int? = nil, errors: [FieldError] = []
    ) {
        self.status = status
        self.code = code
        self.title = status.reasonPhrase
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
        self.errors = errors
    }

    enum CodingKeys: String, CodingKey {
        case type, title, status, code, detail, errors
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("https://shifty.example/problems/\(code)", forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(status.code, forKey: .status)
        try container.encode(code, forKey: .code)
        try container.encode(detail, forKey: .detail)
        if !errors.isEmpty { try container.encode(errors, forKey: .errors) }
    }
}

extension Problem {
    public static func notFound(_ what: String = "resource") -> Problem {
        Problem(.notFound, code: "not_found", detail: "No such \(what).")
    }

    public static let unauthenticated = Problem(
        .unauthorized, code: "unauthenticated", detail: "Log in first: this needs a valid session."
    )

    public static let managerOnly = Problem(
        .forbidden, code: "manager_only", detail: "Only a manager of this workplace can do this."
    )

    public static func invalid(_ field: String, _ detail: String) -> Problem {
        Problem(
            .unprocessableContent, code: "validation_failed", detail: "\(field): \(detail)",
            errors: [FieldError(field: field, detail: detail)]
        )
    }
}
