import Foundation
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// A NUL character anywhere in a JSON body is refused with 422 naming the field, on every endpoint
/// (PostgreSQL text cannot hold one; it used to surface as a 500).
@Suite struct NULInputTests {
    @Test func nulCharactersAreRefusedWith422OnAnonymousAndSignedInEndpoints() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let nul = "a\u{0}b"
            let cases: [(path: String, method: String, body: [String: Any], token: String?, field: String)] = [
                ("/api/v1/sessions", "POST", ["workplace": boss.slug, "username": nul, "password": "x"], nil, "username"),
                ("/api/v1/signup", "POST", ["workplace": boss.slug, "inviteCode": "ABCD", "username": "zed", "displayName": nul, "password": TestServer.password], nil, "displayName"),
                ("/api/v1/workplaces", "POST", ["name": nul, "timeZone": "UTC", "manager": ["username": "x1", "displayName": "X", "password": "long enough pw"]], nil, "name"),
                ("/api/v1/workplaces", "POST", ["name": "N", "timeZone": "UTC", "manager": ["username": "x1", "displayName": "X", "password": "long \u{0} pw"]], nil, "manager.password"),
                ("/api/v1/users", "POST", ["username": "cleo", "displayName": nul, "password": TestServer.password], boss.token, "displayName"),
                ("/api/v1/punches", "POST", ["userID": anna.userID, "at": "2026-10-05T07:00:00Z", "kind": "in", "reason": nul], boss.token, "reason"),
                ("/api/v1/closed-days", "POST", ["date": "2026-12-25", "name": nul], boss.token, "name"),
            ]
            for testCase in cases {
                let response = try await server.client.json(.init(rawValue: testCase.method), testCase.path, testCase.body, token: testCase.token)
                #expect(response.status == 422, "\(testCase.path): \(response.status) \(response.text)")
                #expect(response.problemCode == "validation_failed", "\(testCase.path)")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == testCase.field, "\(testCase.path): \(response.text)")
            }
            let csv = try await server.client.send(
                .POST, "/api/v1/closed-days/import", headers: [("Content-Type", "text/csv"), ("Authorization", "Bearer \(boss.token)")],
                body: Data("date,name\n2026-12-26,Boxing\u{0}Day\n".utf8))
            #expect(csv.status == 422, "\(csv.text)")
            // The text "\u0000" (an escaped backslash, then letters) is not a NUL.
            let literal = try await server.client.send(
                .POST, "/api/v1/sessions", headers: [("Content-Type", "application/json")],
                body: Data(#"{"workplace": "w", "username": "a\\u0000", "password": "x"}"#.utf8))
            #expect(literal.status == 401)
            // A raw NUL byte is not JSON at all.
            let raw = try await server.client.send(
                .POST, "/api/v1/sessions", headers: [("Content-Type", "application/json")],
                body: Data(#"{"workplace": "w", "username": "a"#.utf8) + Data([0]) + Data(#"", "password": "x"}"#.utf8))
            #expect(raw.status == 422)
        }
    }

    @Test func nulCharactersInQueryParametersAreRefusedWith400() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            for (path, field) in [("/api/v1/users?search=a%00b", "search"), ("/api/v1/punches?search=%00", "search"),
                                  ("/api/v1/trades?from=2026-01-01&to=2026-01-02&state=%00", "state")] {
                let response = try await server.client.json(.GET, path, token: boss.token)
                #expect(response.status == 400, "\(path): \(response.status) \(response.text)")
                #expect(response.problemCode == "invalid_parameter", "\(path)")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(path)")
            }
            #expect(try await server.client.json(.GET, "/api/v1/users?search=a%2500b", token: boss.token).status == 200)
        }
    }

    @Test func theScanTellsEscapesFromText() {
        #expect(JSONNULScan.containsNUL(Array(#"{"a": "x\u0000"}"#.utf8)))
        #expect(JSONNULScan.containsNUL(Array(#"{"a\u0000": 1}"#.utf8)))
        #expect(!JSONNULScan.containsNUL(Array(#"{"a": "x\\u0000"}"#.utf8)))
        #expect(JSONNULScan.containsNUL(Array(#"{"a": "x\\\u0000"}"#.utf8)))
        #expect(!JSONNULScan.containsNUL(Array(#"{"a": "\u0001 \"u0000\""}"#.utf8)))
        #expect(JSONNULScan.fieldPath(in: Data(#"{"lines": [{"note": "ok"}, {"note": "x\u0000"}]}"#.utf8)) == "lines.1.note")
    }
}
