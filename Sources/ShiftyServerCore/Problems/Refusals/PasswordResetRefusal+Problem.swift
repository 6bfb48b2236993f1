import Hummingbird
import ShiftyDomain

extension Problem {
    /// A password-reset refusal as the client sees it: 404 no such member, 409 no mail server,
    /// 422 a link that cannot be used, 429 too many links asked for (with `Retry-After`).
    package init(_ refusal: PasswordResetRefusal) {
        let code = ProblemCode(refusal.code)
        switch refusal {
        case .memberNotFound:
            self = .notFound("user")
        case .emailDisabled:
            self.init(.conflict, code: code, text: .init("server.problem.email_disabled.reset"))
        case .throttled(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.reset_throttled.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .linkInvalid:
            self.init(.unprocessableContent, code: code, text: .init("server.problem.reset_link_invalid.detail"))
        }
    }
}
