/// One entry of the language menu (`LoginPageOptions.languages`): a language's code, named in itself.
public struct OfferedLanguage: Codable, Sendable, Hashable {
    public var code: String
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}
