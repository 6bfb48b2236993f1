import Foundation
import ShiftyTestSupport
import Testing

@Suite struct ThrottleTests {
    @Test func repeatedFailuresForOneAccountAreThrottled() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let attempt = ["workplace": boss.slug, "username": "boss", "password": "wrong password"]
            for _ in 0..<5 {
                #expect(try await server.client.json(.POST, "/api/v1/sessions", attempt).status == 401)
            }
            let throttled = try await server.client.json(.POST, "/api/v1/sessions", attempt)
            #expect(throttled.status == 429)
            #expect(throttled.problemCode == "login_throttled")
            let retryAfter = try #require(throttled.header("Retry-After").flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 15 * 60)
            // Even the right password waits until the lockout ends.
            let right = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "boss", "password": TestServer.password])
            #expect(right.status == 429)
            // Another account from the same address is not locked yet.
            _ = try await server.createEmployee(in: boss, username: "anna")
        }
    }

    @Test func manyFailuresFromOneAddressAreThrottled() async throws {
        try await TestServer.with(configure: { $0.loginThrottle.maxFailuresPerAddress = 4 }) { server in
            let boss = try await server.createWorkplace()
            for index in 0..<4 {
                let response = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "user\(index)", "password": "wrong password"])
                #expect(response.status == 401)
            }
            let response = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "boss", "password": TestServer.password])
            #expect(response.status == 429)
        }
    }

    @Test func aSuccessfulLoginResetsTheAccountCounter() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let attempt = ["workplace": boss.slug, "username": "boss", "password": "wrong password"]
            for _ in 0..<4 { _ = try await server.client.json(.POST, "/api/v1/sessions", attempt) }
            _ = try await server.login(workplace: boss.slug, username: "boss")
            for _ in 0..<4 {
                #expect(try await server.client.json(.POST, "/api/v1/sessions", attempt).status == 401)
            }
        }
    }
}
