import Foundation
import ShiftyTestSupport
import Testing

@Suite struct IsolationTests {
    @Test func anotherWorkplacesMembersAreNotFound() async throws {
        try await TestServer.with { server in
            let first = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: first, username: "anna")
            let second = try await server.createWorkplace()

            let read = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: second.token)
            #expect(read.status == 404)
            #expect(read.problemCode == "not_found")
            let patch = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["active": false], token: second.token)
            #expect(patch.status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: anna.token).status == 200, "the PATCH changed nothing")

            let list = try await server.client.json(.GET, "/api/v1/users?includeInactive=true", token: second.token)
            let usernames = list.jsonArray.compactMap { $0["username"] as? String }
            #expect(usernames == ["boss"])

            let invite = try await server.client.json(.POST, "/api/v1/invites", [:], token: first.token)
            let inviteID = try #require(invite.json["id"] as? Int)
            #expect(try await server.client.json(.DELETE, "/api/v1/invites/\(inviteID)", token: second.token).status == 404)
        }
    }

    @Test func searchFindsMembersByNameAsYouType() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.createEmployee(in: boss, username: "anna")
            _ = try await server.createEmployee(in: boss, username: "annabel")
            _ = try await server.createEmployee(in: boss, username: "bram")
            let found = try await server.client.json(.GET, "/api/v1/users?search=ANN", token: boss.token)
            #expect(found.jsonArray.compactMap { $0["username"] as? String } == ["anna", "annabel"])
            let wildcard = try await server.client.json(.GET, "/api/v1/users?search=%25", token: boss.token)
            #expect(wildcard.jsonArray.isEmpty, "% is matched literally")
        }
    }
}
