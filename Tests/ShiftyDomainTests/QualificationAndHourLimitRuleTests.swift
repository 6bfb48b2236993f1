import Foundation
import Testing
@testable import ShiftyDomain

/// Positions and hour limits (issue 16): each rule refusing, warning by setting, and overridden
/// by a manager; a shift without a (tracked) position needs no qualification.
@Suite struct QualificationAndHourLimitRuleTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)
    let override = RuleOverride(reason: "short-staffed")
    let deal: DealID = W.id(90)

    /// Bob owns a kitchen shift (1), a bar shift (2), a shift without position (3) and one for an
    /// untracked position (4), on different days; alice is a bartender.
    func kitchenWorld() -> MarketplaceWorld {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-02", "09:00", "17:00", position: "kitchen"))
        world.add(W.shift(2, owner: W.bob, "2026-06-03", "09:00", "17:00", position: "bar"))
        world.add(W.shift(3, owner: W.bob, "2026-06-04", "09:00", "17:00"))
        world.add(W.shift(4, owner: W.bob, "2026-06-05", "09:00", "17:00", position: "dishes"))
        world.add(W.shift(5, owner: W.alice, "2026-06-06", "09:00", "17:00", position: "bar"))
        world.trackedPositions = ["kitchen", "bar"]
        world.qualifications = [W.alice: ["bar"], W.bob: ["kitchen", "bar"]]
        return world
    }

    @Test func onlyAQualifiedMemberReceivesAShiftForATrackedPosition() {
        var world = kitchenWorld()
        for n in 1...4 { #expect(world.perform(.supply(W.id(n)), by: bob).outcome == "ok") }
        #expect(world.perform(.pickUp(W.id(1), newDealID: W.id(91)), by: alice).outcome == "not_qualified")
        #expect(world.perform(.pickUp(W.id(2), newDealID: W.id(92)), by: alice).outcome == "ok")
        #expect(world.perform(.pickUp(W.id(3), newDealID: W.id(93)), by: alice).outcome == "ok", "no position: anyone")
        world.settings.onePerDay = false
        #expect(world.perform(.pickUp(W.id(4), newDealID: W.id(94)), by: alice).outcome == "ok", "untracked position: anyone")

        var swap = kitchenWorld()
        #expect(swap.perform(.proposeSwap(offered: W.id(5), wanted: W.id(1), newDealID: deal), by: alice).outcome == "not_qualified")
        swap.qualifications[W.alice] = ["bar", "kitchen"]
        #expect(swap.perform(.proposeSwap(offered: W.id(5), wanted: W.id(1), newDealID: deal), by: alice).outcome == "ok")
    }

    @Test func acceptingASuggestedShiftNeedsTheQualificationToo() {
        var world = kitchenWorld()
        let request: RequestID = W.id(70)
        world.requests[request] = ExtraWorkRequest(id: request, requester: W.alice, date: LocalDate("2026-06-02")!)
        #expect(world.perform(.suggest(W.id(1), to: request), by: bob).outcome == "ok")
        #expect(world.perform(.acceptSuggestion(W.id(1), newDealID: deal), by: alice).outcome == "not_qualified")
        world.qualifications[W.alice] = ["bar", "kitchen"]
        #expect(world.perform(.acceptSuggestion(W.id(1), newDealID: deal), by: alice).outcome == "ok")
    }

    @Test func aManagerMayAssignAnUnqualifiedMemberWithAnOverrideThatIsRecorded() throws {
        var world = kitchenWorld()
        #expect(world.perform(.assign(W.id(1), to: W.alice, override: nil), by: carol).outcome == "not_qualified")
        let action = MarketplaceAction.assign(W.id(1), to: W.alice, override: nil)
        let preview = Marketplace.preview(action, actor: carol, context: world.context(for: action))
        #expect(preview.refusal?.code == .notQualified && preview.refusalWithOverride == nil && preview.acceptsOverride)
        #expect(preview.findings.map(\.code) == [.notQualified])
        let transition = try world.perform(.assign(W.id(1), to: W.alice, override: override), by: carol).get()
        #expect(world.shifts[W.id(1)]?.owner == W.alice)
        let event = try #require(transition.events.first { $0.kind == .ruleOverridden })
        #expect(event.overriddenRules == ["not_qualified"])
        let created = NewShift(
            id: W.id(20), owner: W.alice, date: LocalDate("2026-06-08")!, start: W.at("2026-06-08", "09:00"),
            end: W.at("2026-06-08", "12:00"), position: "kitchen")
        #expect(world.perform(.createShift(created, override: nil), by: carol).outcome == "not_qualified")
    }

    @Test func theLongestShiftRefusesWarnsOrIsOverridden() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-02", "08:00", "19:00"))
        world.settings.hourLimits.maxShiftHours = HourLimit(limit: 10)
        #expect(world.perform(.assign(W.id(1), to: W.alice, override: nil), by: carol).outcome == "shift_too_long")
        world.settings.hourLimits.maxShiftHours = HourLimit(limit: 11)
        let action = MarketplaceAction.assign(W.id(1), to: W.alice, override: nil)
        #expect(Marketplace.preview(action, actor: carol, context: world.context(for: action)).findings.isEmpty, "11 hours is allowed")
        world.settings.hourLimits.maxShiftHours = HourLimit(limit: 10, severity: .warn)
        let preview = Marketplace.preview(action, actor: carol, context: world.context(for: action))
        #expect(preview.refusal == nil && preview.findings.map(\.code) == [.shiftTooLong] && preview.findings[0].severity == .warn)
        world.settings.hourLimits.maxShiftHours = HourLimit(limit: 10)
        #expect(world.perform(.assign(W.id(1), to: W.alice, override: override), by: carol).outcome == "ok")
    }

    @Test func weeklyHoursCountPendingIncomingDealsAndAMembersOwnLimit() throws {
        var world = MarketplaceWorld()
        world.settings.onePerDay = false
        // Week 23 of 2026 (1–7 June): alice owns 2 × 6 h; bob offers 6 h; carol has 4 h to give.
        world.add(W.shift(1, owner: W.alice, "2026-06-01", "09:00", "15:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-02", "09:00", "15:00"))
        world.add(W.shift(3, owner: W.bob, "2026-06-03", "09:00", "15:00"))
        world.add(W.shift(4, owner: W.bob, "2026-06-04", "09:00", "13:00"))
        world.add(W.shift(5, owner: W.bob, "2026-06-08", "09:00", "13:00")) // next week
        world.settings.hourLimits.maxWeeklyHours = HourLimit(limit: 40, severity: .warn)
        world.memberHourLimits[W.alice] = MemberHourLimits(maxWeeklyHours: 20) // a part-timer
        #expect(world.perform(.supply(W.id(3)), by: bob).outcome == "ok")
        #expect(world.perform(.pickUp(W.id(3), newDealID: deal), by: alice).outcome == "ok") // 18 h, pending approval
        // The member's value keeps the workplace's severity (warn): the assignment goes ahead, with a warning.
        let assign = MarketplaceAction.assign(W.id(4), to: W.alice, override: nil)
        let warned = Marketplace.preview(assign, actor: carol, context: world.context(for: assign))
        #expect(warned.refusal == nil && warned.findings.map(\.code) == [.weeklyHoursExceeded])
        #expect(warned.findings[0].conflictingShiftIDs == [W.id(1), W.id(2), W.id(3)], "the pending pick-up counts")
        world.settings.hourLimits.maxWeeklyHours = HourLimit(limit: 40)
        #expect(world.perform(assign, by: carol).outcome == "weekly_hours_exceeded")
        #expect(world.perform(.assign(W.id(5), to: W.alice, override: nil), by: carol).outcome == "ok", "another week")
        world.memberHourLimits = [:]
        #expect(world.perform(assign, by: carol).outcome == "ok", "22 h is within the workplace's 40")
        var overridden = world
        overridden.memberHourLimits[W.alice] = MemberHourLimits(maxWeeklyHours: 20)
        #expect(overridden.perform(.assign(W.id(4), to: W.bob, override: nil), by: carol).outcome != "weekly_hours_exceeded")
    }

    @Test func restBetweenShiftsRefusesWarnsOrIsOverridden() {
        var world = MarketplaceWorld()
        world.settings.onePerDay = false
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "15:00", "23:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-03", "07:00", "12:00")) // 8 h after alice's
        world.add(W.shift(3, owner: W.bob, "2026-06-03", "10:00", "14:00")) // 11 h after
        world.add(W.shift(4, owner: W.bob, "2026-06-02", "23:00", "23:30")) // back to back: one stretch
        world.settings.hourLimits.minRestHours = HourLimit(limit: 11)
        #expect(world.perform(.assign(W.id(2), to: W.alice, override: nil), by: carol).outcome == "rest_too_short")
        #expect(world.perform(.assign(W.id(4), to: W.alice, override: nil), by: carol).outcome == "ok")
        world.settings.hourLimits.minRestHours = HourLimit(limit: 11, severity: .warn)
        let action = MarketplaceAction.assign(W.id(2), to: W.alice, override: nil)
        let preview = Marketplace.preview(action, actor: carol, context: world.context(for: action))
        #expect(preview.refusal == nil && preview.findings.map(\.code) == [.restTooShort])
        #expect(preview.findings.first?.conflictingShiftIDs == [W.id(1), W.id(4)], "alice now also has 23:00–23:30")
        world.settings.hourLimits.minRestHours = HourLimit(limit: 11)
        #expect(world.perform(.assign(W.id(2), to: W.alice, override: override), by: carol).outcome == "ok")
        #expect(world.perform(.assign(W.id(3), to: W.bob, override: nil), by: carol).outcome != "rest_too_short")
    }

    @Test func consecutiveWorkingDaysRefuseWarnOrAreOverridden() {
        var world = MarketplaceWorld()
        for (n, day) in [(1, "2026-06-01"), (2, "2026-06-02"), (3, "2026-06-04")] {
            world.add(W.shift(n, owner: W.alice, day, "09:00", "13:00"))
        }
        world.add(W.shift(4, owner: W.bob, "2026-06-03", "09:00", "13:00"))
        world.add(W.shift(5, owner: W.bob, "2026-06-06", "09:00", "13:00"))
        world.settings.hourLimits.maxConsecutiveDays = HourLimit(limit: 3)
        #expect(world.perform(.assign(W.id(4), to: W.alice, override: nil), by: carol).outcome == "too_many_consecutive_days")
        #expect(world.perform(.assign(W.id(5), to: W.alice, override: nil), by: carol).outcome == "ok")
        world.memberHourLimits[W.alice] = MemberHourLimits(maxConsecutiveDays: 4)
        #expect(world.perform(.assign(W.id(4), to: W.alice, override: nil), by: carol).outcome == "ok")
    }

    @Test func consecutiveDaysWarnAndOverride() {
        var world = MarketplaceWorld()
        for (n, day) in [(1, "2026-06-01"), (2, "2026-06-02")] { world.add(W.shift(n, owner: W.alice, day, "09:00", "13:00")) }
        world.add(W.shift(4, owner: W.bob, "2026-06-03", "09:00", "13:00"))
        world.settings.hourLimits.maxConsecutiveDays = HourLimit(limit: 2, severity: .warn)
        let action = MarketplaceAction.assign(W.id(4), to: W.alice, override: nil)
        let preview = Marketplace.preview(action, actor: carol, context: world.context(for: action))
        #expect(preview.refusal == nil && preview.findings.map(\.code) == [.tooManyConsecutiveDays])
        world.settings.hourLimits.maxConsecutiveDays = HourLimit(limit: 2)
        #expect(world.perform(action, by: carol).outcome == "too_many_consecutive_days")
        #expect(world.perform(.assign(W.id(4), to: W.alice, override: override), by: carol).outcome == "ok")
    }

    @Test func limitsDecodeStrictly() throws {
        let limits = try JSONDecoder().decode(HourLimits.self, from: Data(#"{"maxWeeklyHours":{"limit":20,"severity":"warn"}}"#.utf8))
        #expect(limits.maxWeeklyHours == HourLimit(limit: 20, severity: .warn) && limits.minRestHours == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HourLimits.self, from: Data(#"{"minRestHours":{"limit":0}}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HourLimits.self, from: Data(#"{"minRestHours":{"limit":8,"severity":"maybe"}}"#.utf8)) }
    }
}
