import Foundation
import ShiftyTestSupport
import Testing

/// Names are one line: a member's display name, a workplace's, a kiosk's, a closed day's and a
/// position's refuse control characters (tab, CR, LF, NEL, DEL …) and the line and paragraph
/// separators, on every route that takes one (422 `validation_failed` naming the field). They end
/// up in mail headers, push titles, calendar feeds and CSV exports, where a line break starts a
/// new header or line.
@Suite struct NameControlCharacterTests {
    /// Each inside the name: trimming the ends cannot remove them.
    static let broken = ["Anna\nBcc: victim@target.test", "Anna\r\nde Vries", "Anna\tde Vries", "Anna\u{2028}de Vries", "Anna\u{2029}x", "Anna\u{85}x", "Anna\u{7F}x", "Anna\u{1B}[31mx"]

    static func fields(_ response: TestHTTPClient.Response) -> [String] {
        (response.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    static func expectRefused(_ response: TestHTTPClient.Response, field: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 422, "\(field) \(name.debugDescription): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.problemCode == "validation_failed", "\(field) \(name.debugDescription)", sourceLocation: sourceLocation)
        #expect(fields(response) == [field], "\(field) \(name.debugDescription): \(response.text)", sourceLocation: sourceLocation)
    }

    @Test func everyNameRefusesControlCharacters() async throws {
        try await TestServer.with(configure: { $0.loginThrottle.maxSignupsPerAddress = 1000 }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let invite = try await server.client.json(.POST, "/api/v1/invites", ["maxUses": 1000], token: boss.token)
            let code = try #require(invite.json["code"] as? String, "\(invite.text)")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            let day = TestServer.localDate(in: 5)

            for (index, name) in Self.broken.enumerated() {
                let workplace = try await server.client.json(.POST, "/api/v1/workplaces", [
                    "name": name, "timeZone": "Europe/Amsterdam", "client": "bearer",
                    "manager": ["username": "maria", "displayName": "Maria", "password": TestServer.password],
                ])
                Self.expectRefused(workplace, field: "name", name)
                let manager = try await server.client.json(.POST, "/api/v1/workplaces", [
                    "name": "Cafe \(index)", "timeZone": "Europe/Amsterdam", "client": "bearer",
                    "manager": ["username": "maria", "displayName": name, "password": TestServer.password],
                ])
                Self.expectRefused(manager, field: "manager.displayName", name)
                Self.expectRefused(
                    try await server.client.json(.PATCH, "/api/v1/workplace", ["name": name], token: boss.token), field: "name", name)
                let joined = try await server.client.json(.POST, "/api/v1/signup", [
                    "workplace": boss.slug, "inviteCode": code, "username": "new\(index)", "displayName": name,
                    "password": TestServer.password, "client": "bearer",
                ])
                Self.expectRefused(joined, field: "displayName", name)
                let created = try await server.client.json(.POST, "/api/v1/users", [
                    "username": "made\(index)", "displayName": name, "password": TestServer.password,
                ], token: boss.token)
                Self.expectRefused(created, field: "displayName", name)
                Self.expectRefused(
                    try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["displayName": name], token: boss.token),
                    field: "displayName", name)
                Self.expectRefused(try await server.client.json(.POST, "/api/v1/kiosks", ["name": name], token: boss.token), field: "name", name)
                Self.expectRefused(
                    try await server.client.json(.POST, "/api/v1/closed-days", ["date": day.description, "name": name], token: boss.token),
                    field: "name", name)
                Self.expectRefused(
                    try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/qualifications", ["positions": ["bar", name]], token: boss.token),
                    field: "positions", name)
                Self.expectRefused(try await server.client.json(.POST, "/api/v1/shifts", [
                    "ownerId": anna.userID, "date": day.description, "startTime": "10:00", "durationMinutes": 240, "position": name,
                ], token: boss.token), field: "position", name)
                Self.expectRefused(
                    try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", ["position": name], token: boss.token), field: "position", name)
                Self.expectRefused(try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                    "ownerId": anna.userID, "weekday": 3, "startTime": "09:00", "durationMinutes": 240, "position": name,
                ], token: boss.token), field: "position", name)
                Self.expectRefused(try await server.client.json(.POST, "/api/v1/fixed-shift-requests", [
                    "kind": "add", "weekday": 3, "startTime": "09:00", "durationMinutes": 240, "position": name,
                ], token: anna.token), field: "position", name)
            }

            // The closed-day CSV: a name with a lone CR or a tab inside is a row error.
            let csv = "date,name\n\(day),Inventory\rcheck\n\(TestServer.localDate(in: 6)),Stock\ttaking\n"
            let imported = try await server.client.send(
                .POST, "/api/v1/closed-days/import", headers: [("Authorization", "Bearer \(boss.token)"), ("Content-Type", "text/csv")],
                body: Data(csv.utf8))
            #expect(imported.status == 422, "\(imported.text)")
            #expect(imported.problemCode == "invalid_csv")
            #expect(Self.fields(imported) == ["line 2", "line 3"], "\(imported.text)")

            // Nothing was stored, and ordinary names (with letters of any language, emoji) still are.
            let names = try await server.pool.query(
                "SELECT display_name AS name FROM users UNION ALL SELECT name FROM workplaces UNION ALL SELECT name FROM kiosks UNION ALL SELECT name FROM closed_days UNION ALL SELECT name FROM workplace_positions")
            #expect(try names.allSatisfy { !(try $0.decode("name") as String).contains { $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 } } })
            let renamed = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["displayName": "  Zoë 👩‍🍳 de Vries\n"], token: boss.token)
            #expect(renamed.status == 200, "\(renamed.text)")
            #expect(renamed.json["displayName"] as? String == "Zoë 👩‍🍳 de Vries", "spaces and line breaks around a name are dropped as before")
            let kiosk = try await server.client.json(.POST, "/api/v1/kiosks", ["name": "Tablet «bar»"], token: boss.token)
            #expect(kiosk.status == 201, "\(kiosk.text)")
        }
    }
}
