import Foundation
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The staffing a workplace needs over HTTP against PostgreSQL: managers replace the list, every
/// member reads it, a wrong need is refused by its place and field and nothing is stored, and no
/// workplace sees another's.
@Suite struct CoverageNeedRouteTests {
    nonisolated(unsafe) static let bar: [String: Any] = ["weekday": 5, "startTime": "17:00", "endTime": "23:00", "position": "Bar", "headcount": 2]
    nonisolated(unsafe) static let night: [String: Any] = ["weekday": 6, "startTime": "22:00", "endTime": "02:00", "headcount": 1]
    nonisolated(unsafe) static let morning: [String: Any] = ["weekday": 1, "startTime": "09:00", "endTime": "17:00", "position": "  ", "headcount": 1]

    func needs(_ response: TestHTTPClient.Response) -> [[String: Any]] {
        response.json["needs"] as? [[String: Any]] ?? []
    }

    @Test func managersReplaceTheListAndEveryMemberReadsIt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            #expect(needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: anna.token)).isEmpty, "none until a manager sets them")

            let saved = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.night, Self.bar, Self.morning]], token: boss.token)
            #expect(saved.status == 200, "\(saved.text)")
            // Sorted by weekday and start; a blank position is anyone (left out).
            #expect(needs(saved).map { $0["weekday"] as? Int } == [1, 5, 6])
            #expect(needs(saved)[0]["position"] == nil && needs(saved)[1]["position"] as? String == "Bar")
            #expect(needs(saved)[2]["endTime"] as? String == "02:00")

            let read = try await server.client.json(.GET, "/api/v1/coverage-needs", token: anna.token)
            #expect(read.status == 200 && needs(read).count == 3, "\(read.text)")
            #expect(needs(read)[1]["headcount"] as? Int == 2 && needs(read)[1]["startTime"] as? String == "17:00")

            // Replacing is replacing: one need left.
            let replaced = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.bar]], token: boss.token)
            #expect(needs(replaced).count == 1)
            #expect(needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: anna.token)).count == 1)

            let forbidden = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": []], token: anna.token)
            #expect(forbidden.status == 403, "\(forbidden.text)")
            #expect(needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: boss.token)).count == 1, "an employee changed nothing")
        }
    }

    @Test func aWrongNeedIsRefusedByItsPlaceAndFieldAndNothingIsStored() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.bar]], token: boss.token)
            func refused(_ need: [String: Any], field: String) async throws {
                var wrong = Self.bar
                for (key, value) in need { wrong[key] = value }
                let response = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.night, wrong]], token: boss.token)
                #expect(response.status == 422 && response.problemCode == "validation_failed", "\(need): \(response.text)")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "needs[1].\(field)", "\(response.text)")
            }
            try await refused(["weekday": 0], field: "weekday")
            try await refused(["weekday": 8], field: "weekday")
            try await refused(["startTime": "5pm"], field: "startTime")
            try await refused(["endTime": "24:00"], field: "endTime")
            try await refused(["endTime": "17:00"], field: "endTime")
            try await refused(["headcount": 0], field: "headcount")
            try await refused(["headcount": 501], field: "headcount")
            try await refused(["position": String(repeating: "b", count: 101)], field: "position")
            try await refused(["position": "Bar\nkeeper"], field: "position")
            let tooMany = try await server.client.json(
                .PUT, "/api/v1/coverage-needs", ["needs": Array(repeating: Self.bar, count: 201)], token: boss.token)
            #expect(tooMany.status == 422 && (tooMany.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "needs", "\(tooMany.text)")
            let notAList = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": "bar"], token: boss.token)
            #expect(notAList.status == 422 || notAList.status == 400, "\(notAList.text)")

            let kept = needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: boss.token))
            #expect(kept.count == 1 && kept[0]["position"] as? String == "Bar", "every refusal stored nothing")
        }
    }

    @Test func aWorkplaceNeverSeesAnothersNeeds() async throws {
        try await TestServer.with { server in
            let first = try await server.createWorkplace()
            let second = try await server.createWorkplace()
            _ = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.bar]], token: first.token)
            _ = try await server.client.json(.PUT, "/api/v1/coverage-needs", ["needs": [Self.night, Self.morning]], token: second.token)
            #expect(needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: first.token)).count == 1)
            #expect(needs(try await server.client.json(.GET, "/api/v1/coverage-needs", token: second.token)).count == 2)
        }
    }
}
