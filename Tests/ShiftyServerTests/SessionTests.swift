import Foundation
import ShiftyPostgres
import ShiftySecurity
import ShiftyTestSupport
import Testing

@Suite struct SessionTests {
    @Test func creatingAWorkplaceLogsTheManagerInWithACookie() async throws {
        try await TestServer.with { server in
            let response = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "Café De Zon", "timeZone": "Europe/Amsterdam",
                "manager": ["username": "Maria", "displayName": "Maria", "password": "long enough pw"],
            ], headers: [("Origin", "http://127.0.0.1:\(server.port)")])
            #expect(response.status == 201)
            #expect((response.json["workplace"] as? [String: Any])?["slug"] as? String == "cafe-de-zon")
            #expect((response.json["user"] as? [String: Any])?["username"] as? String == "maria")
            #expect((response.json["user"] as? [String: Any])?["role"] as? String == "manager")
            let cookie = try #require(response.header("Set-Cookie"))
            #expect(cookie.hasPrefix("shifty_session="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            let token = try #require(response.json["token"] as? String)
            let me = try await server.client.json(.GET, "/api/v1/me", cookie: "shifty_session=\(token)")
            #expect(me.status == 200)
            #expect((me.json["user"] as? [String: Any])?["displayName"] as? String == "Maria")
        }
    }

    @Test func sessionTokensAreStoredOnlyAsHashes() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let rows = try await server.pool.query("SELECT token_hash FROM sessions")
            let hashes = try rows.map { try $0.decode("token_hash", as: String.self) }
            #expect(hashes.contains(SecretToken.hash(of: boss.token)))
            #expect(!hashes.contains(boss.token))
        }
    }

    @Test func wrongPasswordAndUnknownUserGetTheSameAnswer() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let wrongPassword = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "boss", "password": "not the password"])
            let unknownUser = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "nobody", "password": "not the password"])
            let unknownWorkplace = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": "no-such-place", "username": "boss", "password": "x"])
            for response in [wrongPassword, unknownUser, unknownWorkplace] {
                #expect(response.status == 401)
                #expect(response.problemCode == "invalid_credentials")
                #expect(response.header("Content-Type") == "application/problem+json")
            }
            #expect(wrongPassword.json["detail"] as? String == unknownUser.json["detail"] as? String)
        }
    }

    @Test func logoutEndsTheSession() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            #expect(try await server.client.json(.GET, "/api/v1/me", token: boss.token).status == 200)
            #expect(try await server.client.json(.DELETE, "/api/v1/sessions/current", token: boss.token).status == 204)
            let after = try await server.client.json(.GET, "/api/v1/me", token: boss.token)
            #expect(after.status == 401)
            #expect(after.problemCode == "session_expired")
        }
    }

    @Test func expiredSessionsAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            try await server.pool.execute("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [SecretToken.hash(of: boss.token)])
            let response = try await server.client.json(.GET, "/api/v1/me", token: boss.token)
            #expect(response.status == 401)
            #expect(response.problemCode == "session_expired")
        }
    }

    @Test func noSessionIsUnauthenticated() async throws {
        try await TestServer.with { server in
            let response = try await server.client.json(.GET, "/api/v1/me")
            #expect(response.status == 401)
            #expect(response.problemCode == "unauthenticated")
            let garbage = try await server.client.json(.GET, "/api/v1/me", token: "garbage")
            #expect(garbage.status == 401)
        }
    }

    @Test func changingThePasswordRevokesTheOtherSessions() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let phone = try await server.login(workplace: boss.slug, username: "boss")
            let wrong = try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": "nope nope", "newPassword": "a new password"], token: boss.token)
            #expect(wrong.status == 403)
            #expect(wrong.problemCode == "wrong_password")
            let short = try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": TestServer.password, "newPassword": "short"], token: boss.token)
            #expect(short.status == 422)
            let changed = try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": TestServer.password, "newPassword": "a new password"], token: boss.token)
            #expect(changed.status == 204)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: boss.token).status == 200, "the session that changed it stays")
            #expect(try await server.client.json(.GET, "/api/v1/me", token: phone.token).status == 401, "every other session ends")
            _ = try await server.login(workplace: boss.slug, username: "boss", password: "a new password")
        }
    }

    @Test func outdatedHashesAreUpgradedAtTheNextLogin() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let old = try PasswordHasher(parameters: .init(memoryKiB: 16, iterations: 1, parallelism: 1)).hash(TestServer.password)
            try await server.pool.execute("UPDATE users SET password_hash = $1 WHERE id = $2", [old, boss.userID])
            _ = try await server.login(workplace: boss.slug, username: "boss")
            let stored: String = try await server.pool.query("SELECT password_hash FROM users WHERE id = $1", [boss.userID])[0].decode("password_hash")
            #expect(stored != old)
            #expect(stored.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
            _ = try await server.login(workplace: boss.slug, username: "boss")
        }
    }

    @Test func deactivatedUsersCannotLogInAndLoseTheirSessions() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let deactivated = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["active": false], token: boss.token)
            #expect(deactivated.status == 200)
            #expect(deactivated.json["active"] as? Bool == false)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: anna.token).status == 401)
            let login = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": boss.slug, "username": "anna", "password": TestServer.password])
            #expect(login.status == 401)
            #expect(login.problemCode == "invalid_credentials")
        }
    }

    @Test func theLastManagerCannotBeDemoted() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let response = try await server.client.json(.PATCH, "/api/v1/users/\(boss.userID)", ["role": "employee"], token: boss.token)
            #expect(response.status == 409)
            #expect(response.problemCode == "last_manager")
        }
    }

    @Test func signupCanBeSwitchedOff() async throws {
        try await TestServer.with(configure: { $0.allowSignup = false }) { server in
            let response = try await server.client.json(.POST, "/api/v1/workplaces", [
                "name": "X", "timeZone": "UTC", "manager": ["username": "x1", "displayName": "X", "password": "long enough pw"],
            ])
            #expect(response.status == 403)
            #expect(response.problemCode == "signup_disabled")
        }
    }
}
