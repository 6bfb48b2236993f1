import NIOCore
import NIOEmbedded
@testable import ShiftyConnections
@testable import ShiftyServer
import Testing

/// How the process's descriptors are shared out, and what a connection beyond the ceiling gets.
@Suite struct DescriptorBudgetTests {
    @Test func theLimitIsSharedSoThatConnectionsNeverTakeTheLastDescriptors() {
        for (limit, pool) in [(300, 8), (1_024, 8), (20_000, 8), (20_000, 200), (1 << 20, 8)] {
            let budget = DescriptorBudget(limit: limit, databaseConnections: pool)
            #expect(budget.processReserve >= 64 + pool, "\(limit)")
            #expect(budget.processReserve + budget.fileStreams + budget.acceptCeiling == limit, "\(limit)")
            // Refusals and health checks have a band of their own above the served connections.
            #expect(budget.acceptCeiling - budget.connectionCeiling >= 32, "\(limit)")
            #expect(budget.acceptCeiling - budget.connectionCeiling >= budget.healthCheckSlots, "\(limit)")
        }
        let small = DescriptorBudget(limit: 300, databaseConnections: 8)
        #expect(small.acceptCeiling == 220)
        #expect(small.connectionCeiling == 188)
        let systemd = DescriptorBudget(limit: 20_000, databaseConnections: 8)
        #expect(systemd.connectionCeiling == 19_224)
    }

    @Test func aConfiguredCeilingIsKeptBelowWhatTheLimitAllows() {
        #expect(DescriptorBudget(limit: 20_000, databaseConnections: 8, connectionCeiling: 500).connectionCeiling == 500)
        #expect(DescriptorBudget(limit: 300, databaseConnections: 8, connectionCeiling: 5_000).connectionCeiling == 188)
    }

    @Test func aLimitTooLowForThePoolStillServesSomething() {
        let budget = DescriptorBudget(limit: 64, databaseConnections: 200)
        #expect(budget.acceptCeiling >= 16)
        #expect(budget.connectionCeiling >= 8)
    }

    @Test func beyondTheCeilingTheIdleMakeRoomThenHealthChecksGetSlotsThenNewcomersAreRefused() throws {
        let registry = HTTPConnectionRegistry(ceiling: 2, healthCheckSlots: 1, minimumIdleAge: .seconds(1))
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)
        let busy = EmbeddedChannel()
        let idle = EmbeddedChannel()
        #expect(registry.admit(busy, now: start) == .regular)
        #expect(registry.admit(idle, now: start) == .regular)
        registry.setIdle(idle, true, now: start)
        let idleClosed = Flag()
        idle.closeFuture.whenComplete { _ in idleClosed.raise() }
        // Idle for less than a second: maybe its request is still unread, so it is kept.
        let early = EmbeddedChannel()
        #expect(registry.admit(early, now: start + .milliseconds(999)) == .healthCheckOnly)
        idle.embeddedEventLoop.run()
        #expect(!idleClosed.isRaised)
        registry.closed(early)
        // Idle for a second: closed for the newcomer.
        let newcomer = EmbeddedChannel()
        #expect(registry.admit(newcomer, now: start + .seconds(1)) == .regular)
        idle.embeddedEventLoop.run()
        #expect(idleClosed.isRaised)
        registry.closed(idle)
        // Nothing idle: one health-check slot, then refusals (not counted).
        let health = EmbeddedChannel()
        #expect(registry.admit(health, now: start + .seconds(2)) == .healthCheckOnly)
        #expect(registry.admit(EmbeddedChannel(), now: start + .seconds(2)) == .refused)
        #expect(registry.admit(EmbeddedChannel(), now: start + .seconds(2)) == .refused)
        #expect(registry.openConnections == 3)
        // A health-check slot given back is free again; a served connection closing frees its place.
        registry.closed(health)
        #expect(registry.admit(EmbeddedChannel(), now: start + .seconds(3)) == .healthCheckOnly)
        registry.closed(busy)
        #expect(registry.admit(EmbeddedChannel(), now: start + .seconds(3)) == .regular)
        #expect(registry.openConnections == 3)
        // A connection that stops being idle is no longer a candidate.
        let other = HTTPConnectionRegistry(ceiling: 1, healthCheckSlots: 0)
        let active = EmbeddedChannel()
        #expect(other.admit(active, now: start) == .regular)
        other.setIdle(active, true, now: start)
        other.setIdle(active, false, now: start + .seconds(1))
        #expect(other.admit(EmbeddedChannel(), now: start + .seconds(5)) == .refused)
    }

    @Test func theAcceptGateStopsAtItsCeilingAndResumesWhenASocketCloses() {
        var gate = SocketAcceptGate(ceiling: 2)
        gate.connectionOpened()
        #expect(gate.isAcceptingNewConnections())
        gate.connectionOpened()
        #expect(!gate.isAcceptingNewConnections())
        gate.connectionClosed()
        #expect(gate.isAcceptingNewConnections())
    }

    @Test func fileStreamSlotsAreGivenBackWhenTheirLastReferenceGoes() {
        let slots = FileStreamSlots(capacity: 1)
        var first = slots.take()
        #expect(first != nil)
        #expect(slots.take() == nil)
        first = nil
        #expect(slots.taken == 0)
        #expect(slots.take() != nil)
    }

    final class Flag: @unchecked Sendable {
        private(set) var isRaised = false
        func raise() { isRaised = true }
    }
}
