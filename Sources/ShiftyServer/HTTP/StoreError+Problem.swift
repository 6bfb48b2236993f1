import Hummingbird

extension Problem {
    /// A store's answer as the client sees it (the codes are the ones the API always used).
    init(_ error: StoreError) {
        switch error {
        case .workplaceNotFound:
            self = .notFound("workplace")
        case .workplaceSlugTaken(let slug):
            self.init(.conflict, code: .workplaceSlugTaken, detail: "The workplace address '\(slug)' is taken; choose another.")
        case .usernameTaken(let username):
            self.init(.conflict, code: .usernameTaken, detail: "The username '\(username)' is already used in this workplace.")
        }
    }
}
