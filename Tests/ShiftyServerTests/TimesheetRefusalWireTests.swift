import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of timesheet approval, unlocking and punch edits on locked days as the wire shows
/// them, in English and Dutch. The rules live in the domain (`TimesheetDecider`); this pins what the
/// edge makes of them.
@Suite struct TimesheetRefusalWireTests {
    @Test func everyTimesheetRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            try await server.setEmployment(boss, userID: anna.userID, ["start": "2026-09-01"])
            let checkIn = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T07:00:00Z", kind: "in")
            let outside = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-12T07:00:00Z", kind: "in")
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }

            try await wire.record("review by employee", send(.GET, "/timesheets?from=2026-10-05&to=2026-10-11", as: anna))
            try await wire.record("review backwards", send(.GET, "/timesheets?from=2026-10-11&to=2026-10-05", as: boss))
            try await wire.record("review 32 days", send(.GET, "/timesheets?from=2026-10-01&to=2026-11-01", as: boss))
            try await wire.record("review another workplace's member", send(.GET, "/timesheets?from=2026-10-05&to=2026-10-11&userID=\(olga.userID)", as: boss))

            let week: [String: Any] = ["from": "2026-10-05", "to": "2026-10-11"]
            try await wire.record("approve by employee", send(.POST, "/timesheets/approvals", ["from": "2026-10-11", "to": "2026-10-05"], as: anna))
            try await wire.record("approve backwards", send(.POST, "/timesheets/approvals", ["from": "2026-10-11", "to": "2026-10-05"], as: boss))
            try await wire.record("approve 32 days", send(.POST, "/timesheets/approvals", ["from": "2026-10-01", "to": "2026-11-01"], as: boss))
            try await wire.record("approve a period not over", send(.POST, "/timesheets/approvals", ["from": "2099-10-05", "to": "2099-10-11"], as: boss))
            try await wire.record("approve another workplace's member", send(.POST, "/timesheets/approvals", week.merging(["userID": olga.userID]) { $1 }, as: boss))

            let approved = try await server.client.json(.POST, "/api/v1/timesheets/approvals", week, token: boss.token)
            let approval = try #require(approved.jsonArray.first?["id"] as? Int, "\(approved.text)")
            try await wire.record("add a punch on a locked day", send(.POST, "/punches", ["userID": anna.userID, "at": "2026-10-06T15:00:00Z", "kind": "out", "reason": "forgot"], as: boss))
            try await wire.record("move a locked punch", send(.PATCH, "/punches/\(checkIn)", ["at": "2026-10-05T06:30:00Z", "reason": "early"], as: boss))
            try await wire.record("move a punch onto a locked day", send(.PATCH, "/punches/\(outside)", ["at": "2026-10-11T07:00:00Z", "reason": "x"], as: boss))
            try await wire.record("delete a locked punch", send(.DELETE, "/punches/\(checkIn)?reason=dup", as: boss))
            try await wire.record("add a punch without a reason", send(.POST, "/punches", ["userID": anna.userID, "at": "2026-10-06T15:00:00Z", "kind": "out", "reason": " "], as: boss))

            try await wire.record("unlock by employee", send(.POST, "/timesheets/approvals/\(approval)/unlock", ["reason": "x"], as: anna))
            try await wire.record("unlock without a reason", send(.POST, "/timesheets/approvals/\(approval)/unlock", ["reason": " \n"], as: boss))
            try await wire.record("unlock with a long reason", send(.POST, "/timesheets/approvals/\(approval)/unlock", ["reason": String(repeating: "r", count: 501)], as: boss))
            try await wire.record("unlock unknown", send(.POST, "/timesheets/approvals/999999/unlock", ["reason": "x"], as: boss))
            try await wire.record("unlock another workplace's", send(.POST, "/timesheets/approvals/\(approval)/unlock", ["reason": "x"], as: other))
            let unlocked = try await server.client.json(.POST, "/api/v1/timesheets/approvals/\(approval)/unlock", ["reason": "Anna forgot"], token: boss.token)
            try #require(unlocked.status == 200, "\(unlocked.text)")
            try await wire.record("unlock twice", send(.POST, "/timesheets/approvals/\(approval)/unlock", ["reason": "again"], as: boss))

            // The approval's id stands in the sentences; the transcript names it.
            wire.expect(Self.expected.map { $0.replacingOccurrences(of: "{approval}", with: String(approval)) })
        }
    }

    static let expected: [String] = [
        #"review by employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"review by employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"review backwards [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 31 days (a week or a month)","errors":[{"detail":"must be on or after from, at most 31 days (a week or a month)","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"review backwards [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","errors":[{"detail":"moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"review 32 days [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 31 days (a week or a month)","errors":[{"detail":"must be on or after from, at most 31 days (a week or a month)","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"review 32 days [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","errors":[{"detail":"moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"review another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"review another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"approve by employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"approve by employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"approve backwards [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 31 days (a week or a month)","errors":[{"detail":"must be on or after from, at most 31 days (a week or a month)","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve backwards [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","errors":[{"detail":"moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve 32 days [en] 422 {"code":"validation_failed","detail":"to: must be on or after from, at most 31 days (a week or a month)","errors":[{"detail":"must be on or after from, at most 31 days (a week or a month)","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve 32 days [nl] 422 {"code":"validation_failed","detail":"to: moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","errors":[{"detail":"moet op of na from liggen, hoogstens 31 dagen (een week of een maand)","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve a period not over [en] 422 {"code":"validation_failed","detail":"to: a period can be approved once it is over (to must be before today)","errors":[{"detail":"a period can be approved once it is over (to must be before today)","field":"to"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve a period not over [nl] 422 {"code":"validation_failed","detail":"to: een periode kan pas worden goedgekeurd als hij voorbij is (to moet voor vandaag liggen)","errors":[{"detail":"een periode kan pas worden goedgekeurd als hij voorbij is (to moet voor vandaag liggen)","field":"to"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"approve another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"approve another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"add a punch on a locked day [en] 409 {"code":"timesheet_locked","detail":"2026-10-06 is in an approved timesheet (approval {approval}); a manager has to unlock it, with a reason, before its punches change.","status":409,"title":"The hours are locked","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"add a punch on a locked day [nl] 409 {"code":"timesheet_locked","detail":"2026-10-06 valt in goedgekeurde uren (goedkeuring {approval}); een manager moet die eerst met een reden vrijgeven voordat de klokmomenten kunnen veranderen.","status":409,"title":"De uren zijn vastgezet","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"move a locked punch [en] 409 {"code":"timesheet_locked","detail":"2026-10-05 is in an approved timesheet (approval {approval}); a manager has to unlock it, with a reason, before its punches change.","status":409,"title":"The hours are locked","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"move a locked punch [nl] 409 {"code":"timesheet_locked","detail":"2026-10-05 valt in goedgekeurde uren (goedkeuring {approval}); een manager moet die eerst met een reden vrijgeven voordat de klokmomenten kunnen veranderen.","status":409,"title":"De uren zijn vastgezet","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"move a punch onto a locked day [en] 409 {"code":"timesheet_locked","detail":"2026-10-11 is in an approved timesheet (approval {approval}); a manager has to unlock it, with a reason, before its punches change.","status":409,"title":"The hours are locked","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"move a punch onto a locked day [nl] 409 {"code":"timesheet_locked","detail":"2026-10-11 valt in goedgekeurde uren (goedkeuring {approval}); een manager moet die eerst met een reden vrijgeven voordat de klokmomenten kunnen veranderen.","status":409,"title":"De uren zijn vastgezet","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"delete a locked punch [en] 409 {"code":"timesheet_locked","detail":"2026-10-05 is in an approved timesheet (approval {approval}); a manager has to unlock it, with a reason, before its punches change.","status":409,"title":"The hours are locked","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"delete a locked punch [nl] 409 {"code":"timesheet_locked","detail":"2026-10-05 valt in goedgekeurde uren (goedkeuring {approval}); een manager moet die eerst met een reden vrijgeven voordat de klokmomenten kunnen veranderen.","status":409,"title":"De uren zijn vastgezet","type":"https:\/\/shifty.example\/problems\/timesheet_locked"}"#,
        #"add a punch without a reason [en] 422 {"code":"validation_failed","detail":"reason: must be 1 to 500 characters: say why the punch changes","errors":[{"detail":"must be 1 to 500 characters: say why the punch changes","field":"reason"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add a punch without a reason [nl] 422 {"code":"validation_failed","detail":"reason: moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","errors":[{"detail":"moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","field":"reason"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"unlock by employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"unlock by employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"unlock without a reason [en] 422 {"code":"validation_failed","detail":"reason: must be 1 to 500 characters: say why the punch changes","errors":[{"detail":"must be 1 to 500 characters: say why the punch changes","field":"reason"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"unlock without a reason [nl] 422 {"code":"validation_failed","detail":"reason: moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","errors":[{"detail":"moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","field":"reason"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"unlock with a long reason [en] 422 {"code":"validation_failed","detail":"reason: must be 1 to 500 characters: say why the punch changes","errors":[{"detail":"must be 1 to 500 characters: say why the punch changes","field":"reason"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"unlock with a long reason [nl] 422 {"code":"validation_failed","detail":"reason: moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","errors":[{"detail":"moet 1 tot 500 tekens lang zijn: zeg waarom het klokmoment verandert","field":"reason"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"unlock unknown [en] 404 {"code":"not_found","detail":"No such locked approval.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"unlock unknown [nl] 404 {"code":"not_found","detail":"Deze vastgezette goedkeuring bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"unlock another workplace's [en] 404 {"code":"not_found","detail":"No such locked approval.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"unlock another workplace's [nl] 404 {"code":"not_found","detail":"Deze vastgezette goedkeuring bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"unlock twice [en] 404 {"code":"not_found","detail":"No such locked approval.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"unlock twice [nl] 404 {"code":"not_found","detail":"Deze vastgezette goedkeuring bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
    ]
}
