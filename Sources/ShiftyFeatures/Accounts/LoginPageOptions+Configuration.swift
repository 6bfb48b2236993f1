import ShiftyAPI
import ShiftyLocalization

extension ShiftyAPI.LoginPageOptions {
    /// What this server's configuration lets the logged-out page offer, in the negotiated language.
    package init(_ configuration: ServerConfiguration, language: LanguageCode) {
        self.init(
            demo: configuration.demo, allowSignup: configuration.allowSignup, email: configuration.smtp != nil, language: language.rawValue,
            languages: LanguageChoice.offered)
    }
}
