import Foundation
import NIOCore
@testable import ShiftyLive
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import ShiftyWebSocket
import Testing

/// Issue 14: one member cannot take an instance's live capacity, and a replay of thousands of events to
/// a client that does not read holds one page, not the event loop.
@Suite struct LiveLimitTests {
    /// Writes `count` workplace events of about `size` bytes each; returns the id before them.
    static func insertEvents(_ count: Int, size: Int, in workplace: Int64, pool: PostgresPool) async throws -> Int64 {
        let before: Int64 = try await pool.query(
            "SELECT coalesce(max(id), 0)::bigint AS n FROM events WHERE workplace_id = $1", [workplace])[0].decode("n")
        _ = try await pool.execute(
            """
            INSERT INTO events (workplace_id, type, audience, payload)
            SELECT $1, 'shift.supplied', 'workplace', jsonb_build_object('filler', repeat('x', $3::int), 'n', n)
            FROM generate_series(1, $2::int) AS n
            """, [workplace, Int64(count), Int64(size)])
        return before
    }

    static func upgrade(_ server: TestServer, token: String) async throws -> TestHTTPClient.Response {
        try await server.client.send(.GET, "/api/v1/live?topics=marketplace", headers: [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Authorization", "Bearer \(token)"),
        ])
    }

    @Test func liveConnectionsAreCappedPerSessionAndPerMember() async throws {
        try await TestServer.with(configure: {
            $0.liveLimits.connectionsPerSession = 3
            $0.liveLimits.connectionsPerUser = 4
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            var open: [TestLiveClient] = []
            for _ in 1...3 { open.append(try await server.live(anna, query: "topics=marketplace")) }
            // A fourth on the same session: 429 before the upgrade, with Retry-After.
            let refused = try await Self.upgrade(server, token: anna.token)
            #expect(refused.status == 429)
            #expect(refused.problemCode == "too_many_live_connections")
            #expect(refused.header("Retry-After") == "30")
            // A browser cannot read that answer: the plain GET tells it why (426 when there is room).
            let why = try await server.client.json(.GET, "/api/v1/live", token: anna.token)
            #expect(why.status == 429 && why.problemCode == "too_many_live_connections")
            // Another session of hers gets the member's last place, then the member is full.
            let again = try await server.login(workplace: boss.slug, username: "anna")
            open.append(try await server.live(again, query: "topics=marketplace"))
            #expect(try await Self.upgrade(server, token: again.token).problemCode == "too_many_live_connections")
            // Other members are not affected.
            let bossLive = try await server.live(boss, query: "topics=marketplace")
            #expect(try await server.client.json(.GET, "/api/v1/live", token: boss.token).status == 426)
            // A closed connection gives its place back.
            await open.removeFirst().close()
            var reopened: TestLiveClient?
            for _ in 0..<50 where reopened == nil {
                reopened = try? await server.live(anna, query: "topics=marketplace")
                if reopened == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(reopened != nil)
            let metrics = MetricsTests.samples(try await server.client.send(.GET, "/metrics").text)
            #expect(metrics["shifty_live_connections_refused_total"] == 2)
            for client in open + [bossLive] + (reopened.map { [$0] } ?? []) { await client.close() }
        }
    }

    /// Before: the whole replay was read into memory and written at once, the 1 MiB queue overflowed and
    /// the client was closed with 1013 (and 100 such clients held the loops for 30 s). Now the replay
    /// waits for the client to read, page by page, and delivers everything once it does.
    @Test func aLongReplayWaitsForTheClientToReadAndThenDeliversEverything() async throws {
        try await TestServer.with(configure: { $0.liveLimits.replayPageSize = 50 }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            // 3,000 events of ~8 KiB: 24 MiB, far beyond the socket buffers and the 1 MiB queue.
            let after = try await Self.insertEvents(3000, size: 8 * 1024, in: boss.workplaceID, pool: server.pool)
            let slow = try await TestLiveClient.connect(port: server.port, token: anna.token, query: "topics=marketplace&after=\(after)")
            try await slow.channel.setOption(ChannelOptions.autoRead, value: false).get()
            try await Task.sleep(for: .seconds(1))
            // While she does not read, the loop serves others: HTTP and another member's live connection.
            // All of it is answered while her replay is still unfinished and she is still connected
            // (checked after it): the loop was not held until the replay was written or had overflowed.
            #expect(try await server.client.send(.GET, "/healthz").status == 200)
            let other = try await server.live(bram, query: "topics=marketplace")
            let delivered = MetricsTests.samples(try await server.client.send(.GET, "/metrics").text)["shifty_live_events_delivered_total"] ?? 0
            #expect(delivered < 3000, "the replay waits for the reader")
            #expect(slow.closeCode == nil)

            try await slow.channel.setOption(ChannelOptions.autoRead, value: true).get()
            slow.channel.read()
            // 24 MiB through a debug build on a busy machine: the guard only stops a stalled replay.
            let resumed = try await slow.next("resumed", timeout: .seconds(300))
            #expect(resumed["replayed"] as? Int == 3000)
            let ids = slow.eventIDs
            #expect(ids.count == 3000 && ids == ids.sorted() && ids.first == after + 1)
            #expect(slow.closeCode == nil)
            for client in [slow, other] { await client.close() }
        }
    }

    @Test func replaysBeyondTheMembersSlotsWaitTheirTurn() async throws {
        try await TestServer.with(configure: {
            $0.liveLimits.replaysPerSession = 1
            $0.liveLimits.replaysPerUser = 1
            $0.liveLimits.replayPageSize = 50
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let after = try await Self.insertEvents(2000, size: 8 * 1024, in: boss.workplaceID, pool: server.pool)
            // The first replay holds her only slot: its client does not read.
            let first = try await TestLiveClient.connect(port: server.port, token: anna.token, query: "topics=marketplace&after=\(after)")
            try await first.channel.setOption(ChannelOptions.autoRead, value: false).get()
            try await Task.sleep(for: .milliseconds(500))
            // The second connects (hello) but its replay waits.
            let second = try await TestLiveClient.connect(port: server.port, token: anna.token, query: "topics=marketplace&after=\(after)")
            try await second.next("hello")
            try await Task.sleep(for: .milliseconds(500))
            #expect(second.eventIDs.isEmpty)
            #expect(!second.messages.contains { $0["type"] as? String == "resumed" })
            let metrics = MetricsTests.samples(try await server.client.send(.GET, "/metrics").text)
            #expect(metrics["shifty_live_replays_queued_total"] == 1)
            // Another member replays meanwhile: the slots are per member.
            let boss2 = try await server.live(boss, query: "topics=marketplace&after=\(after + 1990)")
            #expect(try await boss2.next("resumed")["replayed"] as? Int == 10)
            // The first one goes away: its slot passes to the second, which gets everything.
            await first.drop()
            let resumed = try await second.next("resumed", timeout: .seconds(300))
            #expect(resumed["replayed"] as? Int == 2000)
            #expect(second.eventIDs == Array((after + 1)...(after + 2000)))
            for client in [second, boss2] { await client.close() }
        }
    }

    /// More recipients than one slice of the fan-out: every one gets every event, once, in order.
    @Test func aFanOutInSlicesReachesEveryRecipientInOrder() async throws {
        try await TestServer.with(configure: {
            $0.liveLimits.connectionsPerSession = 1000
            $0.liveLimits.connectionsPerUser = 1000
        }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let count = LiveShard.sliceBudget + 44
            var clients: [TestLiveClient] = []
            for _ in 0..<count { clients.append(try await server.live(anna, query: "topics=marketplace")) }
            let after = try await Self.insertEvents(3, size: 10, in: boss.workplaceID, pool: server.pool)
            for client in clients {
                try await client.wait(for: "three events", timeout: .seconds(120)) { $0.filter { $0["type"] as? String == "event" }.count == 3 }
                #expect(client.eventIDs == [after + 1, after + 2, after + 3])
            }
            for client in clients { await client.close() }
        }
    }

    // MARK: Without I/O

    @Test func admissionCountsConnectionsAndQueuesReplays() {
        var limits = LiveLimits()
        limits.connectionsPerSession = 2
        limits.connectionsPerUser = 3
        limits.replaysPerSession = 1
        limits.replaysPerUser = 2
        var admission = LiveAdmission(limits: limits)
        let r1 = admission.admitConnection(userID: 1, sessionID: 10)
        #expect(r1 == nil)
        let r2 = admission.admitConnection(userID: 1, sessionID: 10)
        #expect(r2 == nil)
        let r3 = admission.admitConnection(userID: 1, sessionID: 10)
        #expect(r3 == .sessionFull(limit: 2))
        let r4 = admission.admitConnection(userID: 1, sessionID: 11)
        #expect(r4 == nil)
        let r5 = admission.admitConnection(userID: 1, sessionID: 12)
        #expect(r5 == .userFull(limit: 3))
        let r6 = admission.admitConnection(userID: 2, sessionID: 20)
        #expect(r6 == nil)
        admission.connectionClosed(userID: 1, sessionID: 10)
        let r7 = admission.admitConnection(userID: 1, sessionID: 12)
        #expect(r7 == nil)

        final class Marker {}
        let markers = (0..<4).map { _ in Marker() }
        func ticket(_ index: Int, session: Int64) -> LiveAdmission.Ticket {
            .init(id: ObjectIdentifier(markers[index]), userID: 1, sessionID: session)
        }
        let a = ticket(0, session: 10), b = ticket(1, session: 10), c = ticket(2, session: 11), d = ticket(3, session: 11)
        let r8 = admission.requestReplay(a)
        #expect(r8)
        let r9 = admission.requestReplay(b)
        #expect(!r9)  // session 10 has its one
        let r10 = admission.requestReplay(c)
        #expect(!r10)  // fits, but waits behind the member's earlier request
        #expect(admission.waiting == [b, c])
        admission.cancelWaiting(b)
        let r11 = admission.replayFinished(a)
        #expect(r11 == [c])
        let r12 = admission.requestReplay(ticket(0, session: 12))
        #expect(r12)
        let r13 = admission.requestReplay(d)
        #expect(!r13)  // the member has two running
        let r14 = admission.replayFinished(c)
        #expect(r14 == [d])
        #expect(admission.waiting.isEmpty)
    }

    @Test func aSweepDeliversInOrderWithinItsBudget() {
        var got: [Int] = []
        var sweep = LiveSweep(recipients: Array(0..<10), cost: 3) { got.append($0) }
        var budget = 10
        let firstDone = sweep.run(budget: &budget)
        #expect(!firstDone)
        #expect(got == [0, 1, 2, 3])
        budget = 1
        let secondDone = sweep.run(budget: &budget)
        #expect(!secondDone)  // always at least one
        #expect(got == [0, 1, 2, 3, 4])
        budget = 100
        let lastDone = sweep.run(budget: &budget)
        #expect(lastDone)
        #expect(got == Array(0..<10))
        #expect(budget == 100 - 5 * 3)
    }
}
