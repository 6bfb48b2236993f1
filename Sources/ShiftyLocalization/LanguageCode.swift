/// A language the product speaks, named by its catalogue folder (`web/i18n/nl` → `nl`).
///
/// Codes are lower-case ISO 639-1 primary subtags; region variants such as `nl-BE` or `en_GB.UTF-8`
/// map onto the primary language (`init(matching:)`), since one catalogue serves every region.
public struct LanguageCode: Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue.lowercased() }
    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The language every key must exist in; what a missing key or an unknown language falls back to.
    public static let english: LanguageCode = "en"
    public static let dutch: LanguageCode = "nl"

    /// The primary language of a BCP 47 tag or a POSIX locale name (`nl-NL`, `nl_NL.UTF-8`,
    /// `en_GB@euro`), if the product has a catalogue for it.
    public init?(matching tag: String) {
        let primary = tag.split(whereSeparator: { "-_.@".contains($0) }).first.map(String.init) ?? ""
        let candidate = LanguageCode(primary)
        guard !primary.isEmpty, CatalogueLibrary.shared.languages.contains(candidate) else { return nil }
        self = candidate
    }

    /// Every language with a catalogue, English first.
    public static var available: [LanguageCode] { CatalogueLibrary.shared.languages }

    public var description: String { rawValue }

    public static func < (lhs: LanguageCode, rhs: LanguageCode) -> Bool {
        if lhs == .english { return rhs != .english }
        if rhs == .english { return false }
        return lhs.rawValue < rhs.rawValue
    }
}
