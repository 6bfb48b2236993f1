import ShiftyAPI
import ShiftyLocalization
import ShiftyDomain

/// The languages a member or a workplace may choose: exactly those with a catalogue folder.
///
/// Checked here rather than in SQL so a third language is a folder of catalogue files and no
/// migration (docs/i18n.md).
enum LanguageChoice {
    /// Throws ``LanguageRefusal`` (422 `unknown_language`) unless the server has a catalogue for
    /// `language`.
    static func requireAvailable(_ language: LanguageCode, field: String) throws {
        guard LanguageCode.available.contains(language) else {
            throw LanguageRefusal(field: field, language: language.rawValue)
        }
    }

    /// The languages offered to choose from, each named in its own language ("Nederlands").
    static var offered: [OfferedLanguage] {
        LanguageCode.available.map { OfferedLanguage(code: $0.rawValue, name: Catalogue.of($0).text("language.name")) }
    }
}
