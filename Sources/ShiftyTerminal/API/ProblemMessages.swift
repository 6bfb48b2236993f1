import ShiftyLocalization

/// Turns refusal codes into sentences for the terminal: what happened and what to do next.
///
/// The sentences are the catalogue's `terminal.problem.<code>` entries (web/i18n/<language>/terminal.json),
/// so they come in the terminal's language. Every code the server can answer with has one (a test
/// reads the server's code list to check, in every language); an unknown code, from a newer server,
/// shows the server's own `detail`, which the server writes in the language the client asked for.
public enum ProblemMessages {
    /// What the terminal says when the server ends the session (1008 on the live stream, 401).
    public static var sessionEnded: String { self.sentence(for: "session_expired") ?? "session_expired" }

    public static func message(for problem: APIProblem, language: LanguageCode? = nil) -> String {
        let catalogue = TerminalLanguage.catalogue(language)
        if let sentence = self.sentence(for: problem.code, language: language) {
            // Which field, or which object was missing ("No such deal."), is in the detail.
            if problem.code == "validation_failed" || problem.code == "not_found" || problem.code == "invalid_parameter",
               !problem.detail.isEmpty {
                return catalogue.text("terminal.problemWithDetail", ["sentence": sentence, "detail": problem.detail])
            }
            return sentence
        }
        if !problem.detail.isEmpty { return problem.detail }
        return catalogue.text("terminal.problemFallback", ["status": String(problem.status), "code": problem.code])
    }

    /// Whether a code has its own sentence in `language` itself (not through the English fallback).
    public static func knows(_ code: String, in language: LanguageCode = .english) -> Bool {
        Catalogue.of(language).has(self.key(for: code))
    }

    /// The catalogue key of a code's sentence.
    public static func key(for code: String) -> String { "terminal.problem." + code }

    static func sentence(for code: String, language: LanguageCode? = nil) -> String? {
        let catalogue = TerminalLanguage.catalogue(language)
        let key = self.key(for: code)
        guard catalogue.has(key) || Catalogue.of(.english).has(key) else { return nil }
        return catalogue.text(key)
    }
}
