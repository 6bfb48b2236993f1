import Foundation
import ShiftyTestSupport
import Testing

/// What the Team and Settings pages (issue 17) send, through HTTP: a manager edits a member's
/// name, e-mail, role, pay type and employment dates and the workplace's settings; employees are
/// refused, another workplace's members are not found, bad values are 422 naming the field.
@Suite struct MemberEditTests {
    private func fieldNames(_ response: TestHTTPClient.Response) -> [String] {
        (response.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    @Test func aManagerEditsAMembersDetailsAndEmploymentDates() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let edited = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", [
                "displayName": "  Anna de Vries ", "email": "anna@example.org", "role": "manager", "payType": "diligence",
            ], token: boss.token)
            #expect(edited.status == 200)
            let fetched = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token).json
            #expect(fetched["displayName"] as? String == "Anna de Vries")
            #expect(fetched["email"] as? String == "anna@example.org")
            #expect(fetched["role"] as? String == "manager")
            #expect(fetched["payType"] as? String == "diligence")

            let cleared = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["email": NSNull()], token: boss.token)
            #expect(cleared.status == 200)
            #expect(cleared.json["email"] == nil || cleared.json["email"] is NSNull)

            let employment = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/employment", ["start": "2026-01-05", "end": "2026-12-31"], token: boss.token)
            #expect(employment.status == 200)
            let stored = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)/employment", token: boss.token).json
            #expect(stored["start"] as? String == "2026-01-05")
            #expect(stored["end"] as? String == "2026-12-31")
            let reopened = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/employment", ["end": NSNull()], token: boss.token)
            #expect(reopened.status == 200)
            #expect(reopened.json["end"] == nil || reopened.json["end"] is NSNull)
        }
    }

    @Test func badMemberValuesAre422NamingTheField() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let cases: [([String: Any], String)] = [
                (["displayName": "   "], "displayName"),
                (["email": "not an address"], "email"),
                (["role": "owner"], "role"),
                (["payType": "hourly"], "payType"),
            ]
            for (body, field) in cases {
                let response = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", body, token: boss.token)
                #expect(response.status == 422, "\(body)")
                #expect(response.problemCode == "validation_failed", "\(body)")
                #expect(fieldNames(response).contains(field), "\(body): \(response.text)")
            }
            let backwards = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/employment", ["start": "2026-06-01", "end": "2026-05-31"], token: boss.token)
            #expect(backwards.status == 422)
            #expect(fieldNames(backwards) == ["end"])
            let notADate = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/employment", ["start": "2026-02-30"], token: boss.token)
            #expect(notADate.status == 422)
            let unchanged = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token).json
            #expect(unchanged["displayName"] as? String == "Anna", "a refused edit changes nothing")
        }
    }

    @Test func employeesAreRefusedAndOtherWorkplacesMembersAreNotFound() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace()

            let byEmployee = try await server.client.json(.PATCH, "/api/v1/users/\(bram.userID)", ["displayName": "Bram!"], token: anna.token)
            #expect(byEmployee.status == 403)
            #expect(byEmployee.problemCode == "manager_only")
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/employment", ["start": "2026-01-01"], token: anna.token).status == 403)
            #expect(try await server.client.json(.PATCH, "/api/v1/workplace", ["name": "Anna's"], token: anna.token).status == 403)

            let crossPatch = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["displayName": "Taken over"], token: other.token)
            #expect(crossPatch.status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/users/\(anna.userID)/employment", token: other.token).status == 404)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/employment", ["start": "2026-01-01"], token: other.token).status == 404)
            let annaNow = try await server.client.json(.GET, "/api/v1/users/\(anna.userID)", token: boss.token).json
            #expect(annaNow["displayName"] as? String == "Anna")
        }
    }

    @Test func theSettingsPageSaveIsCheckedFieldByField() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let saved = try await server.client.json(.PATCH, "/api/v1/workplace", [
                "name": "Café de Zon",
                "settings": [
                    "autoApprove": true, "onePerDay": false, "employeesManageFixedShifts": false, "reminderMinutesBefore": 90,
                    "hourLimits": [
                        "maxWeeklyHours": ["limit": 40, "severity": "warn"], "minRestHours": ["limit": 11, "severity": "refuse"],
                        "maxConsecutiveDays": NSNull(), "maxShiftHours": NSNull(),
                    ],
                ],
            ], token: boss.token)
            #expect(saved.status == 200, "\(saved.text)")
            let settings = try #require(saved.json["settings"] as? [String: Any])
            #expect(settings["autoApprove"] as? Bool == true)
            #expect(settings["employeesManageFixedShifts"] as? Bool == false)
            #expect(settings["reminderMinutesBefore"] as? Int == 90)
            let limits = try #require(settings["hourLimits"] as? [String: Any])
            #expect((limits["maxWeeklyHours"] as? [String: Any])?["severity"] as? String == "warn")
            #expect((limits["minRestHours"] as? [String: Any])?["limit"] as? Int == 11)
            #expect(limits["maxConsecutiveDays"] == nil || limits["maxConsecutiveDays"] is NSNull)

            let refused: [([String: Any], String)] = [
                (["name": ""], "name"),
                (["timeZone": "Mars/Olympus"], "timeZone"),
                (["settings": ["autoApprove": "yes"]], "settings.autoApprove"),
                (["settings": ["hourLimits": ["maxWeeklyHours": ["limit": 40, "severity": "maybe"]]]], "settings.hourLimits.maxWeeklyHours.severity"),
                (["settings": ["hourLimits": ["minRestHours": ["limit": 0]]]], "settings.hourLimits.minRestHours.limit"),
            ]
            for (body, field) in refused {
                let response = try await server.client.json(.PATCH, "/api/v1/workplace", body, token: boss.token)
                #expect(response.status == 422, "\(body)")
                #expect(fieldNames(response).contains(field), "\(body): \(response.text)")
            }
            let rules = try await server.client.json(.PUT, "/api/v1/timeclock/rules", ["breakRules": [["afterMinutes": 330, "breakMinutes": 300]]], token: boss.token)
            #expect(rules.status == 422)
            #expect(fieldNames(rules) == ["breakRules"])
            let after = try await server.client.json(.GET, "/api/v1/workplace", token: boss.token).json
            #expect(after["name"] as? String == "Café de Zon", "refused changes leave the saved ones")
        }
    }
}
