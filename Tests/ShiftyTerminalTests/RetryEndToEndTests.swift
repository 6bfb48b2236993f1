import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// The terminal client sends every change with an `Idempotency-Key` and sends it again, with the
/// same key, when the answer is lost (503, a dropped connection): the server acts once.
@Suite struct RetryEndToEndTests {
    static let quickRetries = RetryPolicy(delays: [.milliseconds(50), .milliseconds(50), .milliseconds(50)])

    @Test func aTakeWhoseAnswerIsLostIsSentAgainWithItsKeyAndTakesOnce() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            _ = try await workplace.anna.supply(shiftID: shiftID)
            // The first answer becomes a 503, the second never arrives: both after the server acted.
            let proxy = try await AnswerLosingProxy.start(upstreamPort: server.port, faults: [.answer503, .dropConnection])
            defer { Task { await proxy.close() } }
            var ben = ShiftyAPIClient(server: try #require(ServerAddress("http://127.0.0.1:\(proxy.port)")), token: workplace.ben.token)
            ben.retryPolicy = Self.quickRetries
            let notices = Locked<[RetryNotice]>([])
            ben.onRetry = { notice in notices.withLock { $0.append(notice) } }

            let taken = try await ben.take(shiftID: shiftID)

            let posts = proxy.seen.filter { $0.method == "POST" }
            #expect(posts.count == 3)
            let keys = Set(posts.map(\.idempotencyKey))
            #expect(keys.count == 1)
            let key = try #require(keys.first ?? nil)
            #expect(key.hasPrefix("\"") && key.hasSuffix("\"") && UUID(uuidString: String(key.dropFirst().dropLast())) != nil, "\(key)")
            #expect(notices.withLock { $0.map(\.retry) } == [1, 2])
            let legs = try await server.pool.query("SELECT count(*) AS n FROM deal_legs WHERE shift_id = $1", [shiftID])[0].decode("n", as: Int.self)
            #expect(legs == 1)
            #expect(taken.deal?.id != nil)

            // Another change gets another key.
            _ = try? await ben.revoke(shiftID: shiftID)
            let lastKey = proxy.seen.last?.idempotencyKey
            #expect(lastKey != nil && lastKey != key)
        }
    }

    @Test func readsCarryNoKeyAndAreNotRetried() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let proxy = try await AnswerLosingProxy.start(upstreamPort: server.port, faults: [])
            defer { Task { await proxy.close() } }
            var ben = ShiftyAPIClient(server: try #require(ServerAddress("http://127.0.0.1:\(proxy.port)")), token: workplace.ben.token)
            ben.retryPolicy = Self.quickRetries
            _ = try await ben.marketplace()
            #expect(proxy.seen.map(\.method) == ["GET"])
            #expect(proxy.seen.first?.idempotencyKey == nil)
        }
    }

    @Test func theRetriesEnd() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            let proxy = try await AnswerLosingProxy.start(upstreamPort: server.port, faults: Array(repeating: .answer503, count: 10))
            defer { Task { await proxy.close() } }
            var anna = ShiftyAPIClient(server: try #require(ServerAddress("http://127.0.0.1:\(proxy.port)")), token: workplace.anna.token)
            anna.retryPolicy = Self.quickRetries
            do throws(APIClientError) {
                _ = try await anna.supply(shiftID: shiftID)
                Issue.record("a 503 after every retry was taken for an answer")
            } catch {
                #expect(error.problemCode == "database_unavailable")
            }
            #expect(proxy.seen.count == 4)
            // It happened once, on the first attempt: the retries were answered from the key.
            let supplied = try await server.pool.query(
                "SELECT count(*) AS n FROM shift_history WHERE subject_type = 'shift' AND subject_id = $1 AND to_state = 'supplied'", [shiftID]
            )[0].decode("n", as: Int.self)
            #expect(supplied == 1)
        }
    }
}
