import Foundation
@testable import ShiftyFeatures
import ShiftyPostgres
@testable import ShiftyServer
@testable import ShiftyServerCore
import ShiftyTestSupport
import Testing

/// `Idempotency-Key` (docs/idempotency.md): a retried write acts once, with the first answer.
@Suite struct IdempotencyTests {
    static func keyed(_ key: String) -> [(String, String)] { [("Idempotency-Key", "\"\(key)\"")] }

    static func newKey() -> String { UUID().uuidString.lowercased() }

    static func count(_ server: TestServer, _ sql: String, _ parameters: [any PostgresEncodable] = []) async throws -> Int {
        try await server.pool.query(sql, parameters)[0].decode(0, as: Int.self)
    }

    static func pickUps(_ server: TestServer, shift: Int64) async throws -> Int {
        try await count(server, "SELECT count(*) FROM deal_legs WHERE shift_id = $1", [shift])
    }

    @Test func aRetriedPickUpActsOnceAndAnswersTheSame() async throws {
        try await TestServer.with { server in
            let (_, _, bram, shift) = try await server.shiftOnOffer()
            let key = Self.newKey()
            let first = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(first.status == 201, "\(first.text)")
            #expect(first.header("Idempotent-Replayed") == nil)
            // The answer got lost (a 503 from a proxy, a dropped connection): the client sends it again.
            let retry = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(retry.status == 201, "\(retry.text)")
            #expect(retry.body == first.body)
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(retry.header("Content-Type") == first.header("Content-Type"))
            #expect(retry.header("Content-Language") == "en")
            #expect(retry.dealID == first.dealID)
            #expect(try await Self.pickUps(server, shift: shift) == 1)
            // Without a key the same request acts again (and is refused: the shift is taken).
            let again = try await server.act("/shifts/\(shift)/pick-up", as: bram)
            #expect(again.status == 409, "\(again.text)")
        }
    }

