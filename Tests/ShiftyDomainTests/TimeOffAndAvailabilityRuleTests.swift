import Foundation
import Testing
@testable import ShiftyDomain

/// Time off and availability (issue 16): each rule refusing, warning by setting, and overridden by
/// a manager; a pick-up refused because of time off is allowed once the time off is withdrawn.
@Suite struct TimeOffAndAvailabilityRuleTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)
    let override = RuleOverride(reason: "she offered to come in")

    /// Bob offers a shift on Wednesday 3 June 2026, 09:00–17:00 (Amsterdam).
    func world() -> MarketplaceWorld {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-03", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-05", "09:00", "17:00"))
        return world
    }

    /// Alice's approved time off, whole days from `first` to `last`.
    func holiday(_ first: String, _ last: String, request: Int64 = 7) -> TimeOffInterval {
        let range = TimeOffPeriod(firstDate: LocalDate(first)!, lastDate: LocalDate(last)!).interval(in: W.amsterdam)
        return TimeOffInterval(requestID: request, start: range.lowerBound, end: range.upperBound)
    }

    @Test func aPickUpDuringTimeOffIsRefusedThenAllowedOnceItIsWithdrawn() {
        var world = world()
        #expect(world.perform(.supply(W.id(1)), by: bob).outcome == "ok")
        world.timeOff[W.alice] = [holiday("2026-06-02", "2026-06-04")]
        let pickUp = MarketplaceAction.pickUp(W.id(1), newDealID: W.id(90))
        #expect(world.perform(pickUp, by: alice).outcome == "on_time_off")
        let preview = Marketplace.preview(pickUp, actor: alice, context: world.context(for: pickUp))
        #expect(preview.refusal?.code == .onTimeOff && preview.findings.map(\.code) == [.onTimeOff])
        #expect(preview.acceptsOverride == false, "a coworker's pick-up takes no override")
        // Withdrawn: the loader no longer finds approved time off, and the same pick-up goes through.
        world.timeOff[W.alice] = []
        #expect(world.perform(pickUp, by: alice).outcome == "ok")
    }

    @Test func timeOffOutsideTheShiftDoesNotMatterAndHalfOpenEndsDoNotTouch() {
        var world = world()
        #expect(world.perform(.supply(W.id(1)), by: bob).outcome == "ok")
        world.timeOff[W.alice] = [holiday("2026-06-04", "2026-06-06")]
        #expect(world.perform(.pickUp(W.id(1), newDealID: W.id(90)), by: alice).outcome == "ok")
        // A part day that ends as the shift starts does not touch it; one that reaches into it does.
        var partDay = self.world()
        #expect(partDay.perform(.supply(W.id(1)), by: bob).outcome == "ok")
        let morning = TimeOffPeriod(
            firstDate: LocalDate("2026-06-03")!, lastDate: LocalDate("2026-06-03")!, startTime: LocalTime("06:00"), endTime: LocalTime("09:00"))
        let range = morning.interval(in: W.amsterdam)
        let pickUp = MarketplaceAction.pickUp(W.id(1), newDealID: W.id(90))
        partDay.timeOff[W.alice] = [TimeOffInterval(requestID: 8, start: range.lowerBound, end: range.upperBound)]
        #expect(Marketplace.apply(pickUp, actor: alice, context: partDay.context(for: pickUp)).outcome == "ok")
        partDay.timeOff[W.alice] = [TimeOffInterval(requestID: 8, start: range.lowerBound, end: range.upperBound.addingTimeInterval(60))]
        #expect(Marketplace.apply(pickUp, actor: alice, context: partDay.context(for: pickUp)).outcome == "on_time_off")
    }

    @Test func timeOffWarnsBySettingAndAManagersOverrideIsRecorded() throws {
        var world = world()
        world.timeOff[W.alice] = [holiday("2026-06-03", "2026-06-03")]
        let assign = MarketplaceAction.assign(W.id(1), to: W.alice, override: nil)
        #expect(world.perform(assign, by: carol).outcome == "on_time_off")
        let preview = Marketplace.preview(assign, actor: carol, context: world.context(for: assign))
        #expect(preview.acceptsOverride && preview.refusalWithOverride == nil)

        var warning = world
        warning.settings.timeOffRule = .warn
        let warned = Marketplace.preview(assign, actor: carol, context: warning.context(for: assign))
        #expect(warned.refusal == nil && warned.findings.map(\.code) == [.onTimeOff] && warned.findings[0].severity == .warn)
        #expect(warning.perform(assign, by: carol).outcome == "ok")

        let transition = try world.perform(.assign(W.id(1), to: W.alice, override: override), by: carol).get()
        #expect(world.shifts[W.id(1)]?.owner == W.alice)
        let event = try #require(transition.events.first { $0.kind == .ruleOverridden })
        #expect(event.overriddenRules == ["on_time_off"] && event.overrideReason == override.reason)
        #expect(world.history.contains { $0.note?.contains("rule overridden: on_time_off") == true })
    }

    @Test func anUnavailableTimeRefusesWarnsOrIsOverriddenAndPreferredTimesAreOnlyShown() throws {
        var world = world()
        #expect(world.perform(.supply(W.id(1)), by: bob).outcome == "ok")
        // Alice cannot work Wednesdays after 16:00 (3 June 2026 is a Wednesday).
        world.availability[W.alice] = [
            WeeklyAvailability(weekday: .wednesday, from: LocalTime("16:00")!, to: .midnight),
            WeeklyAvailability(weekday: .friday, from: LocalTime("08:00")!, to: LocalTime("18:00")!, kind: .preferred),
        ]
        #expect(world.perform(.pickUp(W.id(1), newDealID: W.id(90)), by: alice).outcome == "unavailable")
        #expect(world.perform(.assign(W.id(2), to: W.alice, override: nil), by: carol).outcome == "ok", "preferred is no rule")
        world.settings.availabilityRule = .warn
        let pickUp = MarketplaceAction.pickUp(W.id(1), newDealID: W.id(91))
        let warned = Marketplace.preview(pickUp, actor: alice, context: world.context(for: pickUp))
        #expect(warned.refusal == nil && warned.findings.map(\.code) == [.unavailable] && warned.findings[0].severity == .warn)
        world.settings.availabilityRule = .refuse
        world.add(W.shift(3, owner: W.bob, "2026-06-10", "15:00", "18:00"))
        #expect(world.perform(.assign(W.id(3), to: W.alice, override: nil), by: carol).outcome == "unavailable")
        #expect(world.perform(.assign(W.id(3), to: W.alice, override: override), by: carol).outcome == "ok")
    }

    @Test func anUnavailableWindowPastMidnightCoversTheNextMorning() {
        // Tuesday 22:00 until 06:00: a Wednesday 05:00 shift is inside it, a 06:00 one is not.
        let entry = WeeklyAvailability(weekday: .tuesday, from: LocalTime("22:00")!, to: LocalTime("06:00")!)
        let early = W.shift(1, owner: W.bob, "2026-06-03", "05:00", "09:00").interval
        let later = W.shift(2, owner: W.bob, "2026-06-03", "06:00", "09:00").interval
        #expect(entry.overlaps(early, in: W.amsterdam))
        #expect(!entry.overlaps(later, in: W.amsterdam))
        let wholeDay = WeeklyAvailability(weekday: .wednesday, from: .midnight, to: .midnight)
        #expect(wholeDay.overlaps(later, in: W.amsterdam))
    }

    @Test func aTimeOffPeriodCoversWholeDaysOrItsTimes() {
        let zone = W.amsterdam
        let whole = TimeOffPeriod(firstDate: LocalDate("2026-06-08")!, lastDate: LocalDate("2026-06-12")!)
        #expect(whole.interval(in: zone) == W.at("2026-06-08", "00:00")..<W.at("2026-06-13", "00:00"))
        func refusal(_ period: TimeOffPeriod) -> TimeOffRefusal? {
            do { try period.check() } catch { return error }
            return nil
        }
        #expect(refusal(whole) == nil && whole.isWholeDays)
        let backwards = TimeOffPeriod(firstDate: LocalDate("2026-06-08")!, lastDate: LocalDate("2026-06-07")!)
        #expect(refusal(backwards) == .lastDateBeforeFirstDate && refusal(backwards)?.field == .lastDate)
        let emptyDay = TimeOffPeriod(
            firstDate: LocalDate("2026-06-08")!, lastDate: LocalDate("2026-06-08")!, startTime: LocalTime("13:00"), endTime: LocalTime("09:00"))
        #expect(refusal(emptyDay) == .endTimeNotAfterStartTime && refusal(emptyDay)?.field == .endTime)
        let tooLong = TimeOffPeriod(firstDate: LocalDate("2026-01-01")!, lastDate: LocalDate("2027-06-01")!)
        #expect(refusal(tooLong) == .tooManyDays && refusal(tooLong)?.field == .lastDate)
    }
}
