import Foundation
import ShiftyTestSupport
import Testing

@Suite struct KioskTests {
    @Test func onlyAKioskCanPunchNeverAnEmployeesOwnSession() async throws {
        // The kiosk's clock stands still: the double tap below is one however slow the machine is.
        let frozen = Date()
        try await TestServer.with(configure: { $0.clock = { frozen } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")

            // Her own session, with her own password: refused, whatever the body says.
            let own = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["username": "anna", "password": TestServer.password], token: anna.token)
            #expect(own.status == 403)
            #expect(own.problemCode == "kiosk_required")
            let managerOwn = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["username": "boss", "password": TestServer.password], token: boss.token)
            #expect(managerOwn.problemCode == "kiosk_required")

            // Employees cannot make their browser a kiosk.
            let notManager = try await server.client.json(.POST, "/api/v1/kiosks", ["name": "My phone"], token: anna.token)
            #expect(notManager.status == 403)
            #expect(notManager.problemCode == "manager_only")

            let kiosk = try await server.createKiosk(boss)
            let identity = try await server.client.json(.GET, "/api/v1/kiosk", cookie: kiosk.cookie)
            #expect(identity.json["name"] as? String == "Front desk")
            #expect(identity.json["id"] as? Int == Int(kiosk.id))
            #expect(try await server.client.json(.GET, "/api/v1/kiosk", token: anna.token).problemCode == "kiosk_required")
            let checkIn = try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password)
            #expect(checkIn.status == 201, "\(checkIn.text)")
            #expect(checkIn.json["action"] as? String == "checked_in")
            #expect(checkIn.json["displayName"] as? String == "Anna")
            let punch = try #require(checkIn.json["punch"] as? [String: Any])
            #expect(punch["source"] as? String == "kiosk")
            #expect(punch["kioskName"] as? String == "Front desk")
            // The server's clock, not the client's.
            let at = try #require((punch["at"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
            #expect(abs(at.timeIntervalSince(frozen)) < 1)

