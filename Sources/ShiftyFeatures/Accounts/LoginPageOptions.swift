import ShiftyLocalization

/// What the logged-out page may offer on this server, answered by `GET /api/v1/login-page`.
///
/// The page ships the same HTML to every server; without asking, it would show the demo
/// password and the "Create a new workplace" form everywhere, also where neither exists.
package struct LoginPageOptions: Encodable, Sendable, Equatable {
    /// The demo workplace exists (`--demo`): the page may print its logins and password.
    var demo: Bool
    /// Anyone may create a workplace (`--allow-signup`): the page may show the form.
    var allowSignup: Bool
    /// E-mail is configured (`--smtp-url`): the page may offer "Forgot password?" by e-mail.
    var email: Bool
    /// The language negotiated from the browser's `Accept-Language` (English when nothing matches):
    /// the page speaks it before anyone logs in.
    var language: String
    /// Every language the server has a catalogue for, named in itself, for the page's menu.
    var languages: [OfferedLanguage]

    package init(_ configuration: ServerConfiguration, language: LanguageCode) {
        demo = configuration.demo
        allowSignup = configuration.allowSignup
        email = configuration.smtp != nil
        self.language = language.rawValue
        languages = LanguageChoice.offered
    }
}
