import ShiftyDomain

extension Problem {
    /// 422 `unknown_language`, naming the field and (cut short) the code that was asked for.
    package init(_ refusal: LanguageRefusal) {
        self = .invalid(
            code: .server(.unknownLanguage), errors: [(refusal.field, ProblemText("server.invalid.unknownLanguage"))],
            text: .init("server.problem.unknown_language.detail", ["language": String(refusal.language.prefix(40))]))
    }
}
