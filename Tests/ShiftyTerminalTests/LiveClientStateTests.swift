import Testing
@testable import ShiftyTerminal

@Suite struct LiveClientStateTests {
    let policy = ReconnectPolicy(initialDelay: 1, multiplier: 2, maximumDelay: 30, jitter: 0)

    func connectedClient(newest: Int64 = 100, manager: Bool = false) -> LiveClientState {
        var client = LiveClientState(policy: policy)
        _ = client.start()
        _ = client.connectionOpened()
        if let hello = Fixtures.hello(newest: newest, manager: manager) { _ = client.received(.hello(hello)) }
        _ = client.marketplaceLoaded([])
        return client
    }

    @Test func firstConnectionSubscribesLoadsAndBuffersEventsMeanwhile() throws {
        var client = LiveClientState(policy: policy)
        #expect(client.start() == [.statusChanged, .connect(target: "/api/v1/live?topics=marketplace,requests,deals,notifications")])
        #expect(client.connectionOpened().isEmpty)
        let hello = try #require(Fixtures.hello(newest: 100))
        #expect(client.received(.hello(hello)) == [.statusChanged, .loadMarketplace])
        #expect(client.phase == .loading)
        let early = Fixtures.event(101, .shiftSupplied, shifts: [Fixtures.shift(1)])
        let stale = Fixtures.event(100, .shiftSupplied, shifts: [Fixtures.shift(2)])
        #expect(client.received(.event(stale)).isEmpty)
        #expect(client.received(.event(early)).isEmpty)
        let loaded = [Fixtures.shift(3)]
        #expect(client.marketplaceLoaded(loaded) == [.statusChanged, .replaceBoard(loaded, firstLoad: true), .apply(early)])
        #expect(client.phase == .connected)
        #expect(client.lastEventID == 101)
    }

    @Test func managersAlsoSubscribeToApprovals() throws {
        var client = LiveClientState(policy: policy)
        _ = client.start()
        _ = client.connectionOpened()
        let hello = try #require(Fixtures.hello(newest: 5, manager: true))
        let actions = client.received(.hello(hello))
        #expect(actions.contains(.send(#"{"type":"subscribe","topics":["approvals"]}"#)))
        #expect(client.topics.contains("approvals"))
    }

    @Test func eventsAreAppliedInOrderAndNeverTwice() {
        var client = connectedClient(newest: 100)
        let first = Fixtures.event(101, .shiftSupplied, shifts: [])
        let second = Fixtures.event(102, .shiftRevoked, shifts: [])
        #expect(client.received(.event(first)) == [.apply(first)])
        #expect(client.received(.event(first)).isEmpty)
        #expect(client.received(.event(second)) == [.apply(second)])
        #expect(client.lastEventID == 102)
    }

    @Test func aDropReconnectsWithBackoffAndResumesAfterTheLastId() throws {
        var client = connectedClient(newest: 100)
        _ = client.received(.event(Fixtures.event(101, .shiftSupplied, shifts: [])))
        #expect(client.connectionClosed(code: nil, random: 0) == [.statusChanged, .scheduleReconnect(seconds: 1, attempt: 1)])
        #expect(client.status(reconnectAt: Fixtures.now) == .reconnecting(at: Fixtures.now, attempt: 1))
        #expect(client.reconnectDelayElapsed() == [.statusChanged, .connect(target: "/api/v1/live?topics=marketplace,requests,deals,notifications&after=101")])
        // The server is still away: the waits grow.
        #expect(client.connectFailed(.unreachable("refused"), random: 0) == [.statusChanged, .scheduleReconnect(seconds: 2, attempt: 2)])
        _ = client.reconnectDelayElapsed()
        #expect(client.connectFailed(.unreachable("refused"), random: 0) == [.statusChanged, .scheduleReconnect(seconds: 4, attempt: 3)])
        _ = client.reconnectDelayElapsed()
        _ = client.connectionOpened()
        // A resumed connection does not reload: the replay follows the hello.
        let hello = try #require(Fixtures.hello(newest: 110))
        #expect(client.received(.hello(hello)) == [.statusChanged])
        #expect(client.phase == .connected)
        let replayed = Fixtures.event(102, .shiftRevoked, shifts: [])
        #expect(client.received(.event(replayed)) == [.apply(replayed)])
        #expect(client.received(.resumed(after: 101, through: 110, replayed: 1)) == [.report("caught up: 1 change made while away")])
        #expect(client.received(.resumed(after: 110, through: 110, replayed: 0)).isEmpty)
        // The next drop starts the backoff from the beginning again.
        #expect(client.connectionClosed(code: 1013, random: 0) == [.statusChanged, .scheduleReconnect(seconds: 1, attempt: 1)])
    }

