import Foundation
import Testing
@testable import ShiftyDomain

/// A refusal carries its code, the sentence's situation and the values it names, never a sentence:
/// the server's edge words it in the caller's language and names members by their display names,
/// so a member stays a `UserID` here.
@Suite struct RefusalArgumentsTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)

    func refusal(_ result: Result<Transition, MarketplaceRefusal>) -> MarketplaceRefusal? {
        if case .failure(let refusal) = result { return refusal }
        return nil
    }

    @Test func aDeactivatedReceiverIsNamedByTheirID() {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-03", "09:00", "17:00"))
        world.inactive = [W.dave]
        let refused = refusal(world.perform(.assign(W.id(1), to: W.dave, override: nil), by: carol))
        #expect(refused == MarketplaceRefusal(.counterpartyInactive, .init(member: W.dave)))
    }

    @Test func eachRuleNamesTheMemberTheShiftAndItsOwnValues() throws {
        var world = MarketplaceWorld()
        world.settings.onePerDay = true
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "13:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-02", "12:00", "16:00", position: "bar"))
        world.add(W.shift(3, owner: W.bob, "2026-06-02", "18:00", "22:00"))
        world.trackedPositions = ["bar"]
        world.settings.hourLimits.maxWeeklyHours = HourLimit(limit: 6)
        let assign = MarketplaceAction.assign(W.id(2), to: W.alice, override: nil)
        let preview = Marketplace.preview(assign, actor: carol, context: world.context(for: assign))
        let byRule = Dictionary(preview.findings.map { ($0.rule, $0.arguments) }, uniquingKeysWith: { first, _ in first })
        let shift = W.id(2) as ShiftID
        #expect(byRule[.noOverlap] == RefusalArguments(member: W.alice, shift: shift, otherShift: W.id(1)))
        #expect(byRule[.onePerDay] == RefusalArguments(member: W.alice, shift: shift, otherShift: W.id(1), date: LocalDate("2026-06-02")))
        #expect(byRule[.qualification] == RefusalArguments(member: W.alice, shift: shift, position: "bar"))
        #expect(byRule[.maxWeeklyHours] == RefusalArguments(
            member: W.alice, shift: shift, week: ISOWeek(containing: LocalDate("2026-06-02")!), limit: 6, minutes: 8 * 60))
        // The action refuses with the first finding's code and the same values.
        let refused = try #require(refusal(world.perform(assign, by: carol)))
        #expect(refused.code == .overlappingShift && refused.arguments == byRule[.noOverlap] && !refused.notOverridable)
        // Under an override the overlap still refuses, saying no override helps.
        let overridden = try #require(refusal(world.perform(.assign(W.id(2), to: W.alice, override: RuleOverride(reason: "busy")), by: carol)))
        #expect(overridden.code == .overlappingShift && overridden.notOverridable)
    }

    @Test func anUnavailableTimeIsItsWeekdayAndTimesNotASentence() {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-03", "17:00", "20:00"))
        world.availability[W.alice] = [WeeklyAvailability(weekday: .wednesday, from: LocalTime("16:00")!, to: .midnight)]
        let refused = refusal(world.perform(.assign(W.id(1), to: W.alice, override: nil), by: carol))
        #expect(refused == MarketplaceRefusal(
            .unavailable, .init(member: W.alice, shift: W.id(1), weekday: .wednesday, from: LocalTime("16:00"), to: .midnight)))
    }

    @Test func aCodeGivenInSeveralSituationsSaysWhichAndWhatItNames() {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.bob, "2026-06-03", "09:00", "17:00"))
        #expect(refusal(world.perform(.assign(W.id(1), to: W.alice, override: nil), by: bob))
            == MarketplaceRefusal(.notAManager, .assignShifts))
        #expect(refusal(world.perform(.revoke(W.id(1)), by: bob))
            == MarketplaceRefusal(.shiftNotSupplied, .init(shift: W.id(1))))
        #expect(refusal(world.perform(.pickUp(W.id(1), newDealID: W.id(90)), by: bob)) == MarketplaceRefusal(.ownShift))
    }

    @Test func theDescriptionIsTheCodeAndValuesForLogs() {
        let refusal = MarketplaceRefusal(.weeklyHoursExceeded, .init(member: W.alice, limit: 40, minutes: 2520))
        #expect(refusal.description == "weekly_hours_exceeded member=\(W.alice.rawValue) limit=40 minutes=2520")
        #expect(MarketplaceRefusal(.notAManager, .decideDeals).description == "not_a_manager.decideDeals")
    }
}
