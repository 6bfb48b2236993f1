/// Who the caller is (`GET /api/v1/me`): the member, their workplace and the language they are spoken to in.
public struct MeView: Codable, Sendable, Hashable {
    public var user: User
    public var workplace: Workplace
    /// The language the caller is spoken to in: their own choice, else the workplace's default.
    public var language: String
    /// The caller's own choice; written as `null` (not left out) when they follow the workplace.
    public var languagePreference: String?

    public init(user: User, workplace: Workplace, language: String, languagePreference: String? = nil) {
        self.user = user
        self.workplace = workplace
        self.language = language
        self.languagePreference = languagePreference
    }

    enum CodingKeys: String, CodingKey { case user, workplace, language, languagePreference }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(workplace, forKey: .workplace)
        try container.encode(language, forKey: .language)
        try container.encode(languagePreference, forKey: .languagePreference)
    }
}
