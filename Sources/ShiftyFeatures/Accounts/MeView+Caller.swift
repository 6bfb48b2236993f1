import ShiftyAPI

extension ShiftyAPI.MeView {
    /// The caller as `GET /api/v1/me` shows them.
    package init(_ caller: AuthenticatedUser) {
        self.init(
            user: ShiftyAPI.User(caller.user), workplace: ShiftyAPI.Workplace(caller.workplace), language: caller.language.rawValue,
            languagePreference: caller.languagePreference?.rawValue)
    }
}

extension ShiftyAPI.LanguageView {
    /// The caller's language after choosing it.
    package init(_ caller: AuthenticatedUser) {
        self.init(language: caller.language.rawValue, languagePreference: caller.languagePreference?.rawValue)
    }
}
