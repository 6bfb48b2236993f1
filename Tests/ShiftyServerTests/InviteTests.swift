import Foundation
import ShiftyTestSupport
import Testing

@Suite struct InviteTests {
    func signup(_ server: TestServer, slug: String, code: String, username: String) async throws -> TestHTTPClient.Response {
        try await server.client.json(.POST, "/api/v1/signup", [
            "workplace": slug, "inviteCode": code, "username": username, "displayName": username.capitalized,
            "password": TestServer.password, "client": "bearer",
        ])
    }

    @Test func anInviteCodeSignsUpAsManyPeopleAsItAllows() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let invite = try await server.client.json(.POST, "/api/v1/invites", ["maxUses": 2, "validForHours": 24], token: boss.token)
            #expect(invite.status == 201)
            let code = try #require(invite.json["code"] as? String)
            #expect(code.count == 14)
            let first = try await signup(server, slug: boss.slug, code: code.lowercased(), username: "anna")
            #expect(first.status == 201)
            #expect((first.json["user"] as? [String: Any])?["role"] as? String == "employee")
            #expect(try await signup(server, slug: boss.slug, code: code, username: "bram").status == 201)
            let third = try await signup(server, slug: boss.slug, code: code, username: "chloe")
            #expect(third.status == 422)
            #expect(third.problemCode == "invite_invalid")
            let list = try await server.client.json(.GET, "/api/v1/invites", token: boss.token)
            #expect(list.jsonArray.first?["uses"] as? Int == 2)
            #expect(list.jsonArray.first?["code"] == nil, "codes are shown only once")
        }
    }

    @Test func revokedAndExpiredCodesAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let revoked = try await server.client.json(.POST, "/api/v1/invites", [:], token: boss.token)
            let revokedID = try #require(revoked.json["id"] as? Int)
            #expect(try await server.client.json(.DELETE, "/api/v1/invites/\(revokedID)", token: boss.token).status == 204)
            #expect(try await signup(server, slug: boss.slug, code: revoked.json["code"] as? String ?? "", username: "anna").problemCode == "invite_invalid")

            let expired = try await server.client.json(.POST, "/api/v1/invites", [:], token: boss.token)
            try await server.pool.execute("UPDATE invite_codes SET expires_at = now() - interval '1 minute' WHERE id = $1", [Int64(expired.json["id"] as? Int ?? 0)])
            #expect(try await signup(server, slug: boss.slug, code: expired.json["code"] as? String ?? "", username: "anna").problemCode == "invite_invalid")
        }
    }

    @Test func aCodeOnlyWorksForItsOwnWorkplace() async throws {
        try await TestServer.with { server in
            let first = try await server.createWorkplace()
            let second = try await server.createWorkplace()
            let invite = try await server.client.json(.POST, "/api/v1/invites", [:], token: first.token)
            let response = try await signup(server, slug: second.slug, code: invite.json["code"] as? String ?? "", username: "anna")
            #expect(response.problemCode == "invite_invalid")
        }
    }

    @Test func employeesCannotManageInvitesOrMembers() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            for (method, path) in [("POST", "/api/v1/invites"), ("GET", "/api/v1/invites"), ("POST", "/api/v1/users")] {
                let response = try await server.client.json(.init(rawValue: method), path, method == "POST" ? ["username": "x1", "displayName": "X", "password": "long enough pw"] : nil, token: anna.token)
                #expect(response.status == 403, "\(method) \(path)")
                #expect(response.problemCode == "manager_only")
            }
            #expect(try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["role": "manager"], token: anna.token).status == 403)
        }
    }
}
