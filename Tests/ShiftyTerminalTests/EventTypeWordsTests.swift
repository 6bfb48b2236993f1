@testable import ShiftyEvents
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyTerminal
import Testing

/// `shifty notifications` names each event in words: every event type the server can store has
/// `terminal.eventType.<type>` in every language (a new type fails here until it has its words).
@Suite struct EventTypeWordsTests {
    @Test(arguments: LanguageCode.available)
    func everyEventTypeHasItsWords(language: LanguageCode) {
        for type in EventType.allCases {
            #expect(Catalogue.of(language).has("terminal.eventType.\(type.rawValue)"), "no \(language) words for \(type.rawValue)")
        }
        #expect(TerminalLanguage.word("eventType", "time_off.approved", language: .dutch) == "verlof goedgekeurd")
    }
}
