import Foundation
import ShiftyTestSupport
import Testing

/// The kiosk's punch refusals as the wire shows them: status, code, title, detail sentence and
/// field errors. The rules live in the domain (`KioskPunch`); this pins what the edge makes of them.
@Suite struct KioskPunchRefusalWireTests {
    @Test func aRefusedPunchAnswersTheSameProblemDocument() async throws {
        // The kiosk's clock stands still, so a double tap is "0 seconds ago" however slow the machine is.
        let frozen = Date()
        try await TestServer.with(configure: { $0.clock = { frozen } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)
            func punch(_ action: String? = nil) async throws -> TestHTTPClient.Response {
                var body: [String: Any] = ["username": "anna", "password": TestServer.password]
                if let action { body["action"] = action }
                return try await server.client.json(.POST, "/api/v1/kiosk/punches", body, cookie: kiosk.cookie, headers: server.sameOrigin)
            }
            func expectInvalidAction(_ response: TestHTTPClient.Response, _ sentence: String) {
                #expect(response.status == 422, "\(response.text)")
                #expect(response.problemCode == "validation_failed")
                #expect(response.json["title"] as? String == "A field is not right")
                #expect(response.json["detail"] as? String == "action: \(sentence)")
                let errors = response.json["errors"] as? [[String: Any]]
                #expect(errors?.count == 1)
                #expect(errors?.first?["field"] as? String == "action")
                #expect(errors?.first?["detail"] as? String == sentence)
            }
            func expectRepeated(_ response: TestHTTPClient.Response, _ sentence: String) {
                #expect(response.status == 409, "\(response.text)")
                #expect(response.problemCode == "punch_repeated")
                #expect(response.json["title"] as? String == "You just did that")
                #expect(response.json["detail"] as? String == sentence)
                #expect((response.json["errors"] as? [Any] ?? []).isEmpty)
            }
            func turnBackTheClock() async throws {
                try await server.pool.execute("UPDATE punches SET at = at - interval '2 minutes' WHERE user_id = $1", [anna.userID])
            }

            expectInvalidAction(try await punch("break_start"), "Anna is not checked in, so a break cannot start")
            expectInvalidAction(try await punch("break_end"), "Anna is not on a break")
            #expect(try await punch().json["action"] as? String == "checked_in")
            expectRepeated(try await punch(), "Anna was already checked in 0 seconds ago; nothing was recorded.")
            try await turnBackTheClock()
            expectInvalidAction(try await punch("break_end"), "Anna is not on a break")
            #expect(try await punch("break_start").json["action"] as? String == "break_started")
            expectRepeated(try await punch("break_end"), "Anna was already on a break 0 seconds ago; nothing was recorded.")
            try await turnBackTheClock()
            expectInvalidAction(try await punch("break_start"), "Anna is already on a break")
            #expect(try await punch("break_end").json["action"] as? String == "break_ended")
            expectRepeated(try await punch(), "Anna was already back from a break 0 seconds ago; nothing was recorded.")
            try await turnBackTheClock()
            #expect(try await punch().json["action"] as? String == "checked_out")
            expectRepeated(try await punch("break_start"), "Anna was already checked out 0 seconds ago; nothing was recorded.")
            try await turnBackTheClock()
            expectInvalidAction(try await punch("break_start"), "Anna is not checked in, so a break cannot start")
        }
    }
}
