import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of employment terms and "My hours" as the wire shows them, in English and Dutch.
/// The rules live in the domain (`EmploymentDecider`); this pins what the edge makes of them.
@Suite struct EmploymentRefusalWireTests {
    @Test func everyEmploymentRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            try await server.setEmployment(boss, userID: anna.userID, ["start": "2026-09-01"])
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }

            try await wire.record("read another member's", send(.GET, "/users/\(bram.userID)/employment", as: anna))
            try await wire.record("read another workplace's member's", send(.GET, "/users/\(olga.userID)/employment", as: boss))
            try await wire.record("set another workplace's member's", send(.PUT, "/users/\(olga.userID)/employment", ["start": "2026-09-01"], as: boss))
            try await wire.record("contract below zero", send(.PUT, "/users/\(anna.userID)/employment", ["contractMinutesPerWeek": -1], as: boss))
            try await wire.record("contract over a week", send(.PUT, "/users/\(anna.userID)/employment", ["contractMinutesPerWeek": 10081], as: boss))
            try await wire.record("end before start", send(.PUT, "/users/\(anna.userID)/employment", ["end": "2026-08-31"], as: boss))
            try await wire.record("end before a new start", send(.PUT, "/users/\(anna.userID)/employment", ["start": "2026-10-01", "end": "2026-09-30"], as: boss))

            try await wire.record("hours of another member", send(.GET, "/timeclock/my-hours?userID=\(bram.userID)", as: anna))
            try await wire.record("hours of another workplace's member", send(.GET, "/timeclock/my-hours?userID=\(olga.userID)", as: boss))

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"read another member's [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"read another member's [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"read another workplace's member's [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"read another workplace's member's [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"set another workplace's member's [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"set another workplace's member's [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"contract below zero [en] 422 {"code":"validation_failed","detail":"contractMinutesPerWeek: must be between 0 and 10080 minutes, or null","errors":[{"detail":"must be between 0 and 10080 minutes, or null","field":"contractMinutesPerWeek"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"contract below zero [nl] 422 {"code":"validation_failed","detail":"contractMinutesPerWeek: moet tussen 0 en 10080 minuten liggen, of null zijn","errors":[{"detail":"moet tussen 0 en 10080 minuten liggen, of null zijn","field":"contractMinutesPerWeek"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"contract over a week [en] 422 {"code":"validation_failed","detail":"contractMinutesPerWeek: must be between 0 and 10080 minutes, or null","errors":[{"detail":"must be between 0 and 10080 minutes, or null","field":"contractMinutesPerWeek"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"contract over a week [nl] 422 {"code":"validation_failed","detail":"contractMinutesPerWeek: moet tussen 0 en 10080 minuten liggen, of null zijn","errors":[{"detail":"moet tussen 0 en 10080 minuten liggen, of null zijn","field":"contractMinutesPerWeek"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"end before start [en] 422 {"code":"validation_failed","detail":"end: must be on or after start","errors":[{"detail":"must be on or after start","field":"end"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"end before start [nl] 422 {"code":"validation_failed","detail":"end: moet op of na start liggen","errors":[{"detail":"moet op of na start liggen","field":"end"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"end before a new start [en] 422 {"code":"validation_failed","detail":"end: must be on or after start","errors":[{"detail":"must be on or after start","field":"end"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"end before a new start [nl] 422 {"code":"validation_failed","detail":"end: moet op of na start liggen","errors":[{"detail":"moet op of na start liggen","field":"end"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"hours of another member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"hours of another member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"hours of another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"hours of another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
    ]
}
