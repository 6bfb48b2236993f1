import Foundation
import NIOCore
@testable import ShiftyLive
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import ShiftyWebSocket
import Testing

/// The live stream end to end on one instance: real sockets, our WebSocket client, PostgreSQL.
@Suite struct LiveStreamTests {
    @Test func helloThenMarketplaceEventsArriveWithTheShift() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)

            let watcher = try await TestLiveClient.connect(port: server.port, token: bram.token, query: "topics=marketplace")
            let hello = try await watcher.next("hello")
            #expect((hello["user"] as? [String: Any])?["username"] as? String == "bram")
            #expect(hello["topics"] as? [String] == ["marketplace", "requests", "deals", "notifications", "schedule", "now"])
            #expect(hello["subscribed"] as? [String] == ["marketplace"])
            let newest = try #require((hello["newestEventId"] as? NSNumber)?.int64Value)

            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let events = try await watcher.waitForEvents(["shift.supplied"])
            let event = try #require(events.first)
            #expect((event["id"] as? NSNumber)?.int64Value ?? 0 > newest)
            #expect(event["topics"] as? [String] == ["marketplace"])
            let shifts = try #require((event["data"] as? [String: Any])?["shifts"] as? [[String: Any]])
            #expect(shifts.first?["id"] as? Int == Int(shift))
            #expect(shifts.first?["status"] as? String == "supplied")
            #expect(shifts.first?["ownerName"] as? String != nil)
            #expect((event["data"] as? [String: Any])?["actorId"] as? Int == Int(anna.userID))

            // Picking it up takes it off everyone's marketplace at once.
            #expect(try await server.act("/shifts/\(shift)/pick-up", as: bram).status == 201)
            try await watcher.waitForEvents(["shift.supplied", "shift.revoked"])
            await watcher.close()
        }
    }

    @Test func refusedUpgradesGetPlainHTTPAnswers() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            #expect(try await server.liveUpgradeRefusal(headers: []) == (401, "unauthenticated"))
            #expect(try await server.liveUpgradeRefusal(headers: [("Authorization", "Bearer not-a-session")]) == (401, "session_expired"))
            let foreign = [("Cookie", "shifty_session=\(anna.token)"), ("Origin", "https://evil.example")]
            #expect(try await server.liveUpgradeRefusal(headers: foreign) == (403, "origin_not_allowed"))
            let noOrigin = [("Cookie", "shifty_session=\(anna.token)")]
            #expect(try await server.liveUpgradeRefusal(headers: noOrigin) == (403, "origin_not_allowed"))
            let bearer = [("Authorization", "Bearer \(anna.token)")]
            #expect(try await server.liveUpgradeRefusal(query: "after=-4", headers: bearer) == (400, "invalid_parameter"))
            #expect(try await server.liveUpgradeRefusal(query: "topics=approvals", headers: bearer) == (400, "forbidden_topic"))
            #expect(try await server.liveUpgradeRefusal(query: "topics=gossip", headers: bearer) == (400, "unknown_topic"))
            // Without an upgrade the router answers: 426, not 404.
            let plain = try await server.client.json(.GET, "/api/v1/live", token: anna.token)
            #expect(plain.status == 426 && plain.problemCode == "websocket_required")
            #expect(plain.header("Upgrade") == "websocket")

            // The browser's own origin with the cookie is accepted.
            let own = try await TestLiveClient.connect(
                port: server.port, token: "", query: "",
                headers: [("Cookie", "shifty_session=\(anna.token)"), ("Origin", "http://127.0.0.1:\(server.port)")])
            #expect(try await own.next("hello")["type"] as? String == "hello")
            await own.close()
        }
    }

    @Test func badClientMessagesGetErrorsAndTheConnectionStays() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let client = try await server.live(anna, query: "")
            let cases: [(String, String)] = [
                ("not json", "malformed_message"),
                ("[1,2]", "malformed_message"),
                (#"{"type":"subscribe","topics":"marketplace"}"#, "malformed_message"),
                (#"{"type":"dance"}"#, "unknown_message_type"),
                (#"{"type":"subscribe","topics":["gossip"]}"#, "unknown_topic"),
                (#"{"type":"subscribe","topics":["approvals"]}"#, "forbidden_topic"),
                (#"{"type":"resume"}"#, "invalid_resume"),
                (#"{"type":"resume","after":-1}"#, "invalid_resume"),
            ]
            for (index, (text, code)) in cases.enumerated() {
                client.send(json: text)
                let errors = try await client.wait(for: "error \(code)") { messages in
                    messages.filter { $0["type"] as? String == "error" }.count > index
                }.filter { $0["type"] as? String == "error" }
                #expect(errors[index]["code"] as? String == code, "\(text)")
            }
            client.connection.send(.binary(.init(bytes: [1, 2, 3])))
            try await client.wait(for: "binary refusal") { $0.contains { $0["code"] as? String == "binary_not_supported" } }
            client.send(json: #"{"type":"ping"}"#)
            try await client.next("pong")
            client.send(json: #"{"type":"subscribe","topics":["marketplace","deals"],"extra":true}"#)
            let subscribed = try await client.next("subscribed")
            #expect(subscribed["topics"] as? [String] == ["marketplace", "deals"])
            client.send(json: #"{"type":"unsubscribe","topics":["deals"]}"#)
            try await client.wait(for: "unsubscribed") { messages in
                messages.contains { $0["type"] as? String == "subscribed" && $0["topics"] as? [String] == ["marketplace"] }
            }
            #expect(client.closeCode == nil)
            await client.close()
        }
    }

    @Test func deliveriesFollowTheAudience() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            let otherBoss = try await server.createWorkplace()
            let outsider = try await server.createEmployee(in: otherBoss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 4)

            let everything = "topics=marketplace,requests,deals,notifications,schedule"
            let manager = try await server.live(boss, query: everything + ",approvals")
            let bramLive = try await server.live(bram, query: everything)
            let chloeLive = try await server.live(chloe, query: everything)
            let outsiderLive = try await server.live(outsider, query: everything)

            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            try await manager.waitForEvents(["shift.supplied", "deal.awaiting_approval", "shift.revoked"])
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            try await manager.waitForEvents(["approval.resolved"])
            try await bramLive.waitForEvents(["shift.supplied", "shift.revoked", "deal.approved"])
            try await chloeLive.waitForEvents(["shift.supplied", "shift.revoked"])
            // A marker everyone in the workplace sees, so "nothing else arrived" is checked after it.
            let marker = try await server.createShift(by: boss, for: chloe, inDays: 5)
            #expect(try await server.act("/shifts/\(marker)/supply", as: chloe).status == 200)
            try await chloeLive.waitForEvents(["shift.supplied", "shift.revoked", "shift.created", "shift.supplied"])
            try await bramLive.waitForEvents(["deal.approved", "shift.supplied"])

            // Employees never see the approval queue; only the deal's parties see its decision.
            #expect(!bramLive.eventTypes.contains("deal.awaiting_approval"))
            #expect(!chloeLive.eventTypes.contains { $0.hasPrefix("deal.") || $0 == "approval.resolved" })
            #expect(manager.eventTypes.contains("deal.awaiting_approval"))
            #expect(!manager.eventTypes.contains("deal.approved"))
            // Nothing crosses workplaces: the outsider's own workplace then supplies a shift; its event
            // comes after every event above in the one outbox, so once it is here nothing else is coming.
            let outsiderShift = try await server.createShift(by: otherBoss, for: outsider, inDays: 5)
            #expect(try await server.act("/shifts/\(outsiderShift)/supply", as: outsider).status == 200)
            try await outsiderLive.waitForEvents(["shift.supplied"])
            for event in outsiderLive.events {
                let shiftIDs = ((event["data"] as? [String: Any])?["shiftIds"] as? [NSNumber])?.map(\.int64Value) ?? []
                #expect(shiftIDs.allSatisfy { $0 == outsiderShift }, "\(event)")
                #expect(!((event["type"] as? String) ?? "").hasPrefix("deal."), "\(event)")
            }
            for client in [manager, bramLive, chloeLive, outsiderLive] { await client.close() }
        }
    }

    /// Authorization is checked per pushed event against the current role, not the role the socket
    /// was opened with: a demoted manager's open connection stops getting the approval queue.
    @Test func aDemotedManagerStopsReceivingApprovalEventsOnAnOpenSocket() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let mia = try await server.createEmployee(in: boss, username: "mia", role: "manager")
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let everything = "topics=marketplace,requests,deals,notifications,schedule,approvals"
            let bossLive = try await server.live(boss, query: everything)
            let miaLive = try await server.live(mia, query: everything)

            let first = try await server.createShift(by: boss, for: anna, inDays: 4)
            #expect(try await server.act("/shifts/\(first)/supply", as: anna).status == 200)
            _ = try #require(try await server.act("/shifts/\(first)/pick-up", as: bram).dealID)
            try await miaLive.waitForEvents(["deal.awaiting_approval"])

            let demoted = try await server.client.json(.PATCH, "/api/v1/users/\(mia.userID)", ["role": "employee"], token: boss.token)
            #expect(demoted.status == 200, "\(demoted.text)")
            let second = try await server.createShift(by: boss, for: anna, inDays: 5)
            #expect(try await server.act("/shifts/\(second)/supply", as: anna).status == 200)
            _ = try #require(try await server.act("/shifts/\(second)/pick-up", as: bram).dealID)
            try await bossLive.waitForEvents(["deal.awaiting_approval", "deal.awaiting_approval"])
            // Everyone's events after the demotion arrive; the approval queue does not.
            try await miaLive.waitForEvents(["deal.awaiting_approval", "shift.revoked", "shift.supplied", "shift.revoked"])
            // A later event mia sees: once it is here, every earlier one has been delivered or withheld.
            let marker = try await server.createShift(by: boss, for: anna, inDays: 6)
            #expect(try await server.act("/shifts/\(marker)/supply", as: anna).status == 200)
            try await miaLive.wait(for: "the marker") { messages in
                messages.contains { message in
                    let event = message["event"] as? [String: Any]
                    return event?["type"] as? String == "shift.supplied"
                        && ((event?["data"] as? [String: Any])?["shiftIds"] as? [NSNumber])?.map(\.int64Value) == [marker]
                }
            }
            #expect(miaLive.eventTypes.filter { $0 == "deal.awaiting_approval" }.count == 1, "\(miaLive.eventTypes)")
            #expect(miaLive.closeCode == nil)
            for client in [bossLive, miaLive] { await client.close() }
        }
    }

    @Test func resumeDeliversExactlyWhatWasMissedInOrder() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shifts = try await (1...4).asyncMap { try await server.createShift(by: boss, for: anna, inDays: $0 + 1) }

            let first = try await server.live(bram, query: "topics=marketplace")
            #expect(try await server.act("/shifts/\(shifts[0])/supply", as: anna).status == 200)
            try await first.waitForEvents(["shift.supplied"])
            let lastSeen = try #require(first.eventIDs.last)
            await first.drop()

            // Missed while away: three supplies and a revoke.
            for id in shifts[1...] { #expect(try await server.act("/shifts/\(id)/supply", as: anna).status == 200) }
            #expect(try await server.act("/shifts/\(shifts[1])/revoke", as: anna).status == 200)
            let expected = try await server.pool.query(
                "SELECT id FROM events WHERE workplace_id = $1 AND id > $2 AND type IN ('shift.supplied', 'shift.revoked') ORDER BY id",
                [boss.workplaceID, lastSeen]
            ).map { try $0.decode("id", as: Int64.self) }
            #expect(expected.count == 4)

            let second = try await server.live(bram, query: "topics=marketplace&after=\(lastSeen)")
            let resumed = try await second.next("resumed")
            #expect((resumed["after"] as? NSNumber)?.int64Value == lastSeen)
            #expect((resumed["replayed"] as? Int) == 4)
            #expect(second.eventIDs == expected)

            // Live events continue after the replay, without duplicates.
            let fresh = try await server.createShift(by: boss, for: anna, inDays: 9)
            #expect(try await server.act("/shifts/\(fresh)/supply", as: anna).status == 200)
            try await second.wait(for: "one more event") { $0.filter { $0["type"] as? String == "event" }.count == 5 }
            let ids = second.eventIDs
            #expect(ids == ids.sorted() && Set(ids).count == ids.count)

            // The same through a `resume` message on a fresh connection.
            let third = try await server.live(bram, query: "topics=marketplace")
            third.send(json: #"{"type":"resume","after":\#(lastSeen)}"#)
            try await third.next("resumed")
            #expect(Array(third.eventIDs.prefix(4)) == expected)
            #expect(Set(third.eventIDs).count == third.eventIDs.count)
            for client in [second, third] { await client.close() }
        }
    }

    @Test func resumingFromTooOldOrUnknownIDsAsksForAResync() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let newest: Int64 = try await server.pool.query("SELECT max(id) AS n FROM events WHERE workplace_id = $1", [boss.workplaceID])[0].decode("n")

            let future = try await server.live(anna, query: "topics=marketplace&after=\(newest + 1000)")
            let resync = try await future.next("resync_required")
            #expect((resync["newestEventId"] as? NSNumber)?.int64Value == newest)

            // Retention may have removed everything up to `newest`: resuming from before that cannot be served.
            _ = try await server.pool.execute(
                "INSERT INTO event_retention (workplace_id, pruned_through_id) VALUES ($1, $2)", [boss.workplaceID, newest])
            let old = try await server.live(anna, query: "topics=marketplace&after=1")
            let pruned = try await old.next("resync_required")
            #expect((pruned["oldestAvailableId"] as? NSNumber)?.int64Value == newest + 1)
            #expect((pruned["newestEventId"] as? NSNumber)?.int64Value == newest)
            // Live delivery goes on after a resync.
            #expect(try await server.act("/shifts/\(shift)/revoke", as: anna).status == 200)
            try await old.waitForEvents(["shift.revoked"])
            #expect(!old.eventTypes.contains("shift.supplied"))
            for client in [future, old] { await client.close() }
        }
    }

    @Test func retentionPrunesOldEventsAndRecordsTheBoundary() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.pool.execute(
                """
                INSERT INTO events (workplace_id, type, audience, created_at)
                SELECT $1, 'shift.supplied', 'workplace', now() - interval '20 days' FROM generate_series(1, 3)
                """, [boss.workplaceID])
            let kept: Int64 = try await server.pool.query(
                "INSERT INTO events (workplace_id, type, audience) VALUES ($1, 'shift.revoked', 'workplace') RETURNING id", [boss.workplaceID]
            )[0].decode("id")
            let removed = try await server.pool.withConnection { try LiveEventStore.prune(olderThanDays: 14, on: $0) }
            #expect(removed == 3)
            let boundary: Int64 = try await server.pool.query(
                "SELECT pruned_through_id FROM event_retention WHERE workplace_id = $1", [boss.workplaceID])[0].decode("pruned_through_id")
            #expect(boundary < kept && boundary > 0)
            #expect(try await server.pool.query("SELECT id FROM events WHERE workplace_id = $1", [boss.workplaceID]).count == 1)
        }
    }

    @Test func endedSessionsAreClosedWith1008() async throws {
        try await TestServer.with(configure: { $0.livePollInterval = .milliseconds(300) }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let client = try await server.live(anna)
            let logout = try await server.client.json(.DELETE, "/api/v1/sessions/current", token: anna.token)
            #expect(logout.status == 204, "\(logout.text)")
            #expect(try await client.waitForClose() == .policyViolation)
        }
    }

    @Test func aClientThatStopsReadingIsClosedWith1013() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let slow = try await server.live(anna, query: "topics=marketplace")
            let fast = try await server.live(boss, query: "topics=marketplace")
            try await slow.channel.setOption(ChannelOptions.autoRead, value: false).get()
            // 16 MiB in events of 16 KiB: far more than the socket buffers plus the 1 MiB queue. They come
            // in bursts the reading client keeps up with.
            let blob = String(repeating: "x", count: 16 * 1024)
            for round in 1...25 {
                _ = try await server.pool.execute(
                    """
                    INSERT INTO events (workplace_id, type, audience, payload)
                    SELECT $1, 'shift.supplied', 'workplace', jsonb_build_object('filler', $2::text) FROM generate_series(1, 40)
                    """, [boss.workplaceID, blob])
                try await fast.wait(for: "burst \(round)", timeout: .seconds(120)) { $0.filter { $0["type"] as? String == "event" }.count == round * 40 }
            }
            try await slow.channel.setOption(ChannelOptions.autoRead, value: true).get()
            slow.channel.read()
            let close = try await slow.waitForClose()
            // The 1013 frame waits behind everything already in the socket; when the 25 rounds take
            // longer than the close handshake's timeout (a loaded machine), the server drops the
            // connection without it. Either way the server gave up on the client (the metric below).
            #expect(close == .tryAgainLater || close == nil, "closed with \(String(describing: close)) after \(slow.eventIDs.count) events")
            #expect(slow.eventIDs.count < 1000)
            let metrics = MetricsTests.samples(try await server.client.send(.GET, "/metrics").text)
            #expect(metrics["shifty_live_slow_client_closes_total"] == 1)
            await fast.close()
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
