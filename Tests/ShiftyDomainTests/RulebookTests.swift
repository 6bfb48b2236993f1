import Foundation
import Testing
@testable import ShiftyDomain

/// The rulebook: every change of owner (trades and a manager's assign / one-off shift) passes the
/// same rules; a manager may override only the overridable ones, with a reason that is recorded.
@Suite struct RulebookTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)

    /// Alice works 09:00–17:00 on 2 June; bob has a shift that overlaps it (1) and one later that day (2).
    func world() -> MarketplaceWorld {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-02", "12:00", "16:00"))
        world.add(W.shift(3, owner: W.bob, "2026-06-02", "18:00", "22:00"))
        world.add(W.shift(4, owner: W.bob, "2026-06-04", "18:00", "22:00"))
        return world
    }

    func newShift(_ n: Int, owner: UserID, _ date: String, _ from: String, _ to: String) -> NewShift {
        NewShift(id: W.id(n), owner: owner, date: LocalDate(date)!, start: W.at(date, from), end: W.at(date, to))
    }

    @Test func everyRuleHasACodeASeverityAndAnOverridableFlag() {
        #expect(ScheduleRule.allCases.map(\.code.rawValue) == [
            "overlapping_shift", "one_shift_per_day", "not_qualified", "shift_too_long", "weekly_hours_exceeded",
            "rest_too_short", "too_many_consecutive_days", "on_time_off", "unavailable",
        ])
        #expect(ScheduleRule.allCases.allSatisfy { $0.severity == .refuse })
        #expect(ScheduleRule.noOverlap.isOverridable == false)
        #expect(ScheduleRule.onePerDay.isOverridable == true)
    }

    /// A rule is spelled by its refusal code (stored with a fixed shift's overrides, written in
    /// its JSON), and reads back from it.
    @Test func aRuleIsSpelledByItsRefusalCode() throws {
        for rule in ScheduleRule.allCases {
            #expect(rule.rawValue == rule.code.rawValue && ScheduleRule(rawValue: rule.rawValue) == rule)
        }
        #expect(ScheduleRule(rawValue: "shift_not_found") == nil)
        let json = String(decoding: try JSONEncoder().encode([ScheduleRule.noOverlap, .availability]), as: UTF8.self)
        #expect(json == #"["overlapping_shift","unavailable"]"#)
        #expect(try JSONDecoder().decode([ScheduleRule].self, from: Data(json.utf8)) == [.noOverlap, .availability])
    }

    @Test func assigningAShiftOnADayTheMemberWorksIsRefused() {
        var world = world()
        // The defect: a manager gave bob's overlapping shift to alice and she had two shifts at once.
        #expect(world.perform(.assign(W.id(2), to: W.alice, override: nil), by: carol).outcome == "overlapping_shift")
        #expect(world.perform(.assign(W.id(3), to: W.alice, override: nil), by: carol).outcome == "one_shift_per_day")
        #expect(world.perform(.assign(W.id(4), to: W.alice, override: nil), by: carol).outcome == "ok")
        #expect(world.perform(.assign(W.id(3), to: W.alice, override: nil), by: alice).outcome == "not_a_manager")
        world.inactive = [W.dave]
        #expect(world.perform(.assign(W.id(3), to: W.dave, override: nil), by: carol).outcome == "counterparty_inactive")
    }

    @Test func anOverrideSetsAsideOnlyOverridableRulesAndIsRecorded() throws {
        var world = world()
        let override = RuleOverride(reason: "Alice asked for a double today")
        #expect(world.perform(.assign(W.id(2), to: W.alice, override: override), by: carol).outcome == "overlapping_shift",
                "nobody can work two shifts at once")
        #expect(world.perform(.assign(W.id(3), to: W.alice, override: RuleOverride(reason: "  ")), by: carol).outcome
                == "override_reason_required")
        let transition = try world.perform(.assign(W.id(3), to: W.alice, override: override), by: carol).get()
        #expect(world.shifts[W.id(3)]?.owner == W.alice)
        let recorded = try #require(transition.history.first { $0.note?.contains("rule overridden") == true })
        #expect(recorded.actor == W.carol && recorded.subject == .shift(W.id(3)))
        #expect(recorded.note?.contains("one_shift_per_day") == true && recorded.note?.contains(override.reason) == true)
        let event = try #require(transition.events.first { $0.kind == .ruleOverridden })
        #expect(event.audience == .managers && event.overriddenRules == ["one_shift_per_day"] && event.overrideReason == override.reason)
        #expect(transition.events.contains { $0.kind == .shiftAssigned && $0.audience == .users([W.alice, W.bob]) })

        // An override nobody needed records nothing.
        let plain = try world.perform(.assign(W.id(4), to: W.alice, override: override), by: carol).get()
        #expect(!plain.events.contains { $0.kind == .ruleOverridden })
        #expect(!plain.history.contains { $0.note?.contains("rule overridden") == true })
    }

    @Test func aManagerMayApproveOverAnOverridableRule() throws {
        var world = world()
        _ = try world.perform(.supply(W.id(3)), by: bob).get()
        world.settings.onePerDay = false
        _ = try world.perform(.pickUp(W.id(3), newDealID: W.id(900)), by: alice).get()
        world.settings.onePerDay = true
        #expect(world.perform(.approve(W.id(900), note: nil), by: carol).outcome == "one_shift_per_day")
        let action = MarketplaceAction.approve(W.id(900), note: nil)
        let preview = Marketplace.preview(action, actor: carol, context: world.context(for: action))
        #expect(preview.acceptsOverride && preview.refusal?.code == .oneShiftPerDay && preview.refusalWithOverride == nil)
        let approved = try world.perform(
            .approve(W.id(900), note: "ok", override: RuleOverride(reason: "Alice wants the double")), by: carol).get()
        #expect(world.shifts[W.id(3)]?.owner == W.alice)
        #expect(approved.events.contains { $0.kind == .ruleOverridden && $0.overriddenRules == ["one_shift_per_day"] })
        #expect(approved.history.contains { $0.subject == .shift(W.id(3)) && $0.note?.contains("Alice wants the double") == true })
    }

    @Test func oneOffShiftsPassTheSameRules() throws {
        var world = world()
        #expect(world.perform(.createShift(newShift(10, owner: W.alice, "2026-06-02", "16:00", "20:00"), override: nil), by: carol)
            .outcome == "overlapping_shift")
        #expect(world.perform(.createShift(newShift(10, owner: W.alice, "2026-06-02", "17:00", "20:00"), override: nil), by: carol)
            .outcome == "one_shift_per_day")
        #expect(world.perform(.createShift(newShift(10, owner: W.alice, "2026-06-01", "07:00", "09:00"), override: nil), by: carol)
            .outcome == "shift_in_past")
        let override = RuleOverride(reason: "inventory evening")
        let created = try world.perform(
            .createShift(newShift(10, owner: W.alice, "2026-06-02", "17:00", "20:00"), override: override), by: carol).get()
        #expect(created.newShifts.map(\.id) == [W.id(10)])
        #expect(created.events.map(\.kind) == [.ruleOverridden, .shiftCreated])
        #expect(world.shifts[W.id(10)]?.owner == W.alice)
    }

    @Test func assigningAnUnassignedShiftClearsTheMarkEvenForTheSameOwner() throws {
        var world = world()
        _ = try world.perform(.unassign(W.id(4), note: nil), by: carol).get()
        #expect(world.shifts[W.id(4)]?.isUnassigned == true)
        let transition = try world.perform(.assign(W.id(4), to: W.bob, override: nil), by: carol).get()
        #expect(transition.shiftChanges.first?.assigns == true && transition.shiftChanges.first?.touches == true)
        #expect(world.shifts[W.id(4)]?.isUnassigned == false && world.shifts[W.id(4)]?.status == .scheduled)
        #expect(transition.events.map(\.kind) == [.shiftRevoked, .shiftAssigned])
    }

    @Test func thePreviewListsEveryRuleAndTheWeekBeforeAndAfter() throws {
        var world = world()
        world.add(W.shift(5, owner: W.alice, "2026-06-03", "09:00", "13:00"))
        _ = try world.perform(.supply(W.id(2)), by: bob).get()
        let action = MarketplaceAction.pickUp(W.id(2), newDealID: W.id(0))
        let preview = Marketplace.preview(action, actor: alice, context: world.context(for: action))
        #expect(preview.refusal?.code == .overlappingShift)
        #expect(preview.findings.map(\.code) == [.overlappingShift, .oneShiftPerDay], "every rule, not only the first")
        #expect(preview.findings.allSatisfy { $0.conflictingShiftIDs == [W.id(1)] && $0.member == W.alice })
        let effect = try #require(preview.effects.first)
        #expect(effect.week.description == "2026-W23")
        #expect(effect.minutesBefore == 12 * 60 && effect.minutesAfter == 16 * 60)
        #expect(effect.incoming == [W.id(2)] && effect.conflicting == [W.id(1)])
        #expect(!preview.acceptsOverride)

        // Approving a pick-up: the shift being received is not counted as already worked.
        world.add(W.shift(6, owner: W.bob, "2026-06-04", "09:00", "11:00", status: .supplied))
        _ = try world.perform(.pickUp(W.id(6), newDealID: W.id(800)), by: alice).get()
        let approve = MarketplaceAction.approve(W.id(800), note: nil)
        let approval = try #require(Marketplace.preview(approve, actor: carol, context: world.context(for: approve)).effects.first)
        #expect(approval.member == W.alice && approval.minutesBefore == 12 * 60 && approval.minutesAfter == 14 * 60)

        let assign = MarketplaceAction.assign(W.id(3), to: W.alice, override: nil)
        let assignPreview = Marketplace.preview(assign, actor: carol, context: world.context(for: assign))
        #expect(assignPreview.refusal?.code == .oneShiftPerDay && assignPreview.acceptsOverride && assignPreview.refusalWithOverride == nil)
        let byEmployee = Marketplace.preview(assign, actor: bob, context: world.context(for: assign))
        #expect(byEmployee.refusal?.code == .notAManager && byEmployee.findings.isEmpty && byEmployee.effects.isEmpty,
                "an actor who may not act learns nothing about others' shifts")
        let clash = MarketplaceAction.assign(W.id(2), to: W.alice, override: nil)
        #expect(Marketplace.preview(clash, actor: carol, context: world.context(for: clash)).refusalWithOverride?.code == .overlappingShift)
    }

    /// The preview's answer is the action's answer, for every refusal the table reaches.
    @Test func thePreviewPredictsTheAction() {
        let world = world()
        let cases: [(MarketplaceAction, MarketplaceActor)] = [
            (.pickUp(W.id(2), newDealID: W.id(0)), alice),
            (.pickUp(W.id(1), newDealID: W.id(0)), alice),
            (.pickUp(W.id(99), newDealID: W.id(0)), alice),
            (.assign(W.id(2), to: W.alice, override: nil), carol),
            (.assign(W.id(3), to: W.alice, override: nil), carol),
            (.assign(W.id(4), to: W.alice, override: nil), carol),
            (.assign(W.id(4), to: W.alice, override: nil), bob),
            (.proposeSwap(offered: W.id(1), wanted: W.id(3), newDealID: W.id(0)), alice),
            (.approve(W.id(5), note: nil), carol),
        ]
        for (action, actor) in cases {
            var copy = world
            let preview = Marketplace.preview(action, actor: actor, context: copy.context(for: action))
            let answer = copy.perform(action, by: actor)
            #expect(preview.refusal?.code.rawValue ?? "ok" == answer.outcome, "\(action.name)")
        }
    }
}