            // A double tap is refused instead of checking her straight out again.
            let doubleTap = try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password)
            #expect(doubleTap.status == 409)
            #expect(doubleTap.problemCode == "punch_repeated")

            let present = try await server.client.json(.GET, "/api/v1/timeclock/present", token: boss.token).jsonArray
            #expect(present.map { $0["username"] as? String } == ["anna"])
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/present", token: anna.token).status == 403)

            // She checked in three minutes ago.
            try await server.pool.execute("UPDATE punches SET at = at - interval '3 minutes' WHERE user_id = $1", [anna.userID])
            let checkOut = try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password)
            #expect(checkOut.json["action"] as? String == "checked_out")
            let today = try #require(checkOut.json["workedMinutesToday"] as? Int)
            let week = try #require(checkOut.json["workedMinutesThisWeek"] as? Int)
            #expect(week >= today)
            // Exactly 3 unless the three minutes straddled local midnight.
            let amsterdam = try #require(TimeZone(identifier: "Europe/Amsterdam"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = amsterdam
            let minuteOfDay = calendar.component(.hour, from: Date()) * 60 + calendar.component(.minute, from: Date())
            if minuteOfDay > 5 { #expect(today == 3) }
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/present", token: boss.token).jsonArray.isEmpty)

            // The kiosk cookie is CSRF-checked like a session cookie.
            let crossSite = try await server.client.json(
                .POST, "/api/v1/kiosk/punches", ["username": "anna", "password": TestServer.password],
                cookie: kiosk.cookie, headers: [("Origin", "https://evil.example")])
            #expect(crossSite.status == 403)
            #expect(crossSite.problemCode == "origin_not_allowed")

            let wrong = try await server.kioskPunch(kiosk, username: "anna", password: "not her password")
            #expect(wrong.status == 401)
            #expect(wrong.problemCode == "invalid_credentials")
        }
    }

    @Test func kiosksAreListedWithLastUseAndCanBeRevoked() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss, name: "Back door")
            let unused = try await server.createKiosk(boss, name: "Bar")
            #expect(try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password).status == 201)

            let list = try await server.client.json(.GET, "/api/v1/kiosks", token: boss.token).jsonArray
            #expect(list.count == 2)
            let used = try #require(list.first { $0["name"] as? String == "Back door" })
            #expect(used["lastUsedAt"] as? String != nil)
            #expect(used["token"] == nil)
            let idle = try #require(list.first { $0["name"] as? String == "Bar" })
            #expect(idle["lastUsedAt"] == nil)

            // Another workplace cannot see or revoke it.
            let other = try await server.createWorkplace()
            #expect(try await server.client.json(.GET, "/api/v1/kiosks", token: other.token).jsonArray.isEmpty)
            #expect(try await server.client.json(.DELETE, "/api/v1/kiosks/\(kiosk.id)", token: other.token).status == 404)
            // And its kiosk cannot punch our members.
            let foreignKiosk = try await server.createKiosk(other)
            #expect(try await server.kioskPunch(foreignKiosk, username: "anna", password: TestServer.password).status == 401)

            #expect(try await server.client.json(.DELETE, "/api/v1/kiosks/\(kiosk.id)", token: boss.token).status == 204)
            let revoked = try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password)
            #expect(revoked.status == 401)
            #expect(revoked.problemCode == "kiosk_revoked")
            _ = try await server.createEmployee(in: boss, username: "bram")
            #expect(try await server.kioskPunch(unused, username: "bram", password: TestServer.password).status == 201)
        }
    }

    @Test func pinsAreSetByManagersAndThrottled() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)

            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: anna.token).status == 403)
            let letters = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "48a1"], token: boss.token)
            #expect(letters.status == 422)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)
            let other = try await server.createWorkplace()
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "1111"], token: other.token).status == 404)

            #expect(try await server.kioskPunch(kiosk, username: "anna", pin: "4821").status == 201)
            for _ in 0..<5 {
                let wrong = try await server.kioskPunch(kiosk, username: "anna", pin: "0000")
                #expect(wrong.status == 401)
            }
            let throttled = try await server.kioskPunch(kiosk, username: "anna", pin: "4821")
            #expect(throttled.status == 429)
            #expect(throttled.problemCode == "kiosk_throttled")
            #expect((throttled.header("Retry-After").flatMap(Int.init) ?? 0) > 0)
            // The password route is throttled by the same per-member counter.
            #expect(try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password).status == 429)
            // Another member at the same kiosk is not locked out yet.
            _ = try await server.createEmployee(in: boss, username: "bram")
            #expect(try await server.kioskPunch(kiosk, username: "bram", password: TestServer.password).status == 201)
        }
    }

    /// A PIN typed without a name.
    func pinOnly(_ server: TestServer, _ kiosk: TestServer.Kiosk, _ pin: String) async throws -> TestHTTPClient.Response {
        try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": pin], cookie: kiosk.cookie, headers: server.sameOrigin)
    }

    /// A prankster typing wrong PINs for other names (known or not) stops nobody else: named
    /// attempts are counted per member, never against a kiosk-wide counter.
    @Test func wrongPinsForOneMemberDoNotBlockAnotherMember() async throws {
        let frozen = Date()
        try await TestServer.with(configure: { $0.clock = { frozen } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let kiosk = try await server.createKiosk(boss)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/pin", ["pin": "7305"], token: boss.token).status == 204)
            for name in ["anna", "ghost1", "ghost2", "ghost3", "ghost4", "ghost5", "ghost6", "ghost7"] {
                for _ in 0..<5 { #expect(try await server.kioskPunch(kiosk, username: name, pin: "0000").status == 401) }
                #expect(try await server.kioskPunch(kiosk, username: name, pin: "0000").status == 429)
            }
            // 40 wrong PINs at this kiosk: Anna waits, Bram punches with his tile, and with his PIN alone.
            #expect(try await server.kioskPunch(kiosk, username: "anna", pin: "4821").problemCode == "kiosk_throttled")
            let named = try await server.kioskPunch(kiosk, username: "bram", pin: "7305")
            #expect(named.status == 201, "\(named.text)")
            let alone = try await pinOnly(server, kiosk, "7305")
            #expect(alone.status == 409, "a double tap, verified and not throttled: \(alone.text)")
        }
    }

    /// Used up, the PIN-only budget pauses only PIN-only punches; successful punches never use it.
    @Test func aUsedUpPinOnlyBudgetAsksForTheNameFirst() async throws {
        let frozen = Date()
        try await TestServer.with(configure: {
            $0.loginThrottle.maxPinOnlyFailuresPerKiosk = 3
            $0.clock = { frozen }
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)
            #expect(try await pinOnly(server, kiosk, "4821").status == 201)
            for _ in 0..<4 { #expect(try await pinOnly(server, kiosk, "4821").status == 409) }
            for _ in 0..<3 { #expect(try await pinOnly(server, kiosk, "1111").status == 401) }
            let paused = try await pinOnly(server, kiosk, "4821")
            #expect(paused.status == 429)
            #expect(paused.problemCode == "kiosk_pin_only_paused")
            #expect((paused.json["detail"] as? String)?.contains("name") == true, "the answer says to give the name")
            // With the name (a tile), the right PIN punches; a wrong one is counted for Anna only.
            #expect(try await server.kioskPunch(kiosk, username: "anna", pin: "1111").status == 401)
            let named = try await server.kioskPunch(kiosk, username: "anna", pin: "4821")
            #expect(named.status == 409, "verified (a double tap), not throttled: \(named.text)")
            // Another kiosk of the workplace has its own budget.
            let other = try await server.createKiosk(boss, name: "Back door")
            #expect(try await pinOnly(server, other, "4821").status == 409)
        }
    }

    /// The day budget of PIN-only guesses outlasts the 15-minute windows (the test moves the
    /// windows back in the database instead of waiting).
    @Test func pinOnlyGuessesAreBoundedPerDay() async throws {
        try await TestServer.with(configure: {
            $0.loginThrottle.maxPinOnlyFailuresPerKiosk = 3
            $0.loginThrottle.maxPinOnlyFailuresPerKioskPerDay = 5
        }) { server in
            let boss = try await server.createWorkplace()
            let kiosk = try await server.createKiosk(boss)
            func windowPasses() async throws {
                try await server.pool.execute("""
                    UPDATE login_throttle SET window_start = window_start - interval '16 minutes', blocked_until = blocked_until - interval '16 minutes'
                    WHERE key LIKE 'kiosk-pin-only:%'
                    """)
            }
            for _ in 0..<3 { #expect(try await pinOnly(server, kiosk, "1111").status == 401) }
            #expect(try await pinOnly(server, kiosk, "1111").status == 429)
            try await windowPasses()
            for _ in 0..<2 { #expect(try await pinOnly(server, kiosk, "1111").status == 401) }
            let day = try await pinOnly(server, kiosk, "1111")
            #expect(day.status == 429)
            #expect(day.problemCode == "kiosk_pin_only_paused")
            #expect((day.header("Retry-After").flatMap(Int.init) ?? 0) > 3600)
            try await windowPasses()
            #expect(try await pinOnly(server, kiosk, "1111").status == 429, "the day's budget is still used up")
        }
    }

    /// Guessing one member's PIN over several kiosks is bounded by the member's own counter.
    @Test func oneMemberIsThrottledOverAllKiosks() async throws {
        try await TestServer.with(configure: { $0.loginThrottle.maxKioskFailuresPerMember = 8 }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/pin", ["pin": "7305"], token: boss.token).status == 204)
            let first = try await server.createKiosk(boss, name: "Front")
            let second = try await server.createKiosk(boss, name: "Back")
            let third = try await server.createKiosk(boss, name: "Side")
            for _ in 0..<5 { #expect(try await server.kioskPunch(first, username: "anna", pin: "0000").status == 401) }
            for _ in 0..<3 { #expect(try await server.kioskPunch(second, username: "anna", pin: "0000").status == 401) }
            let blocked = try await server.kioskPunch(third, username: "anna", pin: "4821")
            #expect(blocked.status == 429)
            #expect(blocked.problemCode == "kiosk_throttled")
            #expect(try await server.kioskPunch(third, username: "bram", pin: "7305").status == 201)
        }
    }
}
