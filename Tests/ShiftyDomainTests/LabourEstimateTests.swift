import Foundation
import Testing
@testable import ShiftyDomain

/// The plan's totals (docs/week-planning.md, slice 2): scheduled minutes per person against the
/// contract and the weekly limit, per day (distinct people) and per week, counted the way the
/// `max_weekly_hours` rule counts; open shifts count for nobody.
@Suite struct LabourEstimateTests {
    typealias W = MarketplaceWorld
    let zone = W.amsterdam
    /// Monday 2026-06-01 through Sunday 2026-06-07.
    let monday = LocalDate("2026-06-01")!
    var sunday: LocalDate { monday.adding(days: 6) }

    func shift(_ n: Int, _ owner: UserID, _ date: String, _ from: String, _ to: String, open: Bool = false) -> LabourShift {
        let owned = W.shift(n, owner: owner, date, from, to)
        return LabourShift(interval: ShiftInterval(shiftID: owned.id, start: owned.start, end: owned.end), owner: owner, open: open)
    }

    func totals(
        _ shifts: [LabourShift], people: [UserID] = [W.alice, W.bob], terms: [UserID: EmploymentTerms] = [:],
        limits: HourLimits = .none, memberLimits: [UserID: MemberHourLimits] = [:], from: LocalDate? = nil, to: LocalDate? = nil
    ) -> [WeekTotals] {
        LabourEstimate.weeks(
            from: from ?? monday, to: to ?? sunday, shifts: shifts, people: people, terms: terms, limits: limits,
            memberLimits: memberLimits, zone: zone)
    }

    func person(_ week: WeekTotals, _ member: UserID) throws -> PersonWeekTotals {
        try #require(week.people.first { $0.member == member })
    }

    @Test func scheduledMinutesAreComparedWithTheContract() throws {
        let shifts = [
            shift(1, W.alice, "2026-06-01", "09:00", "17:00"), shift(2, W.alice, "2026-06-02", "09:00", "17:00"),
            shift(3, W.alice, "2026-06-03", "09:00", "17:00"), shift(4, W.alice, "2026-06-04", "09:00", "16:00"),
            shift(5, W.bob, "2026-06-01", "12:00", "20:00"),
        ]
        let terms = [
            W.alice: EmploymentTerms(contractMinutesPerWeek: 32 * 60, worksFixedQuota: false),
            W.bob: EmploymentTerms(contractMinutesPerWeek: 4 * 60, worksFixedQuota: false),
        ]
        let week = try #require(totals(shifts, terms: terms).first)
        let alice = try person(week, W.alice)
        #expect(alice.minutes == 31 * 60 && alice.shifts == 4 && alice.contractMinutes == 32 * 60)
        #expect(!alice.overContract && !alice.overLimit)
        let bob = try person(week, W.bob)
        #expect(bob.minutes == 8 * 60 && bob.contractMinutes == 4 * 60 && bob.overContract)
        #expect(week.minutes == 39 * 60 && week.headcount == 2)
    }

    @Test func aMemberWithoutContractOrShiftsIsStillListedInTheGivenOrder() throws {
        let week = try #require(totals([shift(1, W.carol, "2026-06-02", "09:00", "12:00")], people: [W.bob, W.alice]).first)
        #expect(week.people.map(\.member) == [W.bob, W.alice, W.carol], "anyone else with a shift comes after the listed people")
        let bob = try person(week, W.bob)
        #expect(bob.minutes == 0 && bob.contractMinutes == nil && !bob.overContract)
    }

    @Test func theWeeklyLimitIsTheMembersOwnOrTheWorkplacesAndAgreesWithTheRule() throws {
        let shifts = (1...5).map { shift($0, W.alice, "2026-06-0\($0)", "08:00", "17:00") }
            + [shift(6, W.bob, "2026-06-01", "08:00", "17:00")]
        let limits = HourLimits(maxWeeklyHours: HourLimit(limit: 40))
        let week = try #require(totals(shifts, limits: limits, memberLimits: [W.bob: MemberHourLimits(maxWeeklyHours: 8)]).first)
        let alice = try person(week, W.alice)
        #expect(alice.minutes == 45 * 60 && alice.weeklyLimitMinutes == 40 * 60 && alice.overLimit)
        let bob = try person(week, W.bob)
        #expect(bob.weeklyLimitMinutes == 8 * 60 && bob.overLimit, "9 hours against his own 8")

        // The rule refuses Alice's fifth shift for the same sum.
        let context = MarketplaceContext(
            now: W.now, timeZone: zone, settings: MarketplaceSettings(hourLimits: limits),
            commitments: [W.alice: shifts.prefix(4).map(\.interval)])
        let finding = Rulebook.findings(for: Placement(member: W.alice, incoming: shifts[4].interval), context: context)
            .first { $0.rule == .maxWeeklyHours }
        #expect(finding?.arguments.minutes == alice.minutes)
        #expect(try person(try #require(totals(shifts, limits: .none).first), W.alice).weeklyLimitMinutes == nil)
    }

