import Foundation
import Testing
@testable import ShiftyDomain

/// A manager changing a shift's time or position: the owner passes the rulebook with the new
/// times (the shift's old times never count against them), overrides work as for an assignment.
@Suite struct MarketplaceEditTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)

    func edit(_ n: Int, _ date: String, _ from: String, _ to: String, position: String? = nil) -> ShiftEdit {
        let moved = W.shift(n, owner: W.alice, date, from, to, position: position)
        return ShiftEdit(id: moved.id, start: moved.start, end: moved.end, position: position)
    }

    @Test func theNewTimesAreWrittenWithAHistoryRowAndTheOwnerIsTold() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        // Moving within its own old times is no overlap with itself.
        let transition = try world.perform(.editShift(edit(1, "2026-06-02", "10:00", "18:00", position: "bar"), override: nil), by: carol).get()
        #expect(world.shifts[W.id(1)]?.start == W.at("2026-06-02", "10:00"))
        #expect(world.shifts[W.id(1)]?.position == "bar")
        #expect(transition.timeChanges.count == 1 && transition.shiftChanges.isEmpty)
        #expect(transition.history.first?.note == "time 09:00–17:00 → 10:00–18:00; position none → bar")
        #expect(transition.events.map(\.kind) == [.shiftEdited])
        #expect(transition.events.first?.audience == .users([W.alice]))
    }

    @Test func refusalsComeInTheUsualOrder() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-03", "06:00", "10:00"))
        world.add(W.shift(3, owner: W.bob, "2026-06-04", "09:00", "17:00", status: .supplied))
        world.add(W.shift(4, owner: W.alice, "2026-05-31", "09:00", "17:00"))
        #expect(world.perform(.editShift(edit(1, "2026-06-02", "10:00", "18:00"), override: nil), by: alice).outcome == "not_a_manager")
        #expect(world.perform(.editShift(edit(9, "2026-06-02", "10:00", "18:00"), override: nil), by: carol).outcome == "shift_not_found")
        #expect(world.perform(.editShift(edit(4, "2026-05-31", "10:00", "18:00"), override: nil), by: carol).outcome == "shift_in_past")
        #expect(world.perform(.editShift(edit(3, "2026-06-04", "10:00", "18:00"), override: nil), by: carol).outcome == "shift_not_scheduled")
        // Into the next morning's shift: an overlap nobody can override.
        let late = edit(1, "2026-06-02", "22:00", "07:00")
        #expect(world.perform(.editShift(late, override: nil), by: carol).outcome == "overlapping_shift")
        #expect(world.perform(.editShift(late, override: RuleOverride(reason: "busy")), by: carol).outcome == "overlapping_shift")
        #expect(world.shifts[W.id(1)]?.start == W.at("2026-06-02", "09:00"), "a refusal changes nothing")
        // Starting before now.
        world.now = W.at("2026-06-02", "08:00")
        #expect(world.perform(.editShift(edit(1, "2026-06-02", "07:00", "12:00"), override: nil), by: carol).outcome == "shift_in_past")
    }

    @Test func anOverridableRuleNeedsAnExplicitOverrideWithAReason() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "12:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-03", "18:00", "22:00"))
        world.memberHourLimits[W.alice] = MemberHourLimits(maxShiftHours: 4)
        let long = edit(1, "2026-06-02", "09:00", "15:00")
        #expect(world.perform(.editShift(long, override: nil), by: carol).outcome == "shift_too_long")
        #expect(world.perform(.editShift(long, override: RuleOverride(reason: " ")), by: carol).outcome == "override_reason_required")
        let preview = Marketplace.preview(.editShift(long, override: nil), actor: carol, context: world.context())
        #expect(preview.refusal?.code.rawValue == "shift_too_long" && preview.acceptsOverride && preview.refusalWithOverride == nil)
        #expect(preview.effects.first?.minutesBefore == 3 * 60 + 4 * 60 && preview.effects.first?.minutesAfter == 6 * 60 + 4 * 60)
        let transition = try world.perform(.editShift(long, override: RuleOverride(reason: "inventory")), by: carol).get()
        #expect(transition.events.map(\.kind) == [.ruleOverridden, .shiftEdited])
        #expect(world.shifts[W.id(1)]?.end == W.at("2026-06-02", "15:00"))
        let overnight = try world.perform(.editShift(edit(1, "2026-06-02", "22:00", "02:00"), override: nil), by: carol).get()
        #expect(overnight.history.first?.note == "time 09:00–15:00 → 22:00–02:00 (+1)")
    }
}
