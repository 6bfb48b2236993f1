/// CLDR plural categories, the keys of a plural catalogue entry.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of a whole number in `language`.
    ///
    /// English, Dutch, German and most Germanic and Nordic languages say `one` for exactly 1; French,
    /// Portuguese and Italian-style rules (`one` for 0 and 1) are here so a third language of that kind
    /// is still only a folder of catalogue files. A language not listed uses the English rule.
    public static func category(of count: Int, in language: LanguageCode) -> PluralCategory {
        switch language.rawValue {
        case "fr", "pt": return (count == 0 || count == 1) ? .one : .other
        case "ja", "zh", "ko", "id", "vi", "th": return .other
        default: return count == 1 ? .one : .other
        }
    }
}
