import Hummingbird

extension Problem {
    /// A problem with one of the server's own codes (`Problem(.conflict, code: .emailDisabled, …)`);
    /// the marketplace's codes come with their refusal (`Problem(_: MarketplaceRefusal)`).
    public init(
        _ status: HTTPResponse.Status, code: ProblemCode.Server, detail: String,
        retryAfterSeconds: Int? = nil, errors: [FieldError] = []
    ) {
        self.init(status, code: .server(code), detail: detail, retryAfterSeconds: retryAfterSeconds, errors: errors)
    }

    /// A problem with one of the server's own codes whose `detail` is a catalogue sentence.
    public init(
        _ status: HTTPResponse.Status, code: ProblemCode.Server, text: ProblemText,
        retryAfterSeconds: Int? = nil, errors: [FieldError] = []
    ) {
        self.init(status, code: .server(code), text: text, retryAfterSeconds: retryAfterSeconds, errors: errors)
    }
}
