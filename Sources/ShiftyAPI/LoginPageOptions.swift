/// What the logged-out page may offer on this server (`GET /api/v1/login-page`).
///
/// The page ships the same HTML to every server; without asking, it would show the demo
/// password and the "Create a new workplace" form everywhere, also where neither exists.
public struct LoginPageOptions: Codable, Sendable, Hashable {
    /// The demo workplace exists (`--demo`): the page may print its logins and password.
    public var demo: Bool
    /// Anyone may create a workplace (`--allow-signup`): the page may show the form.
    public var allowSignup: Bool
    /// E-mail is configured (`--smtp-url`): the page may offer "Forgot password?" by e-mail.
    public var email: Bool
    /// The language negotiated from the browser's `Accept-Language` (English when nothing matches):
    /// the page speaks it before anyone logs in.
    public var language: String
    /// Every language the server has a catalogue for, named in itself, for the page's menu.
    public var languages: [OfferedLanguage]

    public init(demo: Bool, allowSignup: Bool, email: Bool, language: String, languages: [OfferedLanguage]) {
        self.demo = demo
        self.allowSignup = allowSignup
        self.email = email
        self.language = language
        self.languages = languages
    }
}
