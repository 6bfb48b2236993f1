import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Marketplace refusals that name a person, as the wire shows them in English and Dutch: the
/// person is named by their display name (never "Member 12"), and a preview's rule findings say
/// the same sentences in the caller's language.
@Suite struct MarketplaceRefusalWireTests {
    @Test func aRefusalNamesThePersonByDisplayNameInEnglishAndDutch() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let cleo = try await server.createEmployee(in: boss, username: "cleo")
            // Bar is a tracked position once someone (bram) is qualified for it; anna is not.
            let qualified = try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar"]], token: boss.token)
            try #require(qualified.status < 300, "\(qualified.text)")
            let created = try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": bram.userID, "date": TestServer.localDate(in: 4).description, "startTime": "10:00", "durationMinutes": 240,
                "position": "bar",
            ], token: boss.token)
            let bar = try #require(created.json["id"] as? Int, "\(created.text)")
            let deactivated = try await server.client.json(.PATCH, "/api/v1/users/\(cleo.userID)", ["active": false], token: boss.token)
            try #require(deactivated.status == 200, "\(deactivated.text)")

            var wire = WireTranscript(server.client)
            try await wire.record("assign to the unqualified", .init(token: boss.token) {
                try await server.act("/shifts/\(bar)/assign", ["ownerId": anna.userID], as: boss)
            })
            try await wire.record("assign to the deactivated", .init(token: boss.token) {
                try await server.act("/shifts/\(bar)/assign", ["ownerId": cleo.userID], as: boss)
            })
            #expect(try await server.act("/shifts/\(bar)/supply", as: bram).status == 200)
            try await wire.record("pick-up by the unqualified", .init(token: anna.token) {
                try await server.act("/shifts/\(bar)/pick-up", as: anna)
            })
            let type = #""type":"https:\/\/shifty.example\/problems\/"#
            wire.expect([
                #"assign to the unqualified [en] 409 {"code":"not_qualified","detail":"Anna is not qualified for bar.","status":409,"title":"Not qualified for this position","#
                    + type + #"not_qualified"}"#,
                #"assign to the unqualified [nl] 409 {"code":"not_qualified","detail":"Anna is niet bevoegd voor bar.","status":409,"title":"Niet bevoegd voor deze functie","#
                    + type + #"not_qualified"}"#,
                #"assign to the deactivated [en] 409 {"code":"counterparty_inactive","detail":"Cleo is deactivated and cannot trade.","status":409,"title":"The other person is inactive","#
                    + type + #"counterparty_inactive"}"#,
                #"assign to the deactivated [nl] 409 {"code":"counterparty_inactive","detail":"Cleo is gedeactiveerd en kan niet ruilen.","status":409,"title":"De ander is niet meer actief","#
                    + type + #"counterparty_inactive"}"#,
                #"pick-up by the unqualified [en] 409 {"code":"not_qualified","detail":"Anna is not qualified for bar.","status":409,"title":"Not qualified for this position","#
                    + type + #"not_qualified"}"#,
                #"pick-up by the unqualified [nl] 409 {"code":"not_qualified","detail":"Anna is niet bevoegd voor bar.","status":409,"title":"Niet bevoegd voor deze functie","#
                    + type + #"not_qualified"}"#,
            ])
        }
    }

    @Test func aPreviewsFindingsNameThePersonInTheCallersLanguage() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let saved = try await server.client.json(
                .PATCH, "/api/v1/workplace", ["settings": ["hourLimits": ["maxWeeklyHours": ["limit": 2, "severity": "warn"]]]], token: boss.token)
            try #require(saved.status == 200, "settings: \(saved.text)")
            let shift = try await server.createShift(by: boss, for: bram, inDays: 4, at: "10:00", minutes: 210)
            let week = ISOWeek(containing: TestServer.localDate(in: 4)).description
            var said: [String: [String]] = [:]
            for language in ["en", "nl"] {
                let chosen = try await server.client.json(.PUT, "/api/v1/me/language", ["language": language], token: boss.token)
                try #require(chosen.status < 300, "\(chosen.text)")
                let preview = try await server.client.json(.GET, "/api/v1/shifts/\(shift)/preview?action=assign&ownerId=\(anna.userID)", token: boss.token)
                #expect(preview.status == 200 && preview.json["allowed"] as? Bool == true, "a warning only: \(preview.text)")
                let rules = try #require(preview.json["rules"] as? [[String: Any]], "\(preview.text)")
                said[language] = rules.map { "\($0["code"] ?? "") \($0["userName"] ?? ""): \($0["detail"] ?? "")" }
            }
            #expect(said["en"] == ["weekly_hours_exceeded Anna: Anna would work 3.5 hours in week \(week), more than 2."])
            #expect(said["nl"] == ["weekly_hours_exceeded Anna: Anna zou in week \(week) 3,5 uur werken, meer dan 2."])
        }
    }
}
