/// An RFC 9457 problem document as the server sends it with every refusal.
public struct APIProblem: Decodable, Sendable, Hashable, Error {
    public struct FieldError: Decodable, Sendable, Hashable {
        public var field: String
        public var detail: String
    }

    public var status: Int
    /// Stable, machine-readable: what ``ProblemMessages`` switches on.
    public var code: String
    public var title: String?
    /// For people; may change between versions.
    public var detail: String?
    public var errors: [FieldError]?

    public init(status: Int, code: String, title: String? = nil, detail: String? = nil, errors: [FieldError]? = nil) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.errors = errors
    }
}
