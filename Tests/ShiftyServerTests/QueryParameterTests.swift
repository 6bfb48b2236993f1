import Foundation
import ShiftyTestSupport
import Testing

/// Bad query values answer 400 `invalid_parameter` naming the parameter, on every route that
/// reads one (they used to be ignored: `weeks=abc` meant eight weeks, `userId=abc` everyone).
@Suite struct QueryParameterTests {
    @Test func badValuesAreRefusedNotIgnored() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let cases: [(path: String, parameter: String)] = [
                ("/schedule?weeks=abc", "weeks"),
                ("/schedule?weeks=99", "weeks"),
                ("/schedule?weeks=99999999999999999999999", "weeks"),
                ("/schedule?weeks=2&weeks=3", "weeks"),
                ("/schedule?userId=abc", "userId"),
                ("/fixed-shifts?userId=abc", "userId"),
                ("/fixed-shifts?userId=-4", "userId"),
                ("/fixed-shifts?userId=9223372036854775808", "userId"),
                ("/team-schedule?from=2026-01-01&to=soon", "to"),
                ("/trades?from=2026-01-01&to=2026-01-31&state=maybe", "state"),
                ("/users?includeInactive=yes", "includeInactive"),
                ("/notifications?limit=abc", "limit"),
                ("/notifications?before=0", "before"),
                ("/punches?limit=5000", "limit"),
                ("/punches?sort=sideways", "sort"),
                ("/punch-edits?punchID=x", "punchID"),
                ("/timeclock/days?from=2026-10-05", "to"),
                ("/reports/chart?smooth=1", "smooth"),
                ("/reports/monthly?month=2026-10&format=pdf", "format"),
                ("/closed-days/preview", "date"),
            ]
            for (path, parameter) in cases {
                let response = try await server.client.json(.GET, "/api/v1\(path)", token: boss.token)
                #expect(response.status == 400, "\(path): \(response.status) \(response.text)")
                #expect(response.problemCode == "invalid_parameter", "\(path)")
                let fields = (response.json["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String }
                #expect(fields == [parameter], "\(path)")
                #expect((response.json["title"] as? String)?.isEmpty == false, "\(path)")
            }
            // Good values still work.
            for path in ["/schedule?weeks=2", "/fixed-shifts?userId=\(boss.userID)", "/users?includeInactive=true", "/notifications?limit=5"] {
                #expect(try await server.client.json(.GET, "/api/v1\(path)", token: boss.token).status == 200, "\(path)")
            }
        }
    }

    @Test func marketplaceRefusalsHaveATitleAndMissingObjectsOneCode() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let refused = try await server.act("/shifts/\(shift)/pick-up", as: anna)
            #expect(refused.status == 409 || refused.status == 422)
            #expect((refused.json["title"] as? String)?.isEmpty == false, "\(refused.text)")
            // The same missing shift answers the same code on GET and on an action.
            let read = try await server.client.json(.GET, "/api/v1/shifts/999999", token: anna.token)
            let act = try await server.act("/shifts/999999/supply", as: anna)
            let deal = try await server.client.json(.GET, "/api/v1/deals/999999", token: anna.token)
            let approve = try await server.act("/deals/999999/approve", as: boss)
            for response in [read, act, deal, approve] {
                #expect(response.status == 404 && response.problemCode == "not_found", "\(response.text)")
            }
        }
    }
}
