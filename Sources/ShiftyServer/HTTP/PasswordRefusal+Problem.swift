import ShiftySecurity
import ShiftyServerCore

extension Problem {
    /// A password that breaks the policy: 422 naming its field, worded in the caller's language.
    init(_ refusal: PasswordRefusal) {
        switch refusal.violation {
        case .tooShort(let minimum):
            self = .invalid(refusal.field, ProblemText("server.invalid.passwordTooShort", ["minimum": String(minimum)]))
        case .tooLong(let maximum):
            self = .invalid(refusal.field, ProblemText("server.invalid.passwordTooLong", ["limit": String(maximum)]))
        }
    }
}
