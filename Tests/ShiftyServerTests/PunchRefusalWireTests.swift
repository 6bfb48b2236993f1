import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of managers' punch edits, a member's days and the timeclock rules as the wire
/// shows them, in English and Dutch (a locked day is `TimesheetRefusalWireTests`'). The rules live
/// in the domain (`PunchEditDecider`, `TimeclockRules`); this pins what the edge makes of them.
@Suite struct PunchRefusalWireTests {
    @Test func everyPunchRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            let punch = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T07:00:00Z", kind: "in")
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }
            let tomorrow = ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))

            try await wire.record("add in the future", send(.POST, "/punches", ["userID": anna.userID, "at": tomorrow, "kind": "in", "reason": "x"], as: boss))
            try await wire.record("add before 2000", send(.POST, "/punches", ["userID": anna.userID, "at": "1999-12-31T07:00:00Z", "kind": "in", "reason": "x"], as: boss))
            try await wire.record("add for another workplace's member", send(.POST, "/punches", ["userID": olga.userID, "at": "2026-10-05T07:00:00Z", "kind": "in", "reason": "x"], as: boss))
            try await wire.record("move to nothing new", send(.PATCH, "/punches/\(punch)", ["reason": "x"], as: boss))
            try await wire.record("move into the future", send(.PATCH, "/punches/\(punch)", ["at": tomorrow, "reason": "x"], as: boss))
            try await wire.record("move unknown", send(.PATCH, "/punches/999999", ["kind": "out", "reason": "x"], as: boss))
            try await wire.record("move another workplace's", send(.PATCH, "/punches/\(punch)", ["kind": "out", "reason": "x"], as: other))
            try await wire.record("delete unknown", send(.DELETE, "/punches/999999?reason=dup", as: boss))

            try await wire.record("days of another member", send(.GET, "/timeclock/days?from=2026-10-01&to=2026-10-31&userID=\(bram.userID)", as: anna))
            try await wire.record("days backwards", send(.GET, "/timeclock/days?from=2026-10-31&to=2026-10-01", as: anna))
            try await wire.record("days over a year", send(.GET, "/timeclock/days?from=2026-01-01&to=2027-01-03", as: anna))
            try await wire.record("days of another workplace's member", send(.GET, "/timeclock/days?from=2026-10-01&to=2026-10-31&userID=\(olga.userID)", as: boss))

            let outOfRange: [(String, Any)] = [
                ("mondayToFridayQuotaMinutes", 1501), ("saturdayQuotaMinutes", -1), ("sundayQuotaMinutes", 1501),
                ("dailyOvertimeFloorMinutes", 1), ("weeklyOvertimeFloorMinutes", -10501), ("monthlyOvertimeFloorMinutes", 1),
                ("diligenceAbsenceCap", 32), ("scheduleToleranceMinutes", 241),
                ("breakRules", (0..<6).map { ["afterMinutes": 60 * $0, "breakMinutes": 15] }),
                ("breakRules", [["afterMinutes": 330, "breakMinutes": 0]]),
            ]
            for (field, value) in outOfRange {
                try await wire.record("rules: \(field)", send(.PUT, "/timeclock/rules", [field: value], as: boss))
            }

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"add in the future [en] 422 {"code":"punch_in_future","detail":"A punch cannot be set in the future.","status":422,"title":"A punch cannot be in the future","type":"https:\/\/shifty.example\/problems\/punch_in_future"}"#,
        #"add in the future [nl] 422 {"code":"punch_in_future","detail":"Een klokmoment kan niet in de toekomst liggen.","status":422,"title":"Een klokmoment kan niet in de toekomst liggen","type":"https:\/\/shifty.example\/problems\/punch_in_future"}"#,
        #"add before 2000 [en] 422 {"code":"validation_failed","detail":"at: must be after the year 2000","errors":[{"detail":"must be after the year 2000","field":"at"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add before 2000 [nl] 422 {"code":"validation_failed","detail":"at: moet na het jaar 2000 liggen","errors":[{"detail":"moet na het jaar 2000 liggen","field":"at"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add for another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"add for another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"move to nothing new [en] 422 {"code":"validation_failed","detail":"at: send a new time, a new kind, or both","errors":[{"detail":"send a new time, a new kind, or both","field":"at"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"move to nothing new [nl] 422 {"code":"validation_failed","detail":"at: stuur een nieuwe tijd, een nieuwe soort of allebei","errors":[{"detail":"stuur een nieuwe tijd, een nieuwe soort of allebei","field":"at"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"move into the future [en] 422 {"code":"punch_in_future","detail":"A punch cannot be set in the future.","status":422,"title":"A punch cannot be in the future","type":"https:\/\/shifty.example\/problems\/punch_in_future"}"#,
        #"move into the future [nl] 422 {"code":"punch_in_future","detail":"Een klokmoment kan niet in de toekomst liggen.","status":422,"title":"Een klokmoment kan niet in de toekomst liggen","type":"https:\/\/shifty.example\/problems\/punch_in_future"}"#,
        #"move unknown [en] 404 {"code":"not_found","detail":"No such punch.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"move unknown [nl] 404 {"code":"not_found","detail":"Dit klokmoment bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"move another workplace's [en] 404 {"code":"not_found","detail":"No such punch.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"move another workplace's [nl] 404 {"code":"not_found","detail":"Dit klokmoment bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"delete unknown [en] 404 {"code":"not_found","detail":"No such punch.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"delete unknown [nl] 404 {"code":"not_found","detail":"Dit klokmoment bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"days of another member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"days of another member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"days backwards [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 366 days later","errors":[{"detail":"must be on or after from, at most 366 days later","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"days backwards [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 366 dagen later","errors":[{"detail":"moet op of na from liggen, hoogstens 366 dagen later","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"days over a year [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 366 days later","errors":[{"detail":"must be on or after from, at most 366 days later","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"days over a year [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 366 dagen later","errors":[{"detail":"moet op of na from liggen, hoogstens 366 dagen later","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"days of another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"days of another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"rules: mondayToFridayQuotaMinutes [en] 422 {"code":"validation_failed","detail":"mondayToFridayQuotaMinutes: must be between 0 and 1500","errors":[{"detail":"must be between 0 and 1500","field":"mondayToFridayQuotaMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: mondayToFridayQuotaMinutes [nl] 422 {"code":"validation_failed","detail":"mondayToFridayQuotaMinutes: moet tussen 0 en 1500 liggen","errors":[{"detail":"moet tussen 0 en 1500 liggen","field":"mondayToFridayQuotaMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: saturdayQuotaMinutes [en] 422 {"code":"validation_failed","detail":"saturdayQuotaMinutes: must be between 0 and 1500, or null","errors":[{"detail":"must be between 0 and 1500, or null","field":"saturdayQuotaMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: saturdayQuotaMinutes [nl] 422 {"code":"validation_failed","detail":"saturdayQuotaMinutes: moet tussen 0 en 1500 liggen, of null zijn","errors":[{"detail":"moet tussen 0 en 1500 liggen, of null zijn","field":"saturdayQuotaMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: sundayQuotaMinutes [en] 422 {"code":"validation_failed","detail":"sundayQuotaMinutes: must be between 0 and 1500, or null","errors":[{"detail":"must be between 0 and 1500, or null","field":"sundayQuotaMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: sundayQuotaMinutes [nl] 422 {"code":"validation_failed","detail":"sundayQuotaMinutes: moet tussen 0 en 1500 liggen, of null zijn","errors":[{"detail":"moet tussen 0 en 1500 liggen, of null zijn","field":"sundayQuotaMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: dailyOvertimeFloorMinutes [en] 422 {"code":"validation_failed","detail":"dailyOvertimeFloorMinutes: must be between -1500 and 0","errors":[{"detail":"must be between -1500 and 0","field":"dailyOvertimeFloorMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: dailyOvertimeFloorMinutes [nl] 422 {"code":"validation_failed","detail":"dailyOvertimeFloorMinutes: moet tussen -1500 en 0 liggen","errors":[{"detail":"moet tussen -1500 en 0 liggen","field":"dailyOvertimeFloorMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: weeklyOvertimeFloorMinutes [en] 422 {"code":"validation_failed","detail":"weeklyOvertimeFloorMinutes: must be between -10500 and 0","errors":[{"detail":"must be between -10500 and 0","field":"weeklyOvertimeFloorMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: weeklyOvertimeFloorMinutes [nl] 422 {"code":"validation_failed","detail":"weeklyOvertimeFloorMinutes: moet tussen -10500 en 0 liggen","errors":[{"detail":"moet tussen -10500 en 0 liggen","field":"weeklyOvertimeFloorMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: monthlyOvertimeFloorMinutes [en] 422 {"code":"validation_failed","detail":"monthlyOvertimeFloorMinutes: must be between -46500 and 0","errors":[{"detail":"must be between -46500 and 0","field":"monthlyOvertimeFloorMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: monthlyOvertimeFloorMinutes [nl] 422 {"code":"validation_failed","detail":"monthlyOvertimeFloorMinutes: moet tussen -46500 en 0 liggen","errors":[{"detail":"moet tussen -46500 en 0 liggen","field":"monthlyOvertimeFloorMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: diligenceAbsenceCap [en] 422 {"code":"validation_failed","detail":"diligenceAbsenceCap: must be between 0 and 31","errors":[{"detail":"must be between 0 and 31","field":"diligenceAbsenceCap"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: diligenceAbsenceCap [nl] 422 {"code":"validation_failed","detail":"diligenceAbsenceCap: moet tussen 0 en 31 liggen","errors":[{"detail":"moet tussen 0 en 31 liggen","field":"diligenceAbsenceCap"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: scheduleToleranceMinutes [en] 422 {"code":"validation_failed","detail":"scheduleToleranceMinutes: must be between 0 and 240","errors":[{"detail":"must be between 0 and 240","field":"scheduleToleranceMinutes"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: scheduleToleranceMinutes [nl] 422 {"code":"validation_failed","detail":"scheduleToleranceMinutes: moet tussen 0 en 240 liggen","errors":[{"detail":"moet tussen 0 en 240 liggen","field":"scheduleToleranceMinutes"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: breakRules [en] 422 {"code":"validation_failed","detail":"breakRules: at most 5 rules","errors":[{"detail":"at most 5 rules","field":"breakRules"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: breakRules [nl] 422 {"code":"validation_failed","detail":"breakRules: hoogstens 5 regels","errors":[{"detail":"hoogstens 5 regels","field":"breakRules"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: breakRules [en] 422 {"code":"validation_failed","detail":"breakRules: afterMinutes must be between 0 and 1500 and breakMinutes between 1 and 240","errors":[{"detail":"afterMinutes must be between 0 and 1500 and breakMinutes between 1 and 240","field":"breakRules"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"rules: breakRules [nl] 422 {"code":"validation_failed","detail":"breakRules: afterMinutes moet tussen 0 en 1500 liggen en breakMinutes tussen 1 en 240","errors":[{"detail":"afterMinutes moet tussen 0 en 1500 liggen en breakMinutes tussen 1 en 240","field":"breakRules"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
    ]
}
