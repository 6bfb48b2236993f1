import Testing
@testable import ShiftyLocalization

@Suite struct CatalogueTests {
    let library = CatalogueLibrary(files: [
        .init(language: "en", part: "a", json: #"{"shift.count": {"one": "{count} shift", "other": "{count} shifts"}, "hello": "Hello {name}", "only.en": "Only English"}"#),
        .init(language: "nl", part: "a", json: #"{"shift.count": {"one": "{count} dienst", "other": "{count} diensten"}, "hello": "Hoi {name}"}"#),
        .init(language: "nl", part: "b", json: #"{"hello": "Dag {name}", "broken": {"one": "x"}}"#),
    ])

    @Test func placeholdersAreFilledAndUnknownOnesKept() {
        let dutch = library.catalogue(for: .dutch)
        #expect(dutch.text("hello", ["name": "Anna"]).hasPrefix("Dag Anna") || dutch.text("hello", ["name": "Anna"]).hasPrefix("Hoi Anna"))
        #expect(Catalogue.fill("{a} and {b} {", ["a": "x"]) == "x and {b} {")
        #expect(Catalogue.fill("{a}{a}", ["a": "}"]) == "}}")
    }

    @Test func pluralFormsFollowTheLanguage() {
        let dutch = library.catalogue(for: .dutch)
        #expect(dutch.plural("shift.count", count: 1) == "1 dienst")
        #expect(dutch.plural("shift.count", count: 0) == "0 diensten")
        #expect(dutch.plural("shift.count", count: 7) == "7 diensten")
        #expect(PluralCategory.category(of: 0, in: "fr") == .one)
        #expect(PluralCategory.category(of: 0, in: .english) == .other)
    }

    @Test func aMissingKeyFallsBackToEnglishThenToTheKey() {
        let dutch = library.catalogue(for: .dutch)
        #expect(dutch.text("only.en") == "Only English")
        #expect(dutch.text("nowhere.at.all") == "nowhere.at.all")
        #expect(!dutch.has("only.en"))
        #expect(library.catalogue(for: "de").language == .english)
    }

    @Test func aKeyDefinedTwiceAndABadPluralAreProblems() {
        let messages = library.problems.map(\.description)
        #expect(messages.contains { $0.contains("\"hello\"") && $0.contains("also defined") })
        #expect(messages.contains { $0.contains("\"broken\"") && $0.contains("other") })
    }

    @Test func placeholdersAreFoundInEveryForm() {
        #expect(CatalogueEntry.text("{a} b {c_1} {not a placeholder} {}").placeholders == ["a", "c_1"])
        #expect(CatalogueEntry.plural([.one: "{count} x", .other: "{count} xs {name}"]).placeholders == ["count", "name"])
    }
}
