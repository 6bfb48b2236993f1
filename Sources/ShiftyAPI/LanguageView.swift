/// The caller's language after choosing it (`PUT /api/v1/me/language`).
public struct LanguageView: Codable, Sendable, Hashable {
    /// The language the caller is spoken to in now.
    public var language: String
    /// The caller's own choice; written as `null` (not left out) when they follow the workplace.
    public var languagePreference: String?

    public init(language: String, languagePreference: String? = nil) {
        self.language = language
        self.languagePreference = languagePreference
    }

    enum CodingKeys: String, CodingKey { case language, languagePreference }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(language, forKey: .language)
        try container.encode(languagePreference, forKey: .languagePreference)
    }
}
