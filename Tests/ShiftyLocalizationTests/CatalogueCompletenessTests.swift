import Testing
import Foundation
@testable import ShiftyLocalization

/// The catalogue check of `make test`: every language has every key English has (and no other),
/// the same placeholders per key, the plural forms its plural rule can ask for, and no file problems.
@Suite struct CatalogueCompletenessTests {
    let library = CatalogueLibrary.shared

    @Test func englishAndDutchAreThere() {
        #expect(library.languages.contains(.english))
        #expect(library.languages.contains(.dutch))
        #expect(library.languages.first == .english)
    }

    @Test func theFilesParseWithoutProblems() {
        #expect(library.problems.isEmpty, "\(library.problems.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: CatalogueLibrary.shared.languages.filter { $0 != .english })
    func everyKeyExistsInBothDirections(language: LanguageCode) {
        let english = Set(library.keys(of: .english).keys)
        let other = Set(library.keys(of: language).keys)
        let missing = english.subtracting(other).sorted()
        let extra = other.subtracting(english).sorted()
        #expect(missing.isEmpty, "\(language) lacks \(missing.count) keys English has (add them to web/i18n/\(language)/): \(missing.prefix(40).joined(separator: ", "))")
        #expect(extra.isEmpty, "\(language) has \(extra.count) keys English lacks (add them to web/i18n/en/ or remove them): \(extra.prefix(40).joined(separator: ", "))")
    }

    @Test(arguments: CatalogueLibrary.shared.languages.filter { $0 != .english })
    func placeholdersMatch(language: LanguageCode) {
        let english = library.keys(of: .english)
        var mismatches: [String] = []
        for (key, entry) in library.keys(of: language) {
            guard let reference = english[key] else { continue }
            if entry.placeholders != reference.placeholders {
                mismatches.append("\(key): \(language) uses \(entry.placeholders.sorted()), English \(reference.placeholders.sorted())")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.sorted().joined(separator: "\n"))")
    }

    @Test(arguments: CatalogueLibrary.shared.languages)
    func pluralEntriesHaveTheFormsTheLanguageNeeds(language: LanguageCode) {
        let needed = Set((0...200).map { PluralCategory.category(of: $0, in: language) })
        var lacking: [String] = []
        for (key, entry) in library.keys(of: language) {
            guard case .plural(let forms) = entry else { continue }
            let absent = needed.subtracting(forms.keys)
            if !absent.isEmpty { lacking.append("\(key) lacks \(absent.map(\.rawValue).sorted())") }
            if !entry.placeholders.contains("count") { lacking.append("\(key) never says {count}") }
        }
        #expect(lacking.isEmpty, "\(lacking.sorted().joined(separator: "\n"))")
    }

    @Test(arguments: CatalogueLibrary.shared.languages)
    func noSentenceIsEmpty(language: LanguageCode) {
        let empty = library.keys(of: language).filter { _, entry in
            switch entry {
            case .text(let text): return text.trimmingCharacters(in: .whitespaces).isEmpty
            case .plural(let forms): return forms.values.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            }
        }.keys.sorted()
        #expect(empty.isEmpty, "empty in \(language): \(empty.joined(separator: ", "))")
    }
}
