/// An RFC 9457 problem document (openapi.yaml `Problem`): what every failed API request answers
/// with. The server writes this type (from its `Problem` error, which adds the HTTP status, a
/// `Retry-After` and the catalogue sentence `detail` is made from) and the terminal decodes it.
public struct APIProblem: Codable, Sendable, Hashable, Error {
    /// One invalid field of a validation problem.
    public struct FieldError: Codable, Sendable, Hashable {
        public var field: String
        public var detail: String

        public init(field: String, detail: String) {
            self.field = field
            self.detail = detail
        }
    }

    /// The problem type's URI: ``typeURI(for:)`` of `code`.
    public var type: String
    /// The HTTP status's reason phrase (never empty from the server).
    public var title: String
    public var status: Int
    /// Stable, machine-readable (openapi.yaml `Problem.code`): what clients switch on.
    public var code: String
    /// For people, in the language the client asked for; may change between versions.
    public var detail: String
    /// Field-level problems of a validation failure; left out when there are none.
    public var errors: [FieldError]?

    /// A problem document. The defaults are for problems a client makes itself, without a server
    /// answer (a refused live connection, a missing session): no title or detail, and the type of `code`.
    public init(status: Int, code: String, title: String = "", detail: String = "", errors: [FieldError]? = nil, type: String? = nil) {
        self.type = type ?? Self.typeURI(for: code)
        self.title = title
        self.status = status
        self.code = code
        self.detail = detail
        self.errors = errors
    }

    /// The URI naming a problem code's type, as every problem document carries it.
    public static func typeURI(for code: String) -> String {
        "https://shifty.example/problems/\(code)"
    }
}
