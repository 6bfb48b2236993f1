import Testing
@testable import ShiftyLocalization

@Suite struct LanguageNegotiationTests {
    @Test func acceptLanguagePicksTheBestAvailableLanguage() {
        #expect(LanguageNegotiation.fromAcceptLanguage("nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7") == .dutch)
        #expect(LanguageNegotiation.fromAcceptLanguage("de-DE,de;q=0.9,nl;q=0.5,en;q=0.4") == .dutch)
        #expect(LanguageNegotiation.fromAcceptLanguage("en;q=0.5, nl;q=0.8") == .dutch)
        #expect(LanguageNegotiation.fromAcceptLanguage("nl;q=0, en") == .english)
        #expect(LanguageNegotiation.fromAcceptLanguage("de, fr") == nil)
        #expect(LanguageNegotiation.fromAcceptLanguage("*") == nil)
        #expect(LanguageNegotiation.fromAcceptLanguage("") == nil)
        #expect(LanguageNegotiation.fromAcceptLanguage(nil) == nil)
        #expect(LanguageNegotiation.fromAcceptLanguage(";;,,q=1,nl-BE;q=abc") == nil)
    }

    @Test func theTerminalFollowsThePosixLocale() {
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "nl_NL.UTF-8"]) == .dutch)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "nl_NL.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"]) == .english)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "en_GB.UTF-8", "LC_ALL": "nl_BE.UTF-8"]) == .dutch)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "POSIX"]) == nil)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "de_DE.UTF-8"]) == nil)
        #expect(LanguageNegotiation.fromEnvironment(["LANG": "en_US.UTF-8", "LANGUAGE": "de:nl:en"]) == .dutch)
        #expect(LanguageNegotiation.fromEnvironment([:]) == nil)
    }

    @Test func tagsMapOntoThePrimaryLanguage() {
        #expect(LanguageCode(matching: "nl-BE") == .dutch)
        #expect(LanguageCode(matching: "NL") == .dutch)
        #expect(LanguageCode(matching: "en_GB@euro") == .english)
        #expect(LanguageCode(matching: "xx") == nil)
        #expect(LanguageCode(matching: "") == nil)
    }
}
