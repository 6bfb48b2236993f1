import Foundation
import ShiftyPostgres
import ShiftyTestSupport
import Testing

/// Two instances on one database, as a scaled-out deployment runs them.
@Suite struct LiveMultiInstanceTests {
    /// The other instance's poll fallback is set to an hour, so an arrival within the two-minute hang
    /// guard can only be the NOTIFY path. The test shows the path; the latency itself is measured by
    /// the benchmarks (BENCHMARKS.md), not by a timed test on a busy CI.
    @Test func anEventCausedOnOneInstanceReachesClientsOfTheOther() async throws {
        try await TestServer.with(configure: { $0.livePollInterval = .seconds(3600) }) { a in
            let boss = try await a.createWorkplace()
            let anna = try await a.createEmployee(in: boss, username: "anna")
            let bram = try await a.createEmployee(in: boss, username: "bram")
            let shift = try await a.createShift(by: boss, for: anna, inDays: 3)
            try await a.withAnotherInstance(named: "B") { b in
                let watcher = try await b.live(bram, query: "topics=marketplace")
                #expect(try await a.act("/shifts/\(shift)/supply", as: anna).status == 200)
                try await watcher.waitForEvents(["shift.supplied"], timeout: .seconds(120))
                await watcher.close()
            }
        }
    }

    /// The poll fallback is an hour away, so the missed events can only come from the catch-up after
    /// the listener reconnects, and the later one only from NOTIFY (the waits are hang guards).
    @Test func eventsCommittedWhileTheListenConnectionWasDownStillArrive() async throws {
        try await TestServer.with(configure: { $0.livePollInterval = .seconds(3600) }) { a in
            let boss = try await a.createWorkplace()
            let anna = try await a.createEmployee(in: boss, username: "anna")
            let bram = try await a.createEmployee(in: boss, username: "bram")
            let shifts = try await (1...3).asyncMap { try await a.createShift(by: boss, for: anna, inDays: $0 + 1) }
            try await a.withAnotherInstance(named: "B") { b in
                let watcher = try await b.live(bram, query: "topics=marketplace")
                let killed: [Bool] = try await a.pool.query(
                    "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = 'shifty-listen B' AND datname = current_database()"
                ).map { try $0.decode("killed") }
                #expect(killed == [true])
                for id in shifts { #expect(try await a.act("/shifts/\(id)/supply", as: anna).status == 200) }
                try await watcher.waitForEvents(["shift.supplied", "shift.supplied", "shift.supplied"], timeout: .seconds(120))
                let ids = watcher.eventIDs
                #expect(ids.count == 3 && ids == ids.sorted())
                // The listener is back: later events arrive live again.
                #expect(try await a.act("/shifts/\(shifts[0])/revoke", as: anna).status == 200)
                try await watcher.waitForEvents(["shift.revoked"], timeout: .seconds(120))
                await watcher.close()
            }
        }
    }

    @Test func aClientMovingToAnotherInstanceResumesWithoutGapsOrDuplicates() async throws {
        try await TestServer.with { a in
            let boss = try await a.createWorkplace()
            let anna = try await a.createEmployee(in: boss, username: "anna")
            let bram = try await a.createEmployee(in: boss, username: "bram")
            let shifts = try await (1...6).asyncMap { try await a.createShift(by: boss, for: anna, inDays: $0 + 1) }
            try await a.withAnotherInstance(named: "B") { b in
                let onA = try await a.live(bram, query: "topics=marketplace")
                for id in shifts[0..<3] { #expect(try await a.act("/shifts/\(id)/supply", as: anna).status == 200) }
                try await onA.waitForEvents(Array(repeating: "shift.supplied", count: 3))
                let last = try #require(onA.eventIDs.last)
                await onA.drop()
                // Changes through B while the client is away, then it reconnects to B.
                for id in shifts[3...] { #expect(try await b.act("/shifts/\(id)/supply", as: anna).status == 200) }
                let onB = try await b.live(bram, query: "topics=marketplace&after=\(last)")
                try await onB.next("resumed")
                #expect(onB.eventIDs.count == 3)
                #expect(Set(onA.eventIDs).isDisjoint(with: onB.eventIDs))
                #expect((onA.eventIDs + onB.eventIDs) == (onA.eventIDs + onB.eventIDs).sorted())
                await onB.close()
            }
        }
    }
}
