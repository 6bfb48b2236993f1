import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

@Suite struct BadRequestTests {
    @Test func malformedBodiesGetProblemDocuments() async throws {
        try await TestServer.with { server in
            let json = [("Content-Type", "application/json")]
            let cases: [(body: String, status: Int, code: String)] = [
                ("{not json", 400, "malformed_json"),
                ("", 400, "malformed_json"),
                (#"{"workplace": "x", "username": 12, "password": "p"}"#, 422, "validation_failed"),
                (#"{"workplace": "x", "username": "y"}"#, 422, "validation_failed"),
                (#"{"workplace": null, "username": "y", "password": "p"}"#, 422, "validation_failed"),
                (#"[1, 2, 3]"#, 422, "validation_failed"),
            ]
            for testCase in cases {
                let response = try await server.client.send(.POST, "/api/v1/sessions", headers: json, body: Data(testCase.body.utf8))
                #expect(response.status == testCase.status, "\(testCase.body)")
                #expect(response.problemCode == testCase.code, "\(testCase.body)")
                #expect(response.header("Content-Type") == "application/problem+json")
            }
            let missing = try await server.client.send(.POST, "/api/v1/sessions", headers: json, body: Data(#"{"workplace": "x", "username": "y"}"#.utf8))
            #expect((missing.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "password")
        }
    }

    @Test func wrongContentTypeIs415() async throws {
        try await TestServer.with { server in
            let response = try await server.client.send(.POST, "/api/v1/sessions", headers: [("Content-Type", "text/plain")], body: Data("hello".utf8))
            #expect(response.status == 415)
            #expect(response.problemCode == "unsupported_media_type")
        }
    }

    @Test func oversizedBodiesAre413() async throws {
        try await TestServer.with { server in
            let big = Data(#"{"workplace": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 300 * 1024) + Data(#""}"#.utf8)
            let response = try await server.client.send(.POST, "/api/v1/sessions", headers: [("Content-Type", "application/json")], body: big)
            #expect(response.status == 413)
            #expect(response.problemCode == "body_too_large")
        }
    }

    @Test func hugePasswordsAreNotHashed() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let response = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "boss", "password": String(repeating: "x", count: 100_000)])
            #expect(response.status == 401)
            let created = try await server.client.json(.POST, "/api/v1/users", ["username": "anna", "displayName": "Anna", "password": String(repeating: "x", count: 2000)], token: boss.token)
            #expect(created.status == 422)
            #expect((created.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "password")
        }
    }

    @Test func invalidFieldsNameTheField() async throws {
        try await TestServer.with { server in
            let badZone = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "X", "timeZone": "Mars/Olympus", "manager": ["username": "x1", "displayName": "X", "password": "long enough pw"],
            ])
            #expect(badZone.status == 422)
            #expect((badZone.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "timeZone")
            let badUsername = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "X", "timeZone": "UTC", "manager": ["username": "no spaces allowed", "displayName": "X", "password": "long enough pw"],
            ])
            #expect((badUsername.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "manager.username")
            let badRole = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "X", "timeZone": "UTC", "manager": ["username": "x1", "displayName": "X", "password": "long enough pw"], "client": "telnet",
            ])
            #expect(badRole.status == 422)
        }
    }

    @Test func duplicatesAreConflicts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace(slug: "dup-place")
            let again = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "X", "slug": "dup-place", "timeZone": "UTC", "manager": ["username": "x1", "displayName": "X", "password": "long enough pw"],
            ])
            #expect(again.status == 409)
            #expect(again.problemCode == "workplace_slug_taken")
            _ = try await server.createEmployee(in: boss, username: "anna")
            let twice = try await server.client.json(.POST, "/api/v1/users", ["username": "ANNA", "displayName": "Anna", "password": TestServer.password], token: boss.token)
            #expect(twice.status == 409)
            #expect(twice.problemCode == "username_taken")
        }
    }

    @Test func unknownRoutesAndBadIDsAre404Problems() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let unknown = try await server.client.json(.GET, "/api/v1/nothing-here", token: boss.token)
            #expect(unknown.status == 404)
            #expect(unknown.problemCode == "route_not_found")
            for id in ["abc", "-1", "0", "99999999999999999999999"] {
                let response = try await server.client.json(.GET, "/api/v1/users/\(id)", token: boss.token)
                #expect(response.status == 404, "\(id)")
            }
        }
    }

    /// A known path asked with a method it does not have is 405 with the methods it has, read from
    /// the router's own routes; an unknown path stays 404.
    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let cases: [(method: HTTPMethod, path: String, allow: String)] = [
                (.DELETE, "/api/v1/users/5", "GET, PATCH"),
                (.PUT, "/api/v1/sessions", "POST"),
                (.GET, "/api/v1/sessions/current", "DELETE"),
                (.POST, "/healthz", "GET"),
                (.PATCH, "/api/v1/users/5/pin", "DELETE, PUT"),
            ]
            for testCase in cases {
                let response = try await server.client.json(testCase.method, testCase.path, token: boss.token)
                #expect(response.status == 405, "\(testCase.method) \(testCase.path): \(response.status) \(response.text)")
                #expect(response.problemCode == "method_not_allowed", "\(testCase.path)")
                #expect(response.header("Allow") == testCase.allow, "\(testCase.path)")
            }
            // The methods a path does have still work, and a handler's own 404 stays a 404.
            let missing = try await server.client.json(.GET, "/api/v1/users/99999999", token: boss.token)
            #expect(missing.status == 404)
            #expect(missing.problemCode == "not_found")
            let unknown = try await server.client.json(.DELETE, "/api/v1/nothing-here", token: boss.token)
            #expect(unknown.status == 404)
            #expect(unknown.problemCode == "route_not_found")
            #expect(unknown.header("Allow") == nil)
        }
    }

    @Test func cookieRequestsFromAnotherSiteAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let cookie = "shifty_session=\(boss.token)"
            let body: [String: Any] = ["maxUses": 1]
            let evil = try await server.client.json(.POST, "/api/v1/invites", body, cookie: cookie, headers: [("Origin", "https://evil.example")])
            #expect(evil.status == 403)
            #expect(evil.problemCode == "origin_not_allowed")
            let noOrigin = try await server.client.json(.POST, "/api/v1/invites", body, cookie: cookie)
            #expect(noOrigin.status == 403)
            let sameSite = try await server.client.json(.POST, "/api/v1/invites", body, cookie: cookie, headers: [("Origin", "http://127.0.0.1:\(server.port)")])
            #expect(sameSite.status == 201)
            let bearer = try await server.client.json(.POST, "/api/v1/invites", body, token: boss.token, headers: [("Origin", "https://evil.example")])
            #expect(bearer.status == 201, "bearer tokens are not sent by browsers on their own, so no Origin check")
            let read = try await server.client.json(.GET, "/api/v1/me", cookie: cookie, headers: [("Origin", "https://evil.example")])
            #expect(read.status == 200, "safe methods are not CSRF-checked")
            let count: Int64 = try await server.pool.query("SELECT count(*)::bigint AS n FROM invite_codes")[0].decode("n")
            #expect(count == 2)
        }
    }

    @Test func allowedOriginsCanBeConfigured() async throws {
        try await TestServer.with(configure: { $0.allowedOrigins = ["https://shifty.example.org"] }) { server in
            let boss = try await server.createWorkplace()
            let response = try await server.client.json(.POST, "/api/v1/invites", [:], cookie: "shifty_session=\(boss.token)", headers: [("Origin", "https://shifty.example.org")])
            #expect(response.status == 201)
        }
    }
}
