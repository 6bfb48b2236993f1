import Foundation
import ShiftyTestSupport
import Testing

@Suite struct KioskTests {
    @Test func onlyAKioskCanPunchNeverAnEmployeesOwnSession() async throws {
        try await TestServer.with { server in
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
            #expect(abs(at.timeIntervalSinceNow) < 60)

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
}
