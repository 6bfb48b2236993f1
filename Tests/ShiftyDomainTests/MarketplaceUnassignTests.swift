import Foundation
import Testing
@testable import ShiftyDomain

/// A manager unassigning a shift: it opens on the marketplace, and the usual pick-up rules apply.
@Suite struct MarketplaceUnassignTests {
    typealias W = MarketplaceWorld
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)
    let dave = MarketplaceActor(userID: W.dave, role: .employee)
    let deal: DealID = W.id(700)

    @Test func unassignedShiftOpensOnTheMarketplaceAndIsMarkedTouched() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        let transition = try world.perform(.unassign(W.id(1), note: "on leave"), by: carol).get()
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .supplied))
        #expect(transition.shiftChanges.map(\.touches) == [true], "generation must leave it alone")
        #expect(transition.events.map(\.kind) == [.shiftSupplied, .shiftUnassigned])
        #expect(transition.events.last?.audience == .users([W.alice]))
        let entry = try #require(transition.history.first)
        #expect(entry.actor == W.carol && entry.from == "scheduled" && entry.to == "supplied")
        #expect(entry.note?.contains("on leave") == true)

        _ = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        #expect(world.perform(.unassign(W.id(1), note: nil), by: carol).outcome == "shift_in_pending_deal")
        _ = try world.perform(.approve(deal, note: nil), by: carol).get()
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.bob, status: .scheduled))
    }

    @Test func theOwnerCannotTakeBackOrSwapAnUnassignedShift() throws {
        let alice = MarketplaceActor(userID: W.alice, role: .employee)
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-03", "09:00", "17:00"))
        _ = try world.perform(.unassign(W.id(1), note: nil), by: carol).get()
        #expect(world.shifts[W.id(1)]?.isUnassigned == true)
        #expect(world.perform(.revoke(W.id(1)), by: alice).outcome == "shift_unassigned")
        #expect(world.perform(.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal), by: alice).outcome == "shift_unassigned")
        #expect(world.perform(.proposeSwap(offered: W.id(2), wanted: W.id(1), newDealID: deal), by: bob).outcome == "shift_unassigned")

        // A rejected pick-up returns it to the marketplace, still unassigned; an approved one clears the mark.
        _ = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        _ = try world.perform(.reject(deal, note: nil), by: carol).get()
        #expect(world.shifts[W.id(1)]?.status == .supplied && world.shifts[W.id(1)]?.isUnassigned == true)
        #expect(world.perform(.revoke(W.id(1)), by: alice).outcome == "shift_unassigned")
        _ = try world.perform(.pickUp(W.id(1), newDealID: W.id(701)), by: dave).get()
        _ = try world.perform(.approve(W.id(701), note: nil), by: carol).get()
        #expect(world.shifts[W.id(1)]?.owner == W.dave && world.shifts[W.id(1)]?.isUnassigned == false)
        _ = try world.perform(.supply(W.id(1)), by: dave).get()
        #expect(world.perform(.revoke(W.id(1)), by: dave).outcome == "ok", "the new owner trades it as usual")
    }

    @Test func pickingUpAnUnassignedShiftFollowsTheUsualRules() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-02", "16:00", "20:00"))
        world.add(W.shift(3, owner: W.dave, "2026-06-02", "18:00", "22:00"))
        _ = try world.perform(.unassign(W.id(1), note: nil), by: carol).get()
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "overlapping_shift")
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: dave).outcome == "one_shift_per_day")
        world.settings.onePerDay = false
        world.settings.autoApprove = true
        let taken = try world.perform(.pickUp(W.id(1), newDealID: deal), by: dave).get()
        #expect(taken.deal?.state == .approved)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.dave, status: .scheduled))
    }

    @Test func onlyPlainOrSuppliedFutureShiftsAreUnassigned() {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-01", "09:00", "17:00"))
        #expect(world.perform(.unassign(W.id(1), note: nil), by: carol).outcome == "shift_in_past")
        #expect(world.perform(.unassign(W.id(2), note: nil), by: carol).outcome == "shift_not_found")
        world.add(W.shift(3, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        let note = String(repeating: "x", count: Marketplace.maximumNoteLength + 1)
        #expect(world.perform(.unassign(W.id(3), note: note), by: carol).outcome == "note_too_long")
        #expect(world.perform(.unassign(W.id(3), note: nil), by: dave).outcome == "not_a_manager")
    }
}