    @Test func oneKeyForAnotherRequestIsRefused() async throws {
        try await TestServer.with { server in
            let (boss, anna, bram, shift) = try await server.shiftOnOffer()
            let other = try await server.createShift(by: boss, for: anna, inDays: 4)
            #expect(try await server.act("/shifts/\(other)/supply", as: anna).status == 200)
            let key = Self.newKey()
            let first = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(first.status == 201)
            let otherShift = try await server.client.json(.POST, "/api/v1/shifts/\(other)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(otherShift.status == 422, "\(otherShift.text)")
            #expect(otherShift.problemCode == "idempotency_key_reused")
            // Same path, another body.
            let dates = [TestServer.localDate(in: 10).description]
            let request = try await server.client.json(.POST, "/api/v1/requests", ["dates": dates], token: bram.token, headers: Self.keyed("body-key"))
            #expect(request.status == 201, "\(request.text)")
            let otherBody = try await server.client.json(
                .POST, "/api/v1/requests", ["dates": [TestServer.localDate(in: 11).description]], token: bram.token, headers: Self.keyed("body-key"))
            #expect(otherBody.status == 422)
            #expect(otherBody.problemCode == "idempotency_key_reused")
            #expect(try await Self.pickUps(server, shift: other) == 0)
            #expect(try await Self.count(server, "SELECT count(*) FROM requests WHERE requester_id = $1", [bram.userID]) == 1)
        }
    }

    @Test func keysBelongToTheirCaller() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let body = ["dates": [TestServer.localDate(in: 9).description]]
            let annas = try await server.client.json(.POST, "/api/v1/requests", body, token: anna.token, headers: Self.keyed("shared-key"))
            let brams = try await server.client.json(.POST, "/api/v1/requests", body, token: bram.token, headers: Self.keyed("shared-key"))
            #expect(annas.status == 201, "\(annas.text)")
            #expect(brams.status == 201, "\(brams.text)")
            #expect(brams.header("Idempotent-Replayed") == nil)
            #expect(try await Self.count(server, "SELECT count(*) FROM requests WHERE requester_id = ANY($1)", [[anna.userID, bram.userID]]) == 2)
            // The same member's second login (another session) shares the member's keys.
            let annaAgain = try await server.login(workplace: boss.slug, username: "anna")
            let replay = try await server.client.json(.POST, "/api/v1/requests", body, token: annaAgain.token, headers: Self.keyed("shared-key"))
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == annas.body)
        }
    }

    @Test func aRefusalIsReplayedToo() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            let key = Self.newKey()
            let refused = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(refused.status == 409, "\(refused.text)")
            #expect(refused.problemCode == "shift_not_supplied")
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            // The retry gets the first answer, not a pick-up of the shift now on offer.
            let retry = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(retry.status == 409)
            #expect(retry.problemCode == "shift_not_supplied")
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(try await Self.pickUps(server, shift: shift) == 0)
            let fresh = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(Self.newKey()))
            #expect(fresh.status == 201)
        }
    }

    @Test func aRetriedApprovalActsOnce() async throws {
        try await TestServer.with { server in
            let (boss, _, bram, shift) = try await server.shiftOnOffer()
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            let key = Self.newKey()
            let approved = try await server.client.json(
                .POST, "/api/v1/deals/\(dealID)/approve", ["note": "fine"], token: boss.token, headers: Self.keyed(key))
            #expect(approved.status == 200, "\(approved.text)")
            let retry = try await server.client.json(
                .POST, "/api/v1/deals/\(dealID)/approve", ["note": "fine"], token: boss.token, headers: Self.keyed(key))
            #expect(retry.status == 200, "\(retry.text)")
            #expect(retry.body == approved.body)
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(try await Self.count(
                server, "SELECT count(*) FROM shift_history WHERE subject_type = 'deal' AND subject_id = $1 AND to_state = 'approved'",
                [Int64(dealID)]) == 1)
            #expect(try await Self.count(server, "SELECT count(*) FROM events WHERE type = 'deal.approved'") == 1)
        }
    }

    @Test func aRetriedKioskPunchPunchesOnce() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)
            let key = Self.newKey()
            // A retry sends the same bytes (a dictionary encoded twice may order its keys differently,
            // and another body is another request).
            let body = Data(#"{"username":"anna","password":"\#(TestServer.password)"}"#.utf8)
            func punch() async throws -> TestHTTPClient.Response {
                try await server.client.send(
                    .POST, "/api/v1/kiosk/punches",
                    headers: [("Content-Type", "application/json"), ("Cookie", kiosk.cookie)] + server.sameOrigin + Self.keyed(key), body: body)
            }
            let first = try await punch()
            #expect(first.status == 201, "\(first.text)")
            #expect(first.json["action"] as? String == "checked_in")
            let retry = try await punch()
            #expect(retry.status == 201, "\(retry.text)")
            #expect(retry.body == first.body)
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(try await Self.count(server, "SELECT count(*) FROM punches WHERE user_id = $1", [anna.userID]) == 1)
            // Kiosk keys are the kiosk's: the manager's own key of the same name is another key.
            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys WHERE kiosk_id = $1", [kiosk.id]) == 1)
            // Stored as hashes: neither the key nor her password is in the table.
            let stored = try await server.pool.query("SELECT key_hash, fingerprint, encode(body, 'escape') AS body FROM idempotency_keys")
            for row in stored {
                #expect(try row.decode("key_hash", as: String.self) != key)
                #expect(!(try row.decode("body", as: String.self)).contains(TestServer.password))
            }
        }
    }

    /// The key and the change commit in one transaction: when the commit is lost (here the
    /// database connection dies at COMMIT, as in a failover), neither stays, the client sees 503,
    /// and its retry with the key runs afresh, once.
    @Test func aLostCommitLeavesNeitherKeyNorChange() async throws {
        try await TestServer.with { server in
            let (_, _, bram, shift) = try await server.shiftOnOffer()
            try await server.pool.withConnection { connection in
                try connection.executeScript(
                    """
                    CREATE FUNCTION die_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        PERFORM pg_terminate_backend(pg_backend_pid());
                        PERFORM pg_sleep(5);
                        RETURN NULL;
                    END $$;
                    CREATE CONSTRAINT TRIGGER die_at_commit AFTER INSERT ON idempotency_keys
                        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION die_at_commit();
                    """)
            }
            let key = Self.newKey()
            let lost = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(lost.status == 503, "\(lost.text)")
            #expect(lost.problemCode == "database_unavailable")
            #expect(try await Self.pickUps(server, shift: shift) == 0)
            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys") == 0)
            #expect(try await Self.count(server, "SELECT count(*) FROM events WHERE type = 'deal.awaiting_approval'") == 0)

            try await server.pool.execute("DROP TRIGGER die_at_commit ON idempotency_keys")
            let retry = try await server.retryingABusyPool {
                try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            }
            #expect(retry.status == 201, "\(retry.text)")
            #expect(retry.header("Idempotent-Replayed") == nil)
            let replay = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == retry.body)
            #expect(try await Self.pickUps(server, shift: shift) == 1)
        }
    }

    @Test func aRequestStillRunningMakesItsTwinWait() async throws {
        try await TestServer.with { server in
            let (_, _, bram, shift) = try await server.shiftOnOffer()
            let key = Self.newKey()
            // Someone else holds the shift's row: the pick-up waits inside its transaction, key locked.
            let holding = DispatchSemaphore(value: 0)
            let held = AsyncStream<Void>.makeStream()
            let holder = Task.detached {
                try await server.pool.withConnection { connection in
                    try connection.execute("BEGIN")
                    try connection.execute("SELECT id FROM shifts WHERE id = $1 FOR UPDATE", [shift])
                    held.continuation.yield()
                    holding.wait()
                    try connection.execute("ROLLBACK")
                }
            }
            for await _ in held.stream { break }
            let first = Task {
                try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            }
            var locked = false
            for _ in 0..<600 where !locked {
                locked = try await Self.count(
                    server, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid::bigint = $1 AND granted"
                        // Tests run side by side, each in a database of its own: only this one's lock counts.
                        + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
                    [Int64(IdempotencyStore.lockClass)]) == 1
                if !locked { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(locked)
            let twin = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(twin.status == 409, "\(twin.text)")
            #expect(twin.problemCode == "idempotency_key_in_use")
            #expect(twin.header("Retry-After") == "1")
            holding.signal()
            try await holder.value
            let answer = try await first.value
            #expect(answer.status == 201, "\(answer.text)")
            let later = try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
            #expect(later.header("Idempotent-Replayed") == "true")
            #expect(later.body == answer.body)
            #expect(try await Self.pickUps(server, shift: shift) == 1)
        }
    }

    @Test func parallelTwinsActOnce() async throws {
        try await TestServer.with { server in
            let (_, _, bram, shift) = try await server.shiftOnOffer()
            let key = Self.newKey()
            let answers = try await withThrowingTaskGroup(of: TestHTTPClient.Response.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await server.client.json(.POST, "/api/v1/shifts/\(shift)/pick-up", token: bram.token, headers: Self.keyed(key))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for answer in answers {
                #expect(answer.status == 201 || answer.problemCode == "idempotency_key_in_use", "\(answer.status) \(answer.text)")
            }
            let created = answers.filter { $0.status == 201 }
            #expect(!created.isEmpty)
            #expect(Set(created.map(\.body)).count == 1)
            #expect(try await Self.pickUps(server, shift: shift) == 1)
        }
    }

    @Test func keysAreForgottenAfterADay() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let body = ["dates": [TestServer.localDate(in: 9).description]]
            let first = try await server.client.json(.POST, "/api/v1/requests", body, token: bram.token, headers: Self.keyed("old-key"))
            #expect(first.status == 201)
            _ = try await server.client.json(
                .POST, "/api/v1/requests", ["dates": [TestServer.localDate(in: 12).description]], token: bram.token, headers: Self.keyed("young-key"))
            try await server.pool.execute("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1", [bram.userID])
            try await server.pool.execute(
                "UPDATE idempotency_keys SET created_at = now() - interval '23 hours' WHERE id = (SELECT max(id) FROM idempotency_keys)")
            // Past its day, a key no longer answers for its request: the request runs again.
            let afterADay = try await server.client.json(.POST, "/api/v1/requests", body, token: bram.token, headers: Self.keyed("old-key"))
            #expect(afterADay.header("Idempotent-Replayed") == nil)
            #expect(afterADay.status == 409, "\(afterADay.text)")  // request_already_open: it ran

            try await server.pool.execute("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND created_at > now() - interval '1 hour'", [bram.userID])
            await ScheduleMaintenanceService(pool: server.pool, logger: .init(label: "test"), housekeeping: IdempotencyStore.sweeper(server.pool))
                .runOnce(generate: false)
            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys") == 1)
            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys WHERE created_at > now() - interval '24 hours'") == 1)
            // The sweep takes its clock from the caller: a day later, the last one goes too.
            await ScheduleMaintenanceService(pool: server.pool, logger: .init(label: "test"), housekeeping: IdempotencyStore.sweeper(server.pool))
                .runOnce(generate: false, asOf: Date().addingTimeInterval(86_400))
            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys") == 0)
        }
    }

    @Test func unusableKeysAreRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            for bad in ["", "\"\"", String(repeating: "k", count: 256), "\"unterminated", "tab\tkey", "\"a\"b\""] {
                let response = try await server.client.json(
                    .POST, "/api/v1/invites", ["role": "employee"], token: boss.token, headers: [("Idempotency-Key", bad)])
                #expect(response.status == 400, "\(bad): \(response.status) \(response.text)")
                #expect(response.problemCode == "idempotency_key_invalid", "\(bad)")
            }
            #expect(try await Self.count(server, "SELECT count(*) FROM invite_codes") == 0)
            // Bare and quoted forms are one key; 255 characters is the longest.
            let long = String(repeating: "k", count: 255)
            let put = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: boss.token, headers: [("Idempotency-Key", long)])
            #expect(put.status == 200, "\(put.text)")
            let quoted = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: boss.token, headers: Self.keyed(long))
            #expect(quoted.header("Idempotent-Replayed") == "true")
            // Safe methods ignore it.
            let get = try await server.client.json(.GET, "/api/v1/me", token: boss.token, headers: [("Idempotency-Key", "")])
            #expect(get.status == 200)
        }
    }

    @Test func keysAreReadAsTheDraftWritesThem() throws {
        #expect(try IdempotencyKey(header: "\"8e03978e-40d5-43e8-bc93-6894a57f9324\"").value == "8e03978e-40d5-43e8-bc93-6894a57f9324")
        #expect(try IdempotencyKey(header: "plain").value == "plain")
        #expect(try IdempotencyKey(header: #""say \"hi\" \\ bye""#).value == #"say "hi" \ bye"#)
        for bad in ["caf\u{e9}", "line\u{0}nul", #""bad \escape""#, #""trailing\""#] {
            #expect(throws: Problem.self, "\(bad)") { try IdempotencyKey(header: bad) }
        }
        let key = try IdempotencyKey(header: "k")
        let fingerprint = key.fingerprint(method: "POST", path: "/a", query: "", body: Array("{}".utf8))
        #expect(fingerprint == key.fingerprint(method: "POST", path: "/a", query: "", body: Array("{}".utf8)))
        #expect(fingerprint != key.fingerprint(method: "POST", path: "/a", query: "x=1", body: Array("{}".utf8)))
        #expect(fingerprint != key.fingerprint(method: "PUT", path: "/a", query: "", body: Array("{}".utf8)))
        #expect(fingerprint != (try IdempotencyKey(header: "l")).fingerprint(method: "POST", path: "/a", query: "", body: Array("{}".utf8)))
    }

    /// Answers that hand out a secret are never stored (the table would hold a usable credential);
    /// anonymous requests ignore the header (their answers are new sessions).
    @Test func secretsAndAnonymousAnswersAreNeverStored() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let key = Self.newKey()
            let feed = try await server.client.json(.POST, "/api/v1/calendar-feed", token: boss.token, headers: Self.keyed(key))
            let feedAgain = try await server.client.json(.POST, "/api/v1/calendar-feed", token: boss.token, headers: Self.keyed(key))
            #expect(feed.status == 201 && feedAgain.status == 201)
            #expect(feedAgain.header("Idempotent-Replayed") == nil)
            #expect(feed.json["url"] as? String != feedAgain.json["url"] as? String)

            let invite = try await server.client.json(.POST, "/api/v1/invites", ["role": "employee"], token: boss.token, headers: Self.keyed("invite"))
            #expect(invite.status == 201, "\(invite.text)")

            let login: [String: Any] = ["workplace": boss.slug, "username": "boss", "password": TestServer.password, "client": "bearer"]
            let session = try await server.client.json(.POST, "/api/v1/sessions", login, headers: Self.keyed("login"))
            let sessionAgain = try await server.client.json(.POST, "/api/v1/sessions", login, headers: Self.keyed("login"))
            #expect(session.status == 201 && sessionAgain.status == 201)
            #expect(session.json["token"] as? String != sessionAgain.json["token"] as? String)
            // Signed in, a login still hands out a new session, never a stored one.
            let signedIn = try await server.client.json(.POST, "/api/v1/sessions", login, token: boss.token, headers: Self.keyed("login"))
            #expect(signedIn.status == 201)
            #expect(signedIn.header("Idempotent-Replayed") == nil)

            #expect(try await Self.count(server, "SELECT count(*) FROM idempotency_keys") == 0)
        }
    }

    /// Every state-changing operation documents the header with the one reusable parameter.
    @Test func openAPIDocumentsTheHeaderOnEveryStateChangingOperation() throws {
        let document = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(document.contains("    IdempotencyKey:\n      name: Idempotency-Key\n      in: header"))
        var missing: [String] = []
        var path = ""
        var method: String?
        var documented = false
        func close() {
            if let method, !documented { missing.append("\(method.uppercased()) \(path)") }
            method = nil
        }
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /") {
                close()
                path = String(line.dropFirst(2).dropLast())
            } else if let verb = ["post", "put", "patch", "delete", "get"].first(where: { line.hasPrefix("    \($0):") }) {
                close()
                method = verb == "get" ? nil : verb
                documented = false
            } else if line.contains("#/components/parameters/IdempotencyKey") {
                documented = true
            } else if !line.hasPrefix(" ") && !line.isEmpty {
                close()
            }
        }
        close()
        #expect(missing == [])
    }
}
