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

    /// Five wrong passwords from one address lock that address out of the account, not the account's
    /// owner somewhere else.
    @Test func aLockoutIsPerAccountAndAddressSoOthersCannotLockAVictimOut() async throws {
        try await TestServer.with(configure: { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let boss = try await server.createWorkplace()
            let attacker = [("X-Forwarded-For", "203.0.113.5")]
            let victim = [("X-Forwarded-For", "198.51.100.7")]
            let wrong = ["workplace": boss.slug, "username": "boss", "password": "wrong password"]
            for _ in 0..<5 {
                #expect(try await server.client.json(.POST, "/api/v1/sessions", wrong, headers: attacker).status == 401)
            }
            #expect(try await server.client.json(.POST, "/api/v1/sessions", wrong, headers: attacker).status == 429)
            let right = ["workplace": boss.slug, "username": "boss", "password": TestServer.password, "client": "bearer"]
            #expect(try await server.client.json(.POST, "/api/v1/sessions", right, headers: attacker).status == 429)
            let owner = try await server.client.json(.POST, "/api/v1/sessions", right, headers: victim)
            #expect(owner.status == 201, "\(owner.text)")
        }
    }

    @Test func signupsAndNewWorkplacesAreThrottledPerAddress() async throws {
        try await TestServer.with(configure: {
            $0.loginThrottle.maxSignupsPerAddress = 3
            $0.trustedProxies = ["127.0.0.1"]
        }) { server in
            let from = [("X-Forwarded-For", "203.0.113.9")]
            func newWorkplace(_ headers: [(String, String)]) async throws -> TestHTTPClient.Response {
                try await server.client.json(.POST, "/api/v1/workplaces", [
                    "name": "Place \(UUID().uuidString.prefix(6))", "timeZone": "UTC", "client": "bearer",
                    "manager": ["username": "boss", "displayName": "Boss", "password": TestServer.password],
                ], headers: headers)
            }
            #expect(try await newWorkplace(from).status == 201)
            #expect(try await newWorkplace(from).status == 201)
            // A signup with a wrong invite counts too: guessing codes is not free.
            let guess = try await server.client.json(.POST, "/api/v1/signup", [
                "workplace": "nowhere", "inviteCode": "ABCDEFGHIJKLMN", "username": "zed", "displayName": "Zed", "password": TestServer.password,
            ], headers: from)
            #expect(guess.status == 422)
            let throttled = try await newWorkplace(from)
            #expect(throttled.status == 429)
            #expect(throttled.problemCode == "signup_throttled")
            #expect((throttled.header("Retry-After").flatMap(Int.init) ?? 0) > 0)
            let signup = try await server.client.json(.POST, "/api/v1/signup", [
                "workplace": "nowhere", "inviteCode": "ABCDEFGHIJKLMN", "username": "zed", "displayName": "Zed", "password": TestServer.password,
            ], headers: from)
            #expect(signup.problemCode == "signup_throttled")
            #expect(try await newWorkplace([("X-Forwarded-For", "198.51.100.1")]).status == 201)
        }
    }

    /// Whoever holds a member's session (a phone left unlocked) cannot guess the password behind it:
    /// wrong current passwords are counted per account before Argon2id, like logins.
    @Test func wrongCurrentPasswordsPauseThatAccountsPasswordChanges() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            func change(_ token: String, from current: String) async throws -> TestHTTPClient.Response {
                try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": current, "newPassword": "a brand new password"], token: token)
            }
            for attempt in 1...5 {
                #expect(try await change(anna.token, from: "guess number \(attempt)").problemCode == "wrong_password")
            }
            let paused = try await change(anna.token, from: TestServer.password)
            #expect(paused.status == 429)
            #expect(paused.problemCode == "password_change_throttled")
            #expect(Int(paused.header("Retry-After") ?? "") ?? 0 > 0)
            // Nothing changed: the old password still signs in; the pause is Anna's alone.
            _ = try await server.login(workplace: boss.slug, username: "anna")
            #expect(try await change(boss.token, from: TestServer.password).status == 204)
        }
    }
}
