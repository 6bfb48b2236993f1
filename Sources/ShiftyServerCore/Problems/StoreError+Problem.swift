import Hummingbird

extension Problem {
    /// A store's answer as the client sees it (the codes are the ones the API always used).
    package init(_ error: StoreError) {
        switch error {
        case .workplaceNotFound:
            self = .notFound("workplace")
        case .workplaceSlugTaken(let slug):
            self.init(.conflict, code: .workplaceSlugTaken, text: .init("server.problem.workplace_slug_taken.detail", ["slug": slug]))
        case .usernameTaken(let username):
            self.init(.conflict, code: .usernameTaken, text: .init("server.problem.username_taken.detail", ["username": username]))
        case .networkRangeInvalid:
            self = .invalid("networks", ProblemText("server.invalid.networkRange"))
        }
    }
}