    @Test(arguments: [UInt16(1000), 1001, 1011, 1013])
    func serverClosesThatAreWorthRetrying(code: UInt16) {
        var client = connectedClient()
        #expect(client.connectionClosed(code: code, random: 0) == [.statusChanged, .scheduleReconnect(seconds: 1, attempt: 1)])
    }

    @Test func policyViolationEndsTheSession() {
        var client = connectedClient()
        #expect(client.connectionClosed(code: 1008, random: 0) == [.statusChanged, .report(ProblemMessages.sessionEnded), .finish])
        #expect(client.phase == .sessionEnded)
        #expect(client.reconnectDelayElapsed().isEmpty)
        #expect(client.status(reconnectAt: Fixtures.now) == .sessionEnded)
    }

    @Test func unauthorizedHandshakeEndsTheSessionAndRefusalsStop() {
        var client = LiveClientState(policy: policy)
        _ = client.start()
        #expect(client.connectFailed(.unauthorized, random: 0).contains(.finish))
        #expect(client.phase == .sessionEnded)
        var other = LiveClientState(policy: policy)
        _ = other.start()
        #expect(other.connectFailed(.refused(status: 403, message: "origin"), random: 0).contains(.finish))
        if case .stopped = other.phase {} else { Issue.record("expected stopped, got \(other.phase)") }
    }

