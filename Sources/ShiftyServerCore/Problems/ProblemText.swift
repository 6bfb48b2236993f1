import ShiftyLocalization

/// A problem's `detail` as a catalogue key and its values, written in a language only at the edge.
///
/// Keys live in `web/i18n/<language>/server.json` as `server.problem.<code>.<what>`; values are
/// language-free (names, numbers, dates already in ISO form), so the same problem reads right in
/// every language.
public struct ProblemText: Sendable, Equatable {
    public var key: String
    public var arguments: [String: String]

    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// The sentence in `language` (English where the language lacks the key).
    public func written(in language: LanguageCode) -> String {
        Catalogue.of(language).text(key, arguments)
    }
}
