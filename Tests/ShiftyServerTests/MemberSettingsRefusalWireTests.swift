import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of qualifications, hour limits, weekly availability, reports, marketplace requests,
/// deals and trades as the wire shows them, in English and Dutch (the marketplace's own decisions
/// are pinned elsewhere). The rules live in the domain; this pins what the edge makes of them.
@Suite struct MemberSettingsRefusalWireTests {
    @Test func everyMemberSettingRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: Any? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }

            try await wire.record("qualifications: blank", send(.PUT, "/users/\(anna.userID)/qualifications", ["positions": ["Bar", " "]], as: boss))
            try await wire.record("qualifications: long", send(.PUT, "/users/\(anna.userID)/qualifications", ["positions": [String(repeating: "q", count: 101)]], as: boss))
            try await wire.record("qualifications: tab", send(.PUT, "/users/\(anna.userID)/qualifications", ["positions": ["Bar\tkeeper"]], as: boss))
            try await wire.record("qualifications: too many", send(.PUT, "/users/\(anna.userID)/qualifications", ["positions": (0...50).map { "Position \($0)" }], as: boss))
            try await wire.record("qualifications: another workplace's member", send(.PUT, "/users/\(olga.userID)/qualifications", ["positions": ["Bar"]], as: boss))
            try await wire.record("hour limits: zero", send(.PUT, "/users/\(anna.userID)/hour-limits", ["maxWeeklyHours": 0], as: boss))
            try await wire.record("hour limits: huge", send(.PUT, "/users/\(anna.userID)/hour-limits", ["minRestHours": 10_001], as: boss))
            try await wire.record("hour limits: another workplace's member", send(.PUT, "/users/\(olga.userID)/hour-limits", ["maxShiftHours": 8], as: boss))

            let entry: [String: Any] = ["weekday": 1, "from": "09:00", "to": "17:00", "kind": "preferred"]
            try await wire.record("availability: someone else's", send(.PUT, "/users/\(bram.userID)/availability", ["entries": [entry]], as: anna))
            try await wire.record("availability: too many", send(.PUT, "/users/\(anna.userID)/availability", ["entries": Array(repeating: entry, count: 51)], as: anna))
            try await wire.record("availability: another workplace's member", send(.PUT, "/users/\(olga.userID)/availability", ["entries": [entry]], as: boss))

            try await wire.record("report: another workplace's member", send(.GET, "/reports/monthly?month=2026-10&userID=\(olga.userID)", as: boss))
            try await wire.record("chart: another workplace's member", send(.GET, "/reports/chart?range=30d&userID=\(olga.userID)", as: boss))

            try await wire.record("requests: unreadable date", send(.POST, "/requests", ["dates": [TestServer.localDate(in: 5).description, "soon"]], as: anna))
            try await wire.record("deal: unknown", send(.GET, "/deals/999999", as: anna))
            try await wire.record("trades: backwards", send(.GET, "/trades?from=2026-10-11&to=2026-10-05", as: boss))
            try await wire.record("trades: over a year", send(.GET, "/trades?from=2026-01-01&to=2027-01-03", as: boss))

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"qualifications: blank [en] 422 {"code":"validation_failed","detail":"positions: each position must be 1 to 100 characters","errors":[{"detail":"each position must be 1 to 100 characters","field":"positions"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: blank [nl] 422 {"code":"validation_failed","detail":"positions: elke functie moet 1 tot 100 tekens lang zijn","errors":[{"detail":"elke functie moet 1 tot 100 tekens lang zijn","field":"positions"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: long [en] 422 {"code":"validation_failed","detail":"positions: each position must be 1 to 100 characters","errors":[{"detail":"each position must be 1 to 100 characters","field":"positions"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: long [nl] 422 {"code":"validation_failed","detail":"positions: elke functie moet 1 tot 100 tekens lang zijn","errors":[{"detail":"elke functie moet 1 tot 100 tekens lang zijn","field":"positions"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: tab [en] 422 {"code":"validation_failed","detail":"positions: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"positions"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: tab [nl] 422 {"code":"validation_failed","detail":"positions: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"positions"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: too many [en] 422 {"code":"validation_failed","detail":"positions: at most 50 positions","errors":[{"detail":"at most 50 positions","field":"positions"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: too many [nl] 422 {"code":"validation_failed","detail":"positions: hoogstens 50 functies","errors":[{"detail":"hoogstens 50 functies","field":"positions"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"qualifications: another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"qualifications: another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"hour limits: zero [en] 422 {"code":"validation_failed","detail":"maxWeeklyHours: must be between 1 and 10000","errors":[{"detail":"must be between 1 and 10000","field":"maxWeeklyHours"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"hour limits: zero [nl] 422 {"code":"validation_failed","detail":"maxWeeklyHours: moet tussen 1 en 10000 liggen","errors":[{"detail":"moet tussen 1 en 10000 liggen","field":"maxWeeklyHours"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"hour limits: huge [en] 422 {"code":"validation_failed","detail":"minRestHours: must be between 1 and 10000","errors":[{"detail":"must be between 1 and 10000","field":"minRestHours"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"hour limits: huge [nl] 422 {"code":"validation_failed","detail":"minRestHours: moet tussen 1 en 10000 liggen","errors":[{"detail":"moet tussen 1 en 10000 liggen","field":"minRestHours"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"hour limits: another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"hour limits: another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"availability: someone else's [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"availability: someone else's [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"availability: too many [en] 422 {"code":"validation_failed","detail":"entries: at most 50 entries","errors":[{"detail":"at most 50 entries","field":"entries"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"availability: too many [nl] 422 {"code":"validation_failed","detail":"entries: hoogstens 50 tijdvakken","errors":[{"detail":"hoogstens 50 tijdvakken","field":"entries"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"availability: another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"availability: another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"report: another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"report: another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"chart: another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"chart: another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"requests: unreadable date [en] 422 {"code":"validation_failed","detail":"dates.1: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"dates.1"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"requests: unreadable date [nl] 422 {"code":"validation_failed","detail":"dates.1: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"dates.1"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"deal: unknown [en] 404 {"code":"not_found","detail":"No such deal.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"deal: unknown [nl] 404 {"code":"not_found","detail":"Deze ruil bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"trades: backwards [en] 422 {"code":"validation_failed","detail":"to: must be on or after 'from' and at most a year later","errors":[{"detail":"must be on or after 'from' and at most a year later","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"trades: backwards [nl] 422 {"code":"validation_failed","detail":"to: moet op of na 'from' liggen en hoogstens een jaar later","errors":[{"detail":"moet op of na 'from' liggen en hoogstens een jaar later","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"trades: over a year [en] 422 {"code":"validation_failed","detail":"to: must be on or after 'from' and at most a year later","errors":[{"detail":"must be on or after 'from' and at most a year later","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"trades: over a year [nl] 422 {"code":"validation_failed","detail":"to: moet op of na 'from' liggen en hoogstens een jaar later","errors":[{"detail":"moet op of na 'from' liggen en hoogstens een jaar later","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
    ]
}
