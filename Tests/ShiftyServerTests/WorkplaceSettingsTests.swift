import Foundation
@testable import ShiftyFeatures
@testable import ShiftyServer
@testable import ShiftyServerCore
import ShiftyTestSupport
import Testing

/// One type for a workplace's settings, decoded once and strictly.
@Suite struct WorkplaceSettingsTests {
    @Test func missingKeysTakeTheBaseWrongTypesFail() throws {
        let defaults = try JSONDecoder().decode(StoredWorkplaceSettings.self, from: Data("{}".utf8))
        #expect(defaults == StoredWorkplaceSettings())
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StoredWorkplaceSettings.self, from: Data(#"{"onePerDay": "yes"}"#.utf8))
        }
        var current = StoredWorkplaceSettings()
        current.autoApprove = true
        current.reminderMinutesBefore = 30
        let patched = try current.applying(patch: Data(#"{"onePerDay": false}"#.utf8))
        #expect(patched.autoApprove && !patched.onePerDay && patched.reminderMinutesBefore == 30)
        // A wrong type in a patch names the field as the client sent it, under `settings`.
        let wrong = #expect(throws: DecodingError.self) { try current.applying(patch: Data(#"{"autoApprove": 1}"#.utf8)) }
        #expect(wrong.map { Problem(decoding: $0).errors.map(\.field) } == ["settings.autoApprove"])
        #expect(patched.marketplace.autoApprove && !patched.marketplace.onePerDay)
    }

    @Test func aCorruptRowIsAnErrorNotTheDefaults() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.pool.execute(
                #"UPDATE workplaces SET settings = '{"onePerDay": "sometimes"}'::jsonb WHERE id = $1"#, [boss.workplaceID])
            let read = try await server.client.json(.GET, "/api/v1/workplace", token: boss.token)
            #expect(read.status == 500, "\(read.text)")
            #expect(read.problemCode == "internal_error")
        }
    }

    @Test func corruptTimeclockRulesAreAnErrorNotTheSeedsRules() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/rules", token: boss.token).status == 200)
            _ = try await server.pool.execute(
                #"UPDATE workplaces SET settings = jsonb_set(settings, '{timeclock}', '{"diligenceAbsenceCap": "two"}'::jsonb) WHERE id = $1"#,
                [boss.workplaceID])
            let read = try await server.client.json(.GET, "/api/v1/timeclock/rules", token: boss.token)
            #expect(read.status == 500, "\(read.text)")
        }
    }

    @Test func aPatchChangesOnlyTheGivenSwitchesAndKeepsTheTimeclockRules() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            #expect(try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["autoApprove": true]], token: boss.token).status == 200)
            _ = try await server.pool.execute(
                #"UPDATE workplaces SET settings = jsonb_set(settings, '{timeclock}', '{"diligenceAbsenceCap": 2}'::jsonb) WHERE id = $1"#,
                [boss.workplaceID])
            let changed = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false]], token: boss.token)
            #expect(changed.status == 200, "\(changed.text)")
            let settings = try #require(changed.json["settings"] as? [String: Any])
            #expect(settings["autoApprove"] as? Bool == true)
            #expect(settings["onePerDay"] as? Bool == false)
            let kept = try await server.pool.query("SELECT settings->'timeclock'->>'diligenceAbsenceCap' AS cap FROM workplaces WHERE id = $1", [boss.workplaceID])
            #expect(try kept.first?.decode("cap", as: String?.self) == "2")

            let wrong = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["onePerDay": "no"]], token: boss.token)
            #expect(wrong.status == 422)
            let fields = (wrong.json["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String }
            #expect(fields == ["settings.onePerDay"])
            let notObject = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": 5], token: boss.token)
            #expect(notObject.status == 422)
            let badLead = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["reminderMinutesBefore": 3]], token: boss.token)
            #expect(badLead.status == 422)
        }
    }
}
