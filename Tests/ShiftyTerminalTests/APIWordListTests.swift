import Foundation
import ShiftyDomain
@testable import ShiftyEvents
@testable import ShiftyFeatures
@testable import ShiftyLive
@testable import ShiftyServer
@testable import ShiftyServerCore
@testable import ShiftyTerminal
import Testing

/// The API's lists of words (``APIWord``: statuses, states, kinds, roles…) are one vocabulary on
/// three sides: the domain's (and server's) enums the server builds them from, ShiftyAPI's enums
/// the terminal switches on, and openapi.yaml's `enum:` lists. A word added on one side only fails
/// here (the server's side) or in `APIShapeSampleTests` (openapi.yaml's side).
@Suite struct APIWordListTests {
    /// Each of the server's lists has exactly the words of the API's list it is written as, and
    /// every value of it becomes a word the API knows, spelled the same.
    @Test func theServersListsAreTheAPIsWords() {
        var checked = 0
        func same<Server: CaseIterable & RawRepresentable, API: APIWord>(
            _ server: Server.Type, _ api: API.Type, _ make: (Server) -> API, sourceLocation: SourceLocation = #_sourceLocation
        ) where Server.RawValue == String {
            let serverWords = Server.allCases.map(\.rawValue)
            let apiWords = API.allCases.map(\.rawValue)
            #expect(Set(serverWords).subtracting(apiWords).sorted() == [], "\(Server.self) words missing from \(API.self)", sourceLocation: sourceLocation)
            #expect(Set(apiWords).subtracting(serverWords).sorted() == [], "\(API.self) words \(Server.self) does not have", sourceLocation: sourceLocation)
            for value in Server.allCases {
                let word = make(value)
                #expect(word.isKnown && word.rawValue == value.rawValue, "\(Server.self).\(value) → \(word)", sourceLocation: sourceLocation)
            }
            checked += 1
        }
        same(ShiftStatus.self, MarketShift.Status.self, MarketShift.Status.init)
        same(DealKind.self, MarketDeal.Kind.self, MarketDeal.Kind.init)
        same(DealState.self, MarketDeal.State.self, MarketDeal.State.init)
        same(RequestStatus.self, ShiftRequest.Status.self, ShiftRequest.Status.init)
        same(TimeOffStatus.self, TimeOffRequest.Status.self, TimeOffRequest.Status.init)
        same(Role.self, User.Role.self, User.Role.init)
        same(ShiftyFeatures.PayType.self, User.PayType.self, User.PayType.init)
        same(RuleSeverity.self, WorkplaceSettings.Severity.self, WorkplaceSettings.Severity.init)
        same(DayStatus.self, MyHours.Day.Status.self, MyHours.Day.Status.init)
        same(TimesheetAttention.self, MyHours.Entry.Attention.self, MyHours.Entry.Attention.init)
        #expect(checked == 10)
        // The server writes an event's type as text from its `EventType`; the terminal reads it as a `LiveEvent.Kind`.
        let eventTypes = EventType.allCases.map(\.rawValue)
        #expect(Set(eventTypes).subtracting(LiveEvent.Kind.allCases.map(\.rawValue)).sorted() == [], "event types LiveEvent.Kind lacks")
        #expect(Set(LiveEvent.Kind.allCases.map(\.rawValue)).subtracting(eventTypes).sorted() == [], "LiveEvent.Kind words the server has not")
        // The computed now board's `next.when` is the API's own list, not a copy of it.
        #expect(ComputedNowBoard.When.self == NowBoard.When.self)

        // The preview routes take a subset of the previewed actions, each spelled as the answer spells it.
        for action in PreviewedAction.allCases { #expect(ActionPreview.Action(action).isKnown, "\(action)") }
        for action in BatchPreviewedAction.allCases {
            #expect(ActionPreview.Action(action).isKnown, "\(action)")
            #expect(PreviewedAction(rawValue: action.rawValue) != nil, "\(action)")
        }
    }

    /// The `action` query values the preview routes take are the ones openapi.yaml lists for them.
    @Test func thePreviewRoutesTakeTheDocumentedActions() throws {
        let document = try OpenAPIDocument.load()
        func documentedActions(_ path: String) throws -> Set<String> {
            let item = try #require((document.root["paths"] as? [String: Any])?[path] as? [String: Any], "openapi.yaml has no \(path)")
            let parameters = (item["parameters"] as? [[String: Any]] ?? []) + ((item["get"] as? [String: Any])?["parameters"] as? [[String: Any]] ?? [])
            let action = try #require(parameters.first { $0["name"] as? String == "action" }, "\(path) documents no action")
            return Set(try #require(document.resolve(action["schema"] as? [String: Any] ?? [:])["enum"] as? [String]))
        }
        #expect(try documentedActions("/api/v1/shifts/{id}/preview") == Set(PreviewedAction.allCases.map(\.rawValue)))
        #expect(try documentedActions("/api/v1/marketplace/previews") == Set(BatchPreviewedAction.allCases.map(\.rawValue)))
    }

    /// Every list's words are distinct and read back as themselves; a word the list does not have
    /// (a newer server's) is read as `unknown`, kept as written and written back unchanged.
    @Test func everyWordReadsBackAndAnUnknownWordIsKept() throws {
        func check<Word: APIWord>(_ type: Word.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let words = Word.allCases.map(\.rawValue)
            #expect(!words.isEmpty && words.count == Set(words).count, "\(Word.self)", sourceLocation: sourceLocation)
            for word in Word.allCases {
                #expect(Word(rawValue: word.rawValue) == word && word.isKnown, "\(Word.self).\(word)", sourceLocation: sourceLocation)
                #expect(try JSONDecoder().decode([Word].self, from: JSONEncoder().encode([word])) == [word], sourceLocation: sourceLocation)
            }
            let newer = try JSONDecoder().decode([Word].self, from: Data(#"["on_hold"]"#.utf8))
            #expect(newer == [.unknown("on_hold")] && !newer[0].isKnown, sourceLocation: sourceLocation)
            #expect(String(decoding: try JSONEncoder().encode(newer), as: UTF8.self) == #"["on_hold"]"#, sourceLocation: sourceLocation)
        }
        try check(MarketShift.Status.self)
        try check(MarketDeal.Kind.self)
        try check(MarketDeal.State.self)
        try check(ShiftRequest.Status.self)
        try check(TimeOffRequest.Status.self)
        try check(User.Role.self)
        try check(User.PayType.self)
        try check(WorkplaceSettings.Severity.self)
        try check(ActionPreview.Action.self)
        try check(MyHours.Day.Status.self)
        try check(MyHours.Entry.Attention.self)
        try check(NowBoard.When.self)
        try check(LiveEvent.Kind.self)
    }

    /// A shift with a status this terminal does not know still reads (the answer is not lost), shows
    /// its status as written, and is not taken for one on offer.
    @Test func theTerminalShowsAShiftWithANewerStatus() throws {
        let json = #"[{"date":"2026-09-22","endTime":"17:00","endsAt":"2099-09-21T22:13:20Z","id":6,"ownerId":2,"ownerName":"Anna","startTime":"09:00","startsAt":"2099-09-21T14:13:20Z","status":"on_hold","unassigned":false},{"date":"2026-09-22","endTime":"17:00","endsAt":"2099-09-21T22:13:20Z","id":7,"ownerId":2,"ownerName":"Anna","startTime":"09:00","startsAt":"2099-09-21T14:13:20Z","status":"supplied","unassigned":false}]"#
        let shifts = try JSONDecoder().decode([MarketShift].self, from: Data(json.utf8))
        #expect(shifts.map(\.status) == [.unknown("on_hold"), .supplied])
        #expect(ShiftListFormatter.status(shifts[0], language: .english) == "on hold")
        #expect(MarketBoard(shifts: shifts).rows.keys.sorted() == [7])
        #expect(ListTables.gridState(shifts[0]) == nil)
    }
}