    @Test func aNightShiftCountsWholeOnTheDayItStarts() throws {
        // Sunday 22:00 to Monday 06:00: all eight hours are Sunday's and this week's, as the weekly rule counts them.
        let night = shift(1, W.alice, "2026-06-07", "22:00", "06:00")
        let weeks = totals([night], to: sunday.adding(days: 1))
        #expect(weeks.count == 2)
        #expect(weeks[0].days.last?.minutes == 8 * 60 && weeks[0].days.last?.headcount == 1)
        #expect(try person(weeks[0], W.alice).minutes == 8 * 60)
        #expect(weeks[1].minutes == 0 && weeks[1].days.first?.headcount == 0)
        #expect(night.interval.week(in: zone) == ISOWeek(containing: sunday))
    }

    @Test func anOpenShiftCountsForNobodyAndIsCountedApart() throws {
        let shifts = [
            shift(1, W.alice, "2026-06-02", "09:00", "17:00", open: true),
            shift(2, W.alice, "2026-06-03", "09:00", "13:00"),
        ]
        let week = try #require(totals(shifts, terms: [W.alice: EmploymentTerms(contractMinutesPerWeek: 60, worksFixedQuota: false)]).first)
        let alice = try person(week, W.alice)
        #expect(alice.minutes == 4 * 60 && alice.shifts == 1, "the released shift is not hers in the plan")
        let tuesday = try #require(week.days.first { $0.date == LocalDate("2026-06-02") })
        #expect(tuesday.headcount == 0 && tuesday.minutes == 0 && tuesday.openShifts == 1)
        #expect(week.minutes == 4 * 60 && week.headcount == 1 && week.openShifts == 1)
    }

    @Test func aPersonWithTwoShiftsOnADayCountsOnceInTheHeadcount() throws {
        let shifts = [
            shift(1, W.alice, "2026-06-02", "07:00", "11:00"), shift(2, W.alice, "2026-06-02", "17:00", "21:00"),
            shift(3, W.bob, "2026-06-02", "12:00", "16:00"),
        ]
        let week = try #require(totals(shifts).first)
        let tuesday = try #require(week.days.first { $0.date == LocalDate("2026-06-02") })
        #expect(tuesday.headcount == 2 && tuesday.minutes == 12 * 60)
        #expect(week.days.count == 7 && week.days.filter { $0.headcount > 0 }.count == 1)
    }

    @Test func aRangeCutsWeeksAndJudgesTheContractOnWholeWeeksOnly() throws {
        // Thursday to the next Wednesday: two cut weeks.
        let shifts = [shift(1, W.alice, "2026-06-04", "08:00", "18:00"), shift(2, W.alice, "2026-06-10", "08:00", "18:00")]
        let terms = [W.alice: EmploymentTerms(contractMinutesPerWeek: 60, worksFixedQuota: false)]
        let weeks = totals(shifts, terms: terms, from: LocalDate("2026-06-04")!, to: LocalDate("2026-06-10")!)
        #expect(weeks.map(\.monday) == [monday, monday.adding(days: 7)])
        #expect(weeks.map(\.dates.count) == [4, 3] && weeks.allSatisfy { !$0.isWholeWeek })
        #expect(try weeks.map { try person($0, W.alice).minutes } == [600, 600])
        #expect(try weeks.allSatisfy { try !person($0, W.alice).overContract })
    }

    @Test func noContractOutsideTheEmploymentPeriod() throws {
        let terms = [W.alice: EmploymentTerms(start: LocalDate("2026-06-08"), contractMinutesPerWeek: 60, worksFixedQuota: false)]
        let weeks = totals([], terms: terms, to: sunday.adding(days: 7))
        #expect(try person(weeks[0], W.alice).contractMinutes == nil)
        #expect(try person(weeks[1], W.alice).contractMinutes == 60)
    }

    @Test func aPlanSpansAtMostEightWeeksForwards() {
        #expect(throws: Never.self) { try ShiftRules.checkPlanningRange(from: monday, to: monday.adding(days: 55)) }
        #expect(throws: ShiftRefusal.planningRangeTooLong) { try ShiftRules.checkPlanningRange(from: monday, to: monday.adding(days: 56)) }
        #expect(throws: ShiftRefusal.rangeBackwards) { try ShiftRules.checkPlanningRange(from: monday, to: monday.adding(days: -1)) }
    }
}
