import Foundation
import ShiftyTestSupport
import Testing

/// A browser that becomes a kiosk stops being the manager's browser.
@Suite struct KioskSessionTests {
    @Test func makingThisBrowserAKioskEndsTheManagersSessionInIt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            // The manager logs in in the tablet's browser (a cookie session).
            let login = try await server.client.json(.POST, "/api/v1/sessions", [
                "workplace": boss.slug, "username": "boss", "password": TestServer.password,
            ])
            #expect(login.status == 201)
            let setCookie = try #require(login.headers("Set-Cookie").first { $0.hasPrefix("shifty_session=") })
            let session = String(setCookie.prefix { $0 != ";" })
            #expect(try await server.client.json(.GET, "/api/v1/me", cookie: session).status == 200)

            let made = try await server.client.json(
                .POST, "/api/v1/kiosks", ["name": "Tablet"], cookie: session, headers: server.sameOrigin)
            #expect(made.status == 201, "\(made.text)")
            let cookies = made.headers("Set-Cookie")
            #expect(cookies.contains { $0.hasPrefix("shifty_kiosk=") && !$0.hasPrefix("shifty_kiosk=;") })
            // The session cookie is cleared and the session itself is over on the server.
            #expect(cookies.contains { $0.hasPrefix("shifty_session=;") && $0.contains("Max-Age=0") }, "\(cookies)")
            let after = try await server.client.json(.GET, "/api/v1/me", cookie: session)
            #expect(after.status == 401)
            #expect(after.problemCode == "session_expired")

            // The kiosk works; once revoked, the tablet has no manager session to set itself up again.
            let kiosk = TestServer.Kiosk(id: Int64(try #require(made.json["id"] as? Int)), token: try #require(made.json["token"] as? String))
            #expect(try await server.client.json(.GET, "/api/v1/kiosk", cookie: kiosk.cookie).status == 200)
            #expect(try await server.client.json(.DELETE, "/api/v1/kiosks/\(kiosk.id)", token: boss.token).status == 204)
            let again = try await server.client.json(
                .POST, "/api/v1/kiosks", ["name": "Tablet again"], cookie: session, headers: server.sameOrigin)
            #expect(again.status == 401)
        }
    }

    @Test func aBearerClientKeepsItsSession() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.createKiosk(boss)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: boss.token).status == 200)
        }
    }
}
