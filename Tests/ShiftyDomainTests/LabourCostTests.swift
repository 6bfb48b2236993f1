import Foundation
import Testing
@testable import ShiftyDomain

/// The plan's cost (docs/week-planning.md, slice 7): each worked shift at its holder's wage on its
/// date, rounded per shift; shifts without a wage are counted, never costed at zero; a whole
/// week's cost against the budget.
@Suite struct LabourCostTests {
    typealias W = MarketplaceWorld
    let zone = W.amsterdam
    /// Monday 2026-06-01 through Sunday 2026-06-07.
    let monday = LocalDate("2026-06-01")!

    func shift(_ n: Int, _ owner: UserID, _ date: String, _ from: String, _ to: String, open: Bool = false) -> LabourShift {
        let owned = W.shift(n, owner: owner, date, from, to)
        return LabourShift(interval: ShiftInterval(shiftID: owned.id, start: owned.start, end: owned.end), owner: owner, open: open)
    }

    func week(_ shifts: [LabourShift], wages: [UserID: WageHistory], budget: Int? = nil, to: LocalDate? = nil) throws -> WeekTotals {
        try #require(LabourEstimate.weeks(
            from: monday, to: to ?? monday.adding(days: 6), shifts: shifts, people: [W.alice, W.bob], terms: [:], limits: .none,
            memberLimits: [:], wages: wages, weeklyBudgetCents: budget, zone: zone).first)
    }

    func wage(_ date: String, _ cents: Int) -> Wage { Wage(effectiveFrom: LocalDate(date)!, hourlyCents: cents) }

    @Test func aRaiseMidweekCostsEachShiftAtTheWageOfItsOwnDate() throws {
        let wages = [W.alice: WageHistory([wage("2026-06-03", 1600), wage("2026-01-01", 1200)])]
        let totals = try week(
            [shift(1, W.alice, "2026-06-02", "09:00", "17:00"), shift(2, W.alice, "2026-06-03", "09:00", "17:00")], wages: wages)
        #expect(totals.days[1].costCents == 8 * 1200 && totals.days[2].costCents == 8 * 1600)
        #expect(totals.costCents == 8 * 1200 + 8 * 1600 && totals.uncostedShifts == 0)
        #expect(totals.people.first { $0.member == W.alice }?.costCents == 8 * 1200 + 8 * 1600)
    }

    @Test func aShiftBeforeTheFirstWageOrOfSomebodyWithoutOneIsCountedNotCosted() throws {
        let wages = [W.alice: WageHistory([wage("2026-06-04", 1000)])]
        let totals = try week(
            [shift(1, W.alice, "2026-06-01", "09:00", "13:00"), shift(2, W.alice, "2026-06-05", "09:00", "13:00"),
             shift(3, W.bob, "2026-06-05", "09:00", "13:00")], wages: wages)
        #expect(totals.costCents == 4000 && totals.uncostedShifts == 2)
        let alice = try #require(totals.people.first { $0.member == W.alice })
        #expect(alice.costCents == 4000 && alice.uncostedShifts == 1)
        let bob = try #require(totals.people.first { $0.member == W.bob })
        #expect(bob.costCents == nil && bob.uncostedShifts == 1, "no wage in the week: no cost at all, not 0")
        #expect(totals.days[4].costCents == 4000 && totals.days[4].uncostedShifts == 1)
    }

    @Test func openShiftsCostNothingAndCentsRoundHalfUpPerShift() throws {
        // 7 minutes at 10.05 an hour is 117.25 cents → 117; 9 minutes is 150.75 → 151.
        let wages = [W.alice: WageHistory([wage("2026-01-01", 1005)]), W.bob: WageHistory([wage("2026-01-01", 5000)])]
        let totals = try week(
            [shift(1, W.alice, "2026-06-01", "09:00", "09:07"), shift(2, W.alice, "2026-06-02", "09:00", "09:09"),
             shift(3, W.bob, "2026-06-02", "10:00", "18:00", open: true)], wages: wages)
        #expect(totals.costCents == 117 + 151 && totals.uncostedShifts == 0)
        #expect(Wage(effectiveFrom: monday, hourlyCents: 1005).cents(forMinutes: 7) == 117)
    }

    @Test func aWholeWeekOverTheBudgetIsFlaggedACutWeekIsNot() throws {
        let wages = [W.alice: WageHistory([wage("2026-01-01", 2000)])]
        let shifts = [shift(1, W.alice, "2026-06-01", "09:00", "19:00")]  // 200.00
        #expect(try week(shifts, wages: wages, budget: 19999).overBudget)
        #expect(try !week(shifts, wages: wages, budget: 20000).overBudget, "at the budget is within it")
        #expect(try !week(shifts, wages: wages).overBudget)
        let cut = try week(shifts, wages: wages, budget: 100, to: monday.adding(days: 2))
        #expect(!cut.overBudget && cut.budgetCents == 100, "part of a week is not judged against a week's budget")
    }

    @Test func wageListsAreCheckedAsAWhole() throws {
        let history = try WageRules.check([("2026-03-01", 1500), ("2026-01-01", 1400)])
        #expect(history.wages.map(\.hourlyCents) == [1400, 1500])
        #expect(history.wage(on: LocalDate("2025-12-31")!) == nil)
        #expect(history.wage(on: LocalDate("2026-02-28")!)?.hourlyCents == 1400)
        #expect(history.wage(on: LocalDate("2026-03-01")!)?.hourlyCents == 1500)
        #expect(throws: WageRefusal.wage(at: 0, .malformedDate)) { try WageRules.check([("2026-13-01", 1)]) }
        #expect(throws: WageRefusal.wage(at: 1, .hourlyCentsOutOfRange)) { try WageRules.check([("2026-01-01", 1), ("2026-01-02", -1)]) }
        #expect(throws: WageRefusal.wage(at: 1, .duplicateDate)) { try WageRules.check([("2026-01-01", 1), ("2026-01-01", 2)]) }
        #expect(throws: WageRefusal.tooManyWages) {
            try WageRules.check((0...Wage.maximumCount).map { (LocalDate("2026-01-01")!.adding(days: $0).description, 1) })
        }
        #expect(throws: LabourBudgetRefusal.currencyNotISO4217) { try LabourBudget.checked(currency: "eur", weeklyCents: nil) }
        #expect(throws: LabourBudgetRefusal.budgetOutOfRange) { try LabourBudget.checked(currency: "EUR", weeklyCents: -1) }
        #expect(try LabourBudget.checked(currency: "USD", weeklyCents: 0) == LabourBudget(currency: "USD", weeklyCents: 0))
    }

    // MARK: Previews

    func effect(_ member: UserID, before: [LabourShift], after: [LabourShift], incoming: LabourShift) -> ReceiverEffect {
        ReceiverEffect(
            member: member, week: ISOWeek(containing: monday), minutesBefore: 0, minutesAfter: 0, incoming: [incoming.interval.shiftID],
            outgoing: [], conflicting: [], shiftsBefore: before.map(\.interval), shiftsAfter: after.map(\.interval))
    }

    @Test func aPickUpMovesTheWeekByTheDifferenceOfTheTwoWagesNotTwice() {
        let wages = [W.alice: WageHistory([wage("2026-01-01", 1000)]), W.bob: WageHistory([wage("2026-01-01", 1500)])]
        let alices = shift(1, W.alice, "2026-06-02", "09:00", "17:00")  // 80.00 at alice's, 120.00 at bob's
        let bobs = shift(2, W.bob, "2026-06-03", "09:00", "13:00")      // 60.00
        let bobTakes = effect(W.bob, before: [bobs], after: [bobs, alices], incoming: alices)
        let cost = LabourCost.preview(
            effects: [bobTakes], planned: [ISOWeek(containing: monday): [alices, bobs]], wages: wages, budgetCents: 17000, zone: zone)
        #expect(cost.members == [.init(member: W.bob, week: ISOWeek(containing: monday), beforeCents: 6000, afterCents: 18000)])
        let week = try? #require(cost.weeks.first)
        #expect(week?.beforeCents == 14000 && week?.afterCents == 18000, "alice's 80.00 leaves, bob's 120.00 comes")
        #expect(week?.overBudget == true && week?.budgetCents == 17000)
    }

    @Test func aNewShiftAddsItsCostAnEditTheDifferenceAndAMemberWithoutWageNothing() {
        let wages = [W.alice: WageHistory([wage("2026-01-01", 2000)])]
        let existing = shift(1, W.alice, "2026-06-02", "09:00", "13:00")  // 80.00
        let new = shift(9, W.alice, "2026-06-04", "09:00", "11:00")       // 40.00
        let planned = [ISOWeek(containing: monday): [existing]]
        let created = LabourCost.preview(
            effects: [effect(W.alice, before: [existing], after: [existing, new], incoming: new)], planned: planned, wages: wages, budgetCents: nil, zone: zone)
        #expect(created.weeks.first?.afterCents == 12000 && created.weeks.first?.overBudget == false)
        let longer = shift(1, W.alice, "2026-06-02", "09:00", "15:00")    // 120.00
        let edited = LabourCost.preview(
            effects: [effect(W.alice, before: [existing], after: [longer], incoming: longer)], planned: planned, wages: wages, budgetCents: nil, zone: zone)
        #expect(edited.weeks.first?.beforeCents == 8000 && edited.weeks.first?.afterCents == 12000)
        #expect(edited.members.first?.beforeCents == 8000 && edited.members.first?.afterCents == 12000)
        let bobs = shift(3, W.bob, "2026-06-05", "09:00", "17:00")
        let unpaid = LabourCost.preview(
            effects: [effect(W.bob, before: [], after: [bobs], incoming: bobs)], planned: planned, wages: wages, budgetCents: nil, zone: zone)
        #expect(unpaid.members.first?.beforeCents == nil && unpaid.members.first?.afterCents == nil)
        #expect(unpaid.weeks.first?.afterCents == 8000, "bob's shift is not costed, not costed at zero either")
    }
}
