import Foundation
import ShiftyTestSupport
import Testing

/// What schemathesis found where openapi.yaml and the server disagreed (issue 26), each through HTTP.
@Suite struct SpecAgreementTests {
    @Test func nullIsRefusedWhereTheSpecDoesNotAllowIt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let active = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["active": NSNull()], token: boss.token)
            #expect(active.status == 422)
            #expect(active.problemCode == "validation_failed")
            #expect(active.text.contains("active"))
            let stillActive = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token).json
            #expect(stillActive["active"] as? Bool == true)

            let language = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["language": NSNull()]], token: boss.token)
            #expect(language.status == 422)
            #expect(language.text.contains("settings.language"))

            let role = try await server.client.json(.POST, "/api/v1/invites", ["role": NSNull()], token: boss.token)
            #expect(role.status == 422)

            // Where the spec gives null a meaning, it keeps it.
            #expect(try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": NSNull()], token: boss.token).status == 200)
            #expect(try await server.client.json(.PUT, "/api/v1/me/language", ["language": NSNull()], token: boss.token).status == 200)
            #expect(try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["hourLimits": ["maxWeeklyHours": NSNull()]]], token: boss.token).status == 200)
        }
    }

    @Test func theLiveRouteChecksItsParametersBeforeAskingForAnUpgrade() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let huge = try await server.client.json(.GET, "/api/v1/live?after=9223372036854775808", token: boss.token)
            #expect(huge.status == 400)
            #expect(huge.problemCode == "invalid_parameter")
            let plain = try await server.client.json(.GET, "/api/v1/live?after=12", token: boss.token)
            #expect(plain.status == 426)
        }
    }
}
