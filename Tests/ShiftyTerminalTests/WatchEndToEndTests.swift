import Foundation
import NIOCore
import NIOPosix
import ShiftyConnections
@testable import ShiftyTerminal
import ShiftyTestSupport
import ShiftyWebSocket
import Testing

/// The terminal client against a real server and database: REST commands, refusals, and `watch`
/// seeing changes live and getting exactly what it missed after a dropped connection.
@Suite(.serialized) struct WatchEndToEndTests {
    @Test func restClientListsOffersAndExplainsRefusals() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            let supplied = try await workplace.anna.supply(shiftID: shiftID)
            #expect(supplied.shifts.first?.status == .supplied)
            let market = try await workplace.ben.marketplace()
            #expect(market.map(\.id) == [shiftID])
            #expect(market.first?.ownerName == "Anna")

            // Anna cannot take her own shift: the refusal code becomes a sentence.
            do throws(APIClientError) {
                _ = try await workplace.anna.take(shiftID: shiftID)
                Issue.record("taking one's own shift succeeded")
            } catch {
                #expect(error.problemCode == "own_shift")
                #expect(error.message == ProblemMessages.message(for: APIProblem(status: 422, code: "own_shift")))
            }
            do throws(APIClientError) {
                _ = try await ShiftyAPIClient(server: workplace.address, token: nil)
                    .login(workplace: workplace.slug, username: "anna", password: "wrong")
                Issue.record("a wrong password logged in")
            } catch {
                #expect(error.problemCode == "invalid_credentials")
            }
            do throws(APIClientError) {
                _ = try await ShiftyAPIClient(server: workplace.address, token: "not-a-token").marketplace()
                Issue.record("a made-up token was accepted")
            } catch {
                #expect(error.message.contains("shifty login"))
            }
            let schedule = try await workplace.anna.schedule()
            #expect(schedule.flatMap(\.shifts).contains { $0.id == shiftID })
        }
    }

    /// The supplied shift reaches the board as a pushed event on the watcher's first connection: the
    /// server's poll fallback is an hour away and no reconnection or reload happened, so only the
    /// live push can have brought it (within the 60 s hang guard).
    @Test func watchShowsASuppliedShiftAppear() async throws {
        try await TestServer.with(configure: { $0.livePollInterval = .seconds(3600) }) { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 2)
            let token = try #require(workplace.ben.token)
            let watcher = LiveWatcher(configuration: .init(server: workplace.address, token: token, output: .silent))
            let recorder = SnapshotRecorder()
            recorder.attach(to: watcher)
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            _ = try await recorder.wait("connected") { $0.status == .connected }

            let supplied = Date()
            _ = try await workplace.anna.supply(shiftID: shiftID)
            let snapshot = try await recorder.wait("the supplied shift") { $0.board.rows[shiftID] != nil }
            let supplyEvents = try await workplace.eventIDs(after: 0, type: "shift.supplied")
            #expect(supplyEvents.count == 1)
            #expect(supplyEvents.allSatisfy(snapshot.appliedEventIDs.contains), "applied as a pushed event")
            #expect(snapshot.connections == 1, "no reconnection (and reload) in between")
            #expect(snapshot.board.rows[shiftID]?.state == .offered)
            // It flashes: its flash ends after the supply (measured at the supply, not at the
            // possibly much later moment this test looks).
            #expect(snapshot.board.isFlashing(shiftID, at: supplied))
            #expect(snapshot.lastEventID == snapshot.appliedEventIDs.last)

            // Ben takes it; the row says so.
            _ = try await workplace.ben.take(shiftID: shiftID)
            let taken = try await recorder.wait("the take") { $0.board.rows[shiftID]?.state != .offered }
            #expect(taken.board.rows[shiftID]?.state == .gone("taken by Ben"))

            watcher.stop()
            #expect(await running.value == .quit)
        }
    }

    /// What scripts see: `--json` prints each event object as one JSON line, without a TTY one plain
    /// line per event; connection notes go to stderr, never between the events.
    @Test(arguments: [WatchOutputMode.json, .lines])
    func scriptOutputIsOneLinePerEvent(mode: WatchOutputMode) async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let first = try await workplace.createShiftForAnna(inDays: 2)
            let second = try await workplace.createShiftForAnna(inDays: 3)
            let token = try #require(workplace.ben.token)
            let out = Locked<String>("")
            let err = Locked<String>("")
            let sink = WatchSink(out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } })
            let watcher = LiveWatcher(configuration: .init(server: workplace.address, token: token, output: mode, sink: sink))
            let recorder = SnapshotRecorder()
            recorder.attach(to: watcher)
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            _ = try await recorder.wait("connected") { $0.status == .connected }
            _ = try await workplace.anna.supply(shiftID: first)
            _ = try await workplace.anna.supply(shiftID: second)
            let done = try await recorder.wait("two events") { $0.appliedEventIDs.count == 2 }
            watcher.stop()
            _ = await running.value

            let lines = out.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 2)
            for (line, (id, shift)) in zip(lines, zip(done.appliedEventIDs, [first, second])) {
                switch mode {
                case .json:
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    #expect((object["id"] as? NSNumber)?.int64Value == id)
                    #expect(object["type"] as? String == "shift.supplied")
                    let data = try #require(object["data"] as? [String: Any])
                    #expect((data["shiftIds"] as? [NSNumber])?.map(\.int64Value) == [shift])
                default:
                    #expect(line.hasPrefix("#\(id) "))
                    #expect(line.contains(" shift.supplied shift \(shift) "))
                    #expect(line.hasSuffix(", Anna, supplied"))
                }
            }
            #expect(err.withLock { $0 }.contains("shifty watch: connected"))
        }
    }

    /// A manager's watcher also follows the approval queue: a pick-up shows as pending, approving it
    /// through `shifty approve`'s call shows who took it.
    @Test func managersSeePickUpsWaitForApprovalAndTheirDecision() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let shiftID = try await workplace.createShiftForAnna(inDays: 4)
            _ = try await workplace.anna.supply(shiftID: shiftID)
            let out = Locked<[String]>([])
            let sink = WatchSink(out: { text in out.withLock { $0.append(text) } }, err: { _ in })
            let watcher = LiveWatcher(configuration: .init(
                server: workplace.address, token: workplace.managerToken, output: .lines, sink: sink))
            let recorder = SnapshotRecorder()
            recorder.attach(to: watcher)
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            let connected = try await recorder.wait("connected") { $0.status == .connected }
            #expect(connected.board.rows[shiftID]?.state == .offered)

            let taken = try await workplace.ben.take(shiftID: shiftID)
            let dealID = try #require(taken.deal?.id)
            #expect(taken.deal?.state == .pendingApproval)
            _ = try await recorder.wait("pending approval") { $0.board.rows[shiftID]?.state == .pendingApproval }
            _ = try await recorder.wait("the approval queue event") { _ in
                out.withLock { $0.contains { $0.contains(" deal.awaiting_approval deal \(dealID) ") } }
            }
            let approved = try await workplace.manager.approve(dealID: dealID, note: "fine")
            #expect(approved.deal?.state == .approved)
            _ = try await recorder.wait("taken by Ben") { $0.board.rows[shiftID]?.state == .gone("taken by Ben") }
            watcher.stop()
            _ = await running.value
        }
    }

    @Test func resumeAfterADropDeliversExactlyTheMissedEventsInOrder() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            var shiftIDs: [Int64] = []
            for day in 2...5 { shiftIDs.append(try await workplace.createShiftForAnna(inDays: day)) }
            let token = try #require(workplace.ben.token)
            // A first delay no test outlives: the test reconnects it (`reconnectNow`) once the changes
            // below happened while it was away, however slow the machine.
            let policy = ReconnectPolicy(initialDelay: 3600, multiplier: 2, maximumDelay: 3600, jitter: 0)
            let watcher = LiveWatcher(configuration: .init(server: workplace.address, token: token, output: .silent, policy: policy))
            let recorder = SnapshotRecorder()
            recorder.attach(to: watcher)
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            _ = try await recorder.wait("connected") { $0.status == .connected }
            _ = try await workplace.anna.supply(shiftID: shiftIDs[0])
            let before = try await recorder.wait("the first offer") { $0.board.rows[shiftIDs[0]] != nil }
            let lastBeforeDrop = try #require(before.lastEventID)

            watcher.dropConnection()
            _ = try await recorder.wait("the drop") {
                if case .reconnecting = $0.status { return true }
                return false
            }
            for id in shiftIDs.dropFirst() { _ = try await workplace.anna.supply(shiftID: id) }
            let missed = try await workplace.eventIDs(after: lastBeforeDrop, type: "shift.supplied")
            #expect(missed.count == 3)
            let mid = try #require(recorder.latest.withLock { $0 })
            #expect(mid.appliedEventIDs.last == lastBeforeDrop, "events arrived while disconnected")
            watcher.reconnectNow()

            let after = try await recorder.wait("the resume") { $0.connections == 2 && $0.appliedEventIDs.count == before.appliedEventIDs.count + 3 }
            #expect(Array(after.appliedEventIDs.suffix(3)) == missed)
            #expect(after.appliedEventIDs == before.appliedEventIDs + missed)
            for id in shiftIDs { #expect(after.board.rows[id]?.state == .offered) }
            #expect(after.status == .connected)

            watcher.stop()
            _ = await running.value
        }
    }

    /// A deploy: the instance the client is on shuts down (close code 1001), the address now leads to
    /// another instance on the same database, and the client resumes there without gaps or duplicates.
    @Test func aShutdownMovesTheClientToAnotherInstanceWithoutLosingEvents() async throws {
        try await TestServer.with { a in
            let workplace = try await TerminalTestWorkplace.create(on: a)
            var created: [Int64] = []
            for day in 2...5 { created.append(try await workplace.createShiftForAnna(inDays: day)) }
            let shiftIDs = created
            let token = try #require(workplace.ben.token)
            let recorder = SnapshotRecorder()
            let policy = ReconnectPolicy(initialDelay: 3600, multiplier: 2, maximumDelay: 3600, jitter: 0)
            let (proxy, watcher, running, before) = try await a.withAnotherInstance(named: "B") { b in
                let proxy = try await TestTCPProxy.start(upstreamPort: b.port)
                let address = try #require(ServerAddress("http://127.0.0.1:\(proxy.port)"))
                let watcher = LiveWatcher(configuration: .init(server: address, token: token, output: .silent, policy: policy))
                recorder.attach(to: watcher)
                let running = Task { await watcher.run() }
                _ = try await recorder.wait("connected to B") { $0.status == .connected }
                _ = try await workplace.anna.supply(shiftID: shiftIDs[0])
                let before = try await recorder.wait("the first offer, through B") { $0.board.rows[shiftIDs[0]] != nil }
                proxy.switchUpstream(to: a.port)
                return (proxy, watcher, running, before)
            }
            defer { running.cancel() }
            // B is gone: it said 1001 on the way out.
            let away = try await recorder.wait("the shutdown") {
                if case .reconnecting = $0.status { return true }
                return false
            }
            #expect(away.lastCloseCode == 1001)
            for id in shiftIDs.dropFirst() { _ = try await workplace.anna.supply(shiftID: id) }
            let lastBefore = try #require(before.lastEventID)
            let missed = try await workplace.eventIDs(after: lastBefore, type: "shift.supplied")
            #expect(missed.count == 3)
            watcher.reconnectNow()
            let after = try await recorder.wait("the resume on A") { $0.connections == 2 && $0.appliedEventIDs.count == before.appliedEventIDs.count + 3 }
            #expect(after.appliedEventIDs == before.appliedEventIDs + missed)
            for id in shiftIDs { #expect(after.board.rows[id]?.state == .offered) }
            watcher.stop()
            _ = await running.value
            await proxy.close()
        }
    }

    /// Events pruned while the client was away: the server says `resync_required`, the client reloads
    /// the marketplace over HTTP and carries on after the server's newest id.
    @Test func resyncAfterPrunedEventsReloadsTheMarketplace() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let first = try await workplace.createShiftForAnna(inDays: 2)
            let second = try await workplace.createShiftForAnna(inDays: 3)
            let token = try #require(workplace.ben.token)
            let policy = ReconnectPolicy(initialDelay: 3600, multiplier: 2, maximumDelay: 3600, jitter: 0)
            let watcher = LiveWatcher(configuration: .init(server: workplace.address, token: token, output: .silent, policy: policy))
            let recorder = SnapshotRecorder()
            recorder.attach(to: watcher)
            let running = Task { await watcher.run() }
            defer { running.cancel() }
            let connected = try await recorder.wait("connected") { $0.status == .connected }
            let lastBeforeDrop = try #require(connected.lastEventID)

            watcher.dropConnection()
            _ = try await recorder.wait("the drop") {
                if case .reconnecting = $0.status { return true }
                return false
            }
            _ = try await workplace.anna.supply(shiftID: first)
            _ = try await workplace.anna.supply(shiftID: second)
            let missed = try await workplace.eventIDs(after: lastBeforeDrop, type: "shift.supplied")
            try #require(missed.count == 2)
            // Retention removed everything up to the first missed event.
            let workplaceID = workplace.workplaceID
            try await server.pool.withConnection { connection in
                try connection.execute("DELETE FROM events WHERE workplace_id = $1 AND id <= $2", [workplaceID, missed[0]])
                try connection.execute(
                    """
                    INSERT INTO event_retention (workplace_id, pruned_through_id) VALUES ($1, $2)
                    ON CONFLICT (workplace_id) DO UPDATE SET pruned_through_id = excluded.pruned_through_id
                    """,
                    [workplaceID, missed[0]])
            }
            watcher.reconnectNow()
            let after = try await recorder.wait("the reload") { $0.connections == 2 && $0.status == .connected && $0.board.rows.count == 2 }
            #expect(after.board.rows[first]?.state == .offered)
            #expect(after.board.rows[second]?.state == .offered)
            #expect(after.board.isFlashing(first, at: Date()))
            // Nothing was replayed; the client continues after the server's newest id.
            #expect(after.appliedEventIDs == connected.appliedEventIDs)
            // The newest event of the workplace: the second supply's own, or the `team_schedule.changed`
            // written with it (for every member's week grid; the terminal does not subscribe to it).
            let newest = try #require(try await workplace.eventIDs(after: missed[0], type: "team_schedule.changed").last)
            #expect(newest > missed[1])
            #expect(after.lastEventID == newest)

            watcher.stop()
            _ = await running.value
        }
    }

    @Test func anHTTPSAddressSpeaksTLS() async throws {
        // A peer that answers plain HTTP and hangs up: a TLS handshake with it fails, and the failure
        // must say TLS (proving the live socket put NIOSSL in front of the WebSocket).
        let plain = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(PlainHTTPRefuser()) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { plain.close(promise: nil) }
        do {
            _ = try await LiveSocket.connect(
                host: "127.0.0.1", port: plain.localAddress?.port ?? 0, target: "/api/v1/live", token: "t",
                tls: LiveSocket.TLS(), callbacks: WebSocketCallbacks()).get()
            Issue.record("a TLS handshake with a plain HTTP peer succeeded")
        } catch let failure as LiveConnectFailure {
            guard case .unreachable(let reason) = failure else {
                Issue.record("unexpected failure \(failure)")
                return
            }
            #expect(reason.hasPrefix("TLS"), "\(reason)")
        }
    }

    @Test func anEndedSessionStopsTheWatcher() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let watcher = LiveWatcher(configuration: .init(server: workplace.address, token: "made-up", output: .silent))
            #expect(await watcher.run() == .sessionEnded)
        }
    }
}

/// Answers any bytes like a plain HTTP server that did not understand them, then hangs up.
final class PlainHTTPRefuser: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let answer = context.channel.allocator.buffer(string: "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        let channel = context.channel
        // Close only later: closing at once can reach the client before its TLS layer has read the
        // plain answer, and then it reports the closed channel instead of the TLS error.
        context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in
            channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
    }
}
