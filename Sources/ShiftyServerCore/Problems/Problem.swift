import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyLocalization

/// An RFC 9457 problem document: what every failed API request answers with, as the error the
/// server throws. Its JSON is ShiftyAPI's `APIProblem` (``document``); this type adds what only the
/// server needs: the HTTP status, `Retry-After` and the catalogue sentence `detail` is made from.
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
    /// The catalogue sentence `detail` was made from, so the edge can write it in the caller's
    /// language (``localized(to:)``); nil for details not yet in the catalogue.
    public var text: ProblemText?
    /// The catalogue sentence of each field error's `detail`, in `errors`' order, so the edge writes
    /// those in the caller's language too; empty for field errors not in the catalogue.
    public var errorTexts: [ProblemText]

    /// One invalid field, as the problem document lists it.
    public typealias FieldError = ShiftyAPI.APIProblem.FieldError

    /// A problem with one of the listed codes (``ProblemCode``: the one list clients can rely on).
    public init(
        _ status: HTTPResponse.Status, code: ProblemCode, detail: String,
        retryAfterSeconds: Int? = nil, errors: [FieldError] = []
    ) {
        self.status = status
        self.code = code.rawValue
        self.title = Self.title(for: status)
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
        self.errors = errors
        self.text = nil
        self.errorTexts = []
    }

    /// A problem whose `detail` is a catalogue sentence (`web/i18n/<language>/server.json`);
    /// `detail` holds the English one until the edge writes it in the caller's language.
    public init(
        _ status: HTTPResponse.Status, code: ProblemCode, text: ProblemText,
        retryAfterSeconds: Int? = nil, errors: [FieldError] = []
    ) {
        self.init(status, code: code, detail: text.written(in: .english), retryAfterSeconds: retryAfterSeconds, errors: errors)
        self.text = text
    }

    /// Written as its ``document``: the JSON is ShiftyAPI's `APIProblem`, which clients decode.
    public func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
    }
}

extension Problem {
    /// The status's standard reason phrase. A status made from a bare number carries none, and
    /// RFC 9457's `title` must not be empty.
    static func title(for status: HTTPResponse.Status) -> String {
        if !status.reasonPhrase.isEmpty { return status.reasonPhrase }
        let known: [HTTPResponse.Status] = [
            .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .conflict, .gone, .contentTooLarge,
            .unsupportedMediaType, .unprocessableContent, .tooManyRequests, .internalServerError, .serviceUnavailable,
        ]
        if let match = known.first(where: { $0.code == status.code }) { return match.reasonPhrase }
        switch status.kind {
        case .clientError: return "Client Error"
        case .serverError: return "Server Error"
        default: return "HTTP \(status.code)"
        }
    }

    /// 404 `not_found` naming what was missing; `what` is one of the things the catalogue names
    /// (`server.problem.not_found.<what>`), anything else falls back to the generic sentence.
    public static func notFound(_ what: String = "resource") -> Problem {
        let key = "server.problem.not_found." + what.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
        var problem = Problem(.notFound, code: .notFound, detail: "No such \(what).") // i18n-exempt: only a thing the catalogue has no word for (the demo seeder's own lookups) keeps this; every listed thing reads from its key below
        if Catalogue.of(.english).has(key) { problem.text = ProblemText(key) }
        return problem
    }

    public static let unauthenticated = Problem(
        .unauthorized, code: .unauthenticated, text: .init("server.problem.unauthenticated.detail")
    )

    public static let managerOnly = Problem(
        .forbidden, code: .managerOnly, text: .init("server.problem.manager_only.detail")
    )

    /// 422 `validation_failed` naming `field` and what is wrong with it, as a catalogue sentence
    /// (`reason`): the detail reads "field: reason" and the field error says the reason.
    public static func invalid(_ field: String, _ reason: ProblemText) -> Problem {
        invalid(errors: [(field, reason)], text: ProblemText("server.problem.validation_failed.reason", ["field": field], sentences: ["reason": reason]))
    }

    /// 422 `validation_failed` with several fields' catalogue sentences and the `text` of its detail.
    public static func invalid(
        _ status: HTTPResponse.Status = .unprocessableContent, code: ProblemCode = .server(.validationFailed),
        errors: [(field: String, reason: ProblemText)], text: ProblemText
    ) -> Problem {
        var problem = Problem(
            status, code: code, text: text,
            errors: errors.map { FieldError(field: $0.field, detail: $0.reason.written(in: .english)) })
        problem.errorTexts = errors.map(\.reason)
        return problem
    }

    /// Every member the problem's sentences still have to name (``naming(_:)``).
    public var memberIDs: Set<Int64> {
        errorTexts.reduce(into: text?.memberIDs ?? []) { $0.formUnion($1.memberIDs) }
    }

    /// The problem with the members `names` knows named by their display names.
    public func naming(_ names: [Int64: String]) -> Problem {
        var named = self
        named.text = text?.naming(names)
        named.errorTexts = errorTexts.map { $0.naming(names) }
        named.detail = named.text?.written(in: .english) ?? detail
        return named
    }

    public static func invalid(_ field: String, _ detail: String) -> Problem {
        Problem(
            .unprocessableContent, code: .validationFailed, detail: "\(field): \(detail)",
            errors: [FieldError(field: field, detail: detail)]
        )
    }

    /// 400 `invalid_parameter` naming the query parameter `name` and what is wrong with it, as a
    /// catalogue sentence (`reason`): the detail reads "name: reason" and the field error says the reason.
    public static func invalidParameter(_ name: String, _ reason: ProblemText) -> Problem {
        invalid(
            .badRequest, code: .server(.invalidParameter), errors: [(name, reason)],
            text: ProblemText("server.problem.invalid_parameter.reason", ["parameter": name], sentences: ["reason": reason]))
    }

    /// 400 `invalid_parameter`: a query value (or a value a query needs) that is missing or malformed.
    public static func invalidParameter(_ name: String, _ detail: String) -> Problem {
        Problem(.badRequest, code: .invalidParameter, detail: "\(name): \(detail)", errors: [FieldError(field: name, detail: detail)])
    }
}
