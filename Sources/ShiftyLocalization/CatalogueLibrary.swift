import Foundation

/// Every language's catalogue, parsed once from the files the plugin embedded.
///
/// A language is a folder `web/i18n/<code>/` of JSON files (`language.json`, `page.json`,
/// `server.json`, `terminal.json`, …); the files of one folder are merged into one catalogue, and a
/// key defined twice in one language is a `CatalogueProblem` that the catalogue check reports.
public struct CatalogueLibrary: Sendable {
    /// The catalogues of the embedded files, parsed on first use.
    public static let shared = CatalogueLibrary(files: embeddedCatalogueFiles)

    public let languages: [LanguageCode]
    public let problems: [CatalogueProblem]
    let entries: [LanguageCode: [String: CatalogueEntry]]
    /// Which file of its language each key came from (for messages that say where to fix a key).
    let origins: [LanguageCode: [String: String]]

    init(files: [EmbeddedCatalogueFile]) {
        var entries: [LanguageCode: [String: CatalogueEntry]] = [:]
        var origins: [LanguageCode: [String: String]] = [:]
        var problems: [CatalogueProblem] = []
        for file in files {
            let language = LanguageCode(file.language)
            let place = "web/i18n/\(file.language)/\(file.part).json"
            guard let object = try? JSONSerialization.jsonObject(with: Data(file.json.utf8)) as? [String: Any] else {
                problems.append(.init(language: language, key: "", file: place, message: "is not a JSON object"))
                continue
            }
            for (key, value) in object {
                guard let entry = Self.entry(value) else {
                    problems.append(.init(language: language, key: key, file: place,
                        message: "must be a string or an object of plural forms (zero, one, two, few, many, other) with \"other\""))
                    continue
                }
                if let earlier = origins[language]?[key] {
                    problems.append(.init(language: language, key: key, file: place, message: "is also defined in \(earlier)"))
                }
                entries[language, default: [:]][key] = entry
                origins[language, default: [:]][key] = place
            }
        }
        self.entries = entries
        self.origins = origins
        self.problems = problems
        self.languages = entries.keys.sorted()
    }

    static func entry(_ value: Any) -> CatalogueEntry? {
        if let text = value as? String { return .text(text) }
        guard let object = value as? [String: Any], object["other"] is String else { return nil }
        var forms: [PluralCategory: String] = [:]
        for (name, form) in object {
            guard let category = PluralCategory(rawValue: name), let text = form as? String else { return nil }
            forms[category] = text
        }
        return .plural(forms)
    }

    /// The catalogue for `language`; an unknown language gets English.
    public func catalogue(for language: LanguageCode) -> Catalogue {
        let known = entries[language] != nil ? language : .english
        return Catalogue(language: known, entries: entries[known] ?? [:], fallback: entries[.english] ?? [:])
    }

    /// Every key of `language` with its entry (for the catalogue check and for serving the page).
    public func keys(of language: LanguageCode) -> [String: CatalogueEntry] { entries[language] ?? [:] }

    /// The file a key of `language` is defined in.
    public func file(of key: String, in language: LanguageCode) -> String? { origins[language]?[key] }
}

/// Something wrong with a catalogue file, found when the files are parsed.
public struct CatalogueProblem: Sendable, Equatable, CustomStringConvertible {
    public var language: LanguageCode
    public var key: String
    public var file: String
    public var message: String

    public var description: String { "\(file): \(key.isEmpty ? "" : "\"\(key)\" ")\(message)" }
}
