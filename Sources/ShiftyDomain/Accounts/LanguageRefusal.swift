/// A language nobody wrote the catalogue for, chosen for a member or a workplace.
///
/// Which languages exist is the server's catalogue folders' business (docs/i18n.md); the refusal
/// only says which field asked for which code.
public struct LanguageRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body field, spelled as on the wire (`language`, `settings.language`).
    public var field: String
    /// The code as it was asked for.
    public var language: String

    public init(field: String, language: String) {
        self.field = field
        self.language = language
    }

    public var description: String { "unknown_language: \(field)" }
}