    @Test func aServerThatNeverSaysHelloIsAbandonedAndRetried() throws {
        var client = LiveClientState(policy: policy)
        _ = client.start()
        // Still connecting (no 101) when the time is up.
        #expect(client.openTimedOut(random: 0) == [.abandonConnection, .statusChanged, .scheduleReconnect(seconds: 1, attempt: 1)])
        _ = client.reconnectDelayElapsed()
        _ = client.connectionOpened()
        // Upgraded, but no hello.
        #expect(client.openTimedOut(random: 0) == [.abandonConnection, .statusChanged, .scheduleReconnect(seconds: 2, attempt: 2)])
        _ = client.reconnectDelayElapsed()
        _ = client.connectionOpened()
        _ = client.received(.hello(try #require(Fixtures.hello(newest: 1))))
        // Once hello came, a late timer means nothing.
        #expect(client.openTimedOut(random: 0).isEmpty)
    }

    @Test func aServerThatDropsUsRightAfterHelloStillBacksOff() throws {
        var client = connectedClient(newest: 100)
        #expect(client.connectionClosed(code: 1013, random: 0).last == .scheduleReconnect(seconds: 1, attempt: 1))
        for attempt in 2...4 {
            _ = client.reconnectDelayElapsed()
            _ = client.connectionOpened()
            _ = client.received(.hello(try #require(Fixtures.hello(newest: 100))))
            // Dropped before the replay finished: the wait keeps growing.
            let delay = policy.nominalDelay(attempt: attempt)
            #expect(client.connectionClosed(code: 1013, random: 0).last == .scheduleReconnect(seconds: delay, attempt: attempt))
        }
    }

    @Test func messageTooBigIsNotRetried() {
        var client = connectedClient()
        #expect(client.connectionClosed(code: 1009, random: 0).contains(.finish))
    }

    @Test func resyncReloadsAndContinuesAfterTheNewestId() {
        var client = connectedClient(newest: 100)
        #expect(client.received(.resyncRequired(after: 100, oldestAvailableId: 4000, newestEventId: 5120)) == [.statusChanged, .loadMarketplace])
        let during = Fixtures.event(5121, .shiftSupplied, shifts: [])
        #expect(client.received(.event(during)).isEmpty)
        let loaded = [Fixtures.shift(1)]
        #expect(client.marketplaceLoaded(loaded) == [.statusChanged, .replaceBoard(loaded, firstLoad: false), .apply(during)])
        #expect(client.lastEventID == 5121)
    }

    @Test func aFailedLoadClosesAndRetries() throws {
        var client = LiveClientState(policy: policy)
        _ = client.start()
        _ = client.connectionOpened()
        _ = client.received(.hello(try #require(Fixtures.hello(newest: 1))))
        #expect(client.marketplaceLoadFailed("timeout").last == .close)
        #expect(client.connectionClosed(code: 1000, random: 0) == [.statusChanged, .scheduleReconnect(seconds: 1, attempt: 1)])
        // Nothing was loaded yet, so the next connection starts fresh (no `after`).
        #expect(client.reconnectDelayElapsed().last == .connect(target: "/api/v1/live?topics=marketplace,requests,deals,notifications"))
    }

    @Test func serverErrorsAreReportedButKeepTheConnection() {
        var client = connectedClient()
        #expect(client.received(.error(code: "unknown_topic", message: "no")) == [.report(ProblemMessages.message(for: APIProblem(status: 0, code: "unknown_topic")))])
        #expect(client.received(.error(code: "brand_new", message: "Something new.")) == [.report("Something new.")])
        #expect(client.phase == .connected)
    }

    @Test func quittingClosesOnce() {
        var client = connectedClient()
        #expect(client.stop() == [.close, .finish])
        #expect(client.connectionClosed(code: 1000, random: 0).isEmpty)
    }

    @Test func decodesEveryServerMessage() {
        #expect(LiveServerMessage.decode(#"{"type":"resumed","after":1200,"through":1234,"replayed":5}"#) == .resumed(after: 1200, through: 1234, replayed: 5))
        #expect(LiveServerMessage.decode(#"{"type":"resync_required","after":90,"oldestAvailableId":4000,"newestEventId":5120}"#)
            == .resyncRequired(after: 90, oldestAvailableId: 4000, newestEventId: 5120))
        #expect(LiveServerMessage.decode(#"{"type":"subscribed","topics":["marketplace"]}"#) == .subscribed(topics: ["marketplace"]))
        #expect(LiveServerMessage.decode(#"{"type":"pong"}"#) == .pong)
        #expect(LiveServerMessage.decode(#"{"type":"error","code":"unknown_topic","message":"x"}"#) == .error(code: "unknown_topic", message: "x"))
        #expect(LiveServerMessage.decode(#"{"type":"future_thing"}"#) == .unknown(type: "future_thing"))
        #expect(LiveServerMessage.decode("[1,2]") == nil)
        #expect(LiveServerMessage.decode("") == nil)
        let event = LiveServerMessage.decode("""
            {"type":"event","event":{"id":1235,"type":"shift.supplied","topics":["marketplace"],"at":"2026-11-21T18:40:02.114Z",
             "data":{"shiftIds":[88],"shifts":[{"id":88,"ownerId":7,"ownerName":"Anna","date":"2026-11-24","startTime":"09:00",
             "endTime":"17:00","startsAt":"2026-11-24T08:00:00Z","endsAt":"2026-11-24T16:00:00Z","position":"Bar","status":"supplied","unassigned":false}]}}}
            """)
        guard case .event(let decoded) = event else {
            Issue.record("not an event: \(String(describing: event))")
            return
        }
        #expect(decoded.id == 1235)
        #expect(decoded.data.shifts.first?.ownerName == "Anna")
        #expect(decoded.data.shifts.first?.startsAt == Fixtures.instant("2026-11-24T08:00:00Z"))
        // Data in another shape (a reminder) decodes to an event without shifts, not a failure.
        let reminder = LiveServerMessage.decode(#"{"type":"event","event":{"id":5,"type":"shift.reminder","data":{"shifts":"odd","minutes":30}}}"#)
        #expect(reminder == .event(LiveEvent(id: 5, type: .shiftReminder)))
    }
}
