import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of schedules, one-off shifts, shift edits, fixed shifts (who may manage them, which
/// ones exist) and the team schedule as the wire shows them, in English and Dutch. The marketplace's
/// own refusals are pinned elsewhere; the rules here live in the domain (`ShiftDraft`, `ShiftRules`).
@Suite struct ShiftRefusalWireTests {
    @Test func everyScheduleRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            let date = TestServer.localDate(in: 10).description
            let shift = try await server.createShift(by: boss, ownerID: anna.userID, on: date, at: "10:00", minutes: 240)
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }
            let oneOff: [String: Any] = ["ownerId": anna.userID, "date": date, "startTime": "18:00", "durationMinutes": 120]
            func with(_ changes: [String: Any]) -> [String: Any] { oneOff.merging(changes) { $1 } }
            let long = String(repeating: "p", count: 101)

            try await wire.record("schedule of another workplace's member", send(.GET, "/schedule?userId=\(olga.userID)", as: boss))
            try await wire.record("shift unknown", send(.GET, "/shifts/999999", as: anna))
            try await wire.record("shift of another workplace", send(.GET, "/shifts/\(shift)", as: olga))
            try await wire.record("history unknown", send(.GET, "/shifts/999999/history", as: anna))
            try await wire.record("team schedule backwards", send(.GET, "/team-schedule?from=2026-10-11&to=2026-10-05", as: anna))
            try await wire.record("team schedule over 62 days", send(.GET, "/team-schedule?from=2026-10-01&to=2026-12-02", as: anna))

            try await wire.record("create: unreadable date", send(.POST, "/shifts", with(["date": "tomorrow"]), as: boss))
            try await wire.record("create: unreadable time", send(.POST, "/shifts", with(["startTime": "6pm"]), as: boss))
            try await wire.record("create: no minutes", send(.POST, "/shifts", with(["durationMinutes": 0]), as: boss))
            try await wire.record("create: long position", send(.POST, "/shifts", with(["position": long]), as: boss))
            try await wire.record("create: position with a tab", send(.POST, "/shifts", with(["position": "Bar\tkeeper"]), as: boss))
            try await wire.record("create: owner elsewhere", send(.POST, "/shifts", with(["ownerId": olga.userID]), as: boss))
            try await wire.record("preview create: unreadable date", send(.POST, "/shifts/preview", with(["date": "2026-13-01"]), as: boss))
            try await wire.record("preview create: owner elsewhere", send(.POST, "/shifts/preview", with(["ownerId": olga.userID]), as: boss))

            try await wire.record("edit: unknown", send(.PATCH, "/shifts/999999", ["durationMinutes": 60], as: boss))
            try await wire.record("edit: unreadable time", send(.PATCH, "/shifts/\(shift)", ["startTime": "25:00"], as: boss))
            try await wire.record("edit: too long", send(.PATCH, "/shifts/\(shift)", ["durationMinutes": 100_000], as: boss))
            try await wire.record("edit: long position", send(.PATCH, "/shifts/\(shift)", ["position": long], as: boss))
            try await wire.record("edit: position with a line break", send(.PATCH, "/shifts/\(shift)", ["position": "Bar\nkeeper"], as: boss))
            try await wire.record("preview edit: unknown", send(.POST, "/shifts/999999/edit/preview", ["durationMinutes": 60], as: boss))
            try await wire.record("preview edit: unreadable time", send(.POST, "/shifts/\(shift)/edit/preview", ["startTime": "noon"], as: boss))
            try await wire.record("assign: owner elsewhere", send(.POST, "/shifts/\(shift)/assign", ["ownerId": olga.userID], as: boss))
            try await wire.record("copy week: unreadable date", send(.POST, "/shifts/copy-week", ["from": "last week"], as: boss))
            try await wire.record("preview copy week: unreadable date", send(.POST, "/shifts/copy-week/preview", ["from": ""], as: boss))

            let fixed: [String: Any] = ["weekday": 1, "startTime": "09:00", "durationMinutes": 480]
            try await wire.record("fixed: someone else's", send(.POST, "/fixed-shifts", fixed.merging(["ownerId": bram.userID]) { $1 }, as: anna))
            try await wire.record("fixed: preview someone else's", send(.POST, "/fixed-shifts/preview", fixed.merging(["ownerId": bram.userID]) { $1 }, as: anna))
            try await wire.record("fixed: owner elsewhere", send(.POST, "/fixed-shifts", fixed.merging(["ownerId": olga.userID]) { $1 }, as: boss))
            try await wire.record("fixed: edit unknown", send(.PATCH, "/fixed-shifts/999999", ["durationMinutes": 60], as: boss))
            try await wire.record("fixed: preview edit unknown", send(.POST, "/fixed-shifts/999999/preview", ["durationMinutes": 60], as: boss))
            try await wire.record("fixed: end unknown", send(.DELETE, "/fixed-shifts/999999", as: boss))
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", fixed.merging(["ownerId": bram.userID]) { $1 }, token: boss.token)
            let bramsRule = try #require(created.json["id"] as? Int, "\(created.text)")
            try await wire.record("fixed: edit someone else's", send(.PATCH, "/fixed-shifts/\(bramsRule)", ["durationMinutes": 60], as: anna))
            try await wire.record("fixed: end someone else's", send(.DELETE, "/fixed-shifts/\(bramsRule)", as: anna))
            let closed = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["employeesManageFixedShifts": false]], token: boss.token)
            try #require(closed.status == 200, "\(closed.text)")
            try await wire.record("fixed: own, left to managers", send(.POST, "/fixed-shifts", fixed, as: anna))

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"schedule of another workplace's member [en] 404 {"code":"not_found","detail":"No such member.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"schedule of another workplace's member [nl] 404 {"code":"not_found","detail":"Deze collega bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"shift unknown [en] 404 {"code":"not_found","detail":"No such shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"shift unknown [nl] 404 {"code":"not_found","detail":"Deze dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"shift of another workplace [en] 404 {"code":"not_found","detail":"No such shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"shift of another workplace [nl] 404 {"code":"not_found","detail":"Deze dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"history unknown [en] 404 {"code":"not_found","detail":"No such shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"history unknown [nl] 404 {"code":"not_found","detail":"Deze dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"team schedule backwards [en] 422 {"code":"validation_failed","detail":"to: must not be before from","errors":[{"detail":"must not be before from","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"team schedule backwards [nl] 422 {"code":"validation_failed","detail":"to: mag niet voor from liggen","errors":[{"detail":"mag niet voor from liggen","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"team schedule over 62 days [en] 422 {"code":"validation_failed","detail":"to: the range may span at most 62 days","errors":[{"detail":"the range may span at most 62 days","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"team schedule over 62 days [nl] 422 {"code":"validation_failed","detail":"to: het bereik mag hoogstens 62 dagen beslaan","errors":[{"detail":"het bereik mag hoogstens 62 dagen beslaan","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: unreadable date [en] 422 {"code":"validation_failed","detail":"date: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"date"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: unreadable date [nl] 422 {"code":"validation_failed","detail":"date: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"date"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: unreadable time [en] 422 {"code":"validation_failed","detail":"startTime: must be HH:MM","errors":[{"detail":"must be HH:MM","field":"startTime"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: unreadable time [nl] 422 {"code":"validation_failed","detail":"startTime: moet een tijd zijn (UU:MM)","errors":[{"detail":"moet een tijd zijn (UU:MM)","field":"startTime"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: no minutes [en] 422 {"code":"validation_failed","detail":"durationMinutes: must be between 1 and 1440","errors":[{"detail":"must be between 1 and 1440","field":"durationMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: no minutes [nl] 422 {"code":"validation_failed","detail":"durationMinutes: moet tussen 1 en 1440 liggen","errors":[{"detail":"moet tussen 1 en 1440 liggen","field":"durationMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: long position [en] 422 {"code":"validation_failed","detail":"position: must be at most 100 characters","errors":[{"detail":"must be at most 100 characters","field":"position"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: long position [nl] 422 {"code":"validation_failed","detail":"position: mag hoogstens 100 tekens lang zijn","errors":[{"detail":"mag hoogstens 100 tekens lang zijn","field":"position"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: position with a tab [en] 422 {"code":"validation_failed","detail":"position: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"position"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: position with a tab [nl] 422 {"code":"validation_failed","detail":"position: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"position"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: owner elsewhere [en] 422 {"code":"validation_failed","detail":"ownerId: is not a member of this workplace","errors":[{"detail":"is not a member of this workplace","field":"ownerId"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create: owner elsewhere [nl] 422 {"code":"validation_failed","detail":"ownerId: is geen lid van deze werkplek","errors":[{"detail":"is geen lid van deze werkplek","field":"ownerId"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview create: unreadable date [en] 422 {"code":"validation_failed","detail":"date: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"date"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview create: unreadable date [nl] 422 {"code":"validation_failed","detail":"date: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"date"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview create: owner elsewhere [en] 422 {"code":"validation_failed","detail":"ownerId: is not a member of this workplace","errors":[{"detail":"is not a member of this workplace","field":"ownerId"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview create: owner elsewhere [nl] 422 {"code":"validation_failed","detail":"ownerId: is geen lid van deze werkplek","errors":[{"detail":"is geen lid van deze werkplek","field":"ownerId"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: unknown [en] 404 {"code":"not_found","detail":"No such shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"edit: unknown [nl] 404 {"code":"not_found","detail":"Deze dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"edit: unreadable time [en] 422 {"code":"validation_failed","detail":"startTime: must be HH:MM","errors":[{"detail":"must be HH:MM","field":"startTime"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: unreadable time [nl] 422 {"code":"validation_failed","detail":"startTime: moet een tijd zijn (UU:MM)","errors":[{"detail":"moet een tijd zijn (UU:MM)","field":"startTime"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: too long [en] 422 {"code":"validation_failed","detail":"durationMinutes: must be between 1 and 1440","errors":[{"detail":"must be between 1 and 1440","field":"durationMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: too long [nl] 422 {"code":"validation_failed","detail":"durationMinutes: moet tussen 1 en 1440 liggen","errors":[{"detail":"moet tussen 1 en 1440 liggen","field":"durationMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: long position [en] 422 {"code":"validation_failed","detail":"position: must be at most 100 characters","errors":[{"detail":"must be at most 100 characters","field":"position"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: long position [nl] 422 {"code":"validation_failed","detail":"position: mag hoogstens 100 tekens lang zijn","errors":[{"detail":"mag hoogstens 100 tekens lang zijn","field":"position"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: position with a line break [en] 422 {"code":"validation_failed","detail":"position: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"position"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"edit: position with a line break [nl] 422 {"code":"validation_failed","detail":"position: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"position"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview edit: unknown [en] 404 {"code":"not_found","detail":"No such shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"preview edit: unknown [nl] 404 {"code":"not_found","detail":"Deze dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"preview edit: unreadable time [en] 422 {"code":"validation_failed","detail":"startTime: must be HH:MM","errors":[{"detail":"must be HH:MM","field":"startTime"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview edit: unreadable time [nl] 422 {"code":"validation_failed","detail":"startTime: moet een tijd zijn (UU:MM)","errors":[{"detail":"moet een tijd zijn (UU:MM)","field":"startTime"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"assign: owner elsewhere [en] 422 {"code":"validation_failed","detail":"ownerId: is not a member of this workplace","errors":[{"detail":"is not a member of this workplace","field":"ownerId"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"assign: owner elsewhere [nl] 422 {"code":"validation_failed","detail":"ownerId: is geen lid van deze werkplek","errors":[{"detail":"is geen lid van deze werkplek","field":"ownerId"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"copy week: unreadable date [en] 422 {"code":"validation_failed","detail":"from: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"from"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"copy week: unreadable date [nl] 422 {"code":"validation_failed","detail":"from: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"from"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview copy week: unreadable date [en] 422 {"code":"validation_failed","detail":"from: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"from"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"preview copy week: unreadable date [nl] 422 {"code":"validation_failed","detail":"from: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"from"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"fixed: someone else's [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: someone else's [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: preview someone else's [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: preview someone else's [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: owner elsewhere [en] 422 {"code":"validation_failed","detail":"ownerId: is not an active member of this workplace","errors":[{"detail":"is not an active member of this workplace","field":"ownerId"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"fixed: owner elsewhere [nl] 422 {"code":"validation_failed","detail":"ownerId: is geen actief lid van deze werkplek","errors":[{"detail":"is geen actief lid van deze werkplek","field":"ownerId"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"fixed: edit unknown [en] 404 {"code":"not_found","detail":"No such fixed shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: edit unknown [nl] 404 {"code":"not_found","detail":"Deze vaste dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: preview edit unknown [en] 404 {"code":"not_found","detail":"No such fixed shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: preview edit unknown [nl] 404 {"code":"not_found","detail":"Deze vaste dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: end unknown [en] 404 {"code":"not_found","detail":"No such fixed shift.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: end unknown [nl] 404 {"code":"not_found","detail":"Deze vaste dienst bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"fixed: edit someone else's [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: edit someone else's [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: end someone else's [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: end someone else's [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"fixed: own, left to managers [en] 403 {"code":"fixed_shifts_managed_by_managers","detail":"In this workplace only managers edit fixed shifts.","status":403,"title":"Managers manage fixed shifts here","type":"https:\/\/shifty.example\/problems\/fixed_shifts_managed_by_managers"}"#,
        #"fixed: own, left to managers [nl] 403 {"code":"fixed_shifts_managed_by_managers","detail":"In deze werkplek passen alleen managers vaste diensten aan.","status":403,"title":"Vaste diensten regelt hier de manager","type":"https:\/\/shifty.example\/problems\/fixed_shifts_managed_by_managers"}"#,
    ]
}
