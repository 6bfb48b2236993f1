import Foundation
import Testing
@testable import ShiftyDomain

/// The workplace's deal expiry: a deal expires `dealExpiryHours` before its earliest shift starts,
/// and a trade that would wait for someone inside that window is refused.
@Suite struct DealExpiryTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let deal: DealID = W.id(800)

    /// Alice's shift on Thursday 4 June 09:00 (71 hours after `now`), on the marketplace.
    func world(expiryHours: Int, autoApprove: Bool = false) -> MarketplaceWorld {
        var world = MarketplaceWorld()
        world.settings.dealExpiryHours = expiryHours
        world.settings.autoApprove = autoApprove
        world.add(W.shift(1, owner: W.alice, "2026-06-04", "09:00", "17:00", status: .supplied))
        world.add(W.shift(2, owner: W.bob, "2026-06-05", "09:00", "17:00"))
        return world
    }

    @Test(arguments: [0, 24, 70])
    func aPendingDealExpiresTheSetHoursBeforeTheShift(_ hours: Int) throws {
        var world = world(expiryHours: hours)
        let transition = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        let start = W.at("2026-06-04", "09:00")
        #expect(transition.deal?.expiresAt == start.addingTimeInterval(-Double(hours) * 3600))
        world.now = start.addingTimeInterval(-Double(hours) * 3600)
        #expect(world.perform(.approve(deal, note: nil), by: MarketplaceActor(userID: W.carol, role: .manager)).outcome == "deal_expired")
    }

    @Test func insideTheWindowATradeThatWouldWaitIsRefused() {
        var late = world(expiryHours: 72)
        #expect(late.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "deal_expired")
        // A swap proposal waits for the coworker, auto-approve or not.
        late.add(W.shift(3, owner: W.alice, "2026-06-04", "06:00", "08:00"))
        #expect(late.perform(.proposeSwap(offered: W.id(2), wanted: W.id(3), newDealID: deal), by: bob).outcome == "deal_expired")
        var earlier = world(expiryHours: 24)
        earlier.add(W.shift(3, owner: W.alice, "2026-06-04", "06:00", "08:00"))
        #expect(earlier.perform(.proposeSwap(offered: W.id(2), wanted: W.id(3), newDealID: deal), by: bob).outcome == "ok")
        // With auto-approve a pick-up takes effect at once: nothing waits, so nothing expires.
        var automatic = world(expiryHours: 72, autoApprove: true)
        #expect(automatic.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "ok")
        #expect(automatic.shifts[W.id(1)]?.owner == W.bob)
    }
}
