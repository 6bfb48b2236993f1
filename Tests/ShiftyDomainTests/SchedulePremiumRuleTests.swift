import Foundation
import Testing
@testable import ShiftyDomain

/// The schedule-change ledger's rules (docs/week-planning.md, slice 8): per preset, what a change
/// owes by how late it comes; changes the member asked for are recorded as exempt; a rest an
/// employer's change makes too short owes its own premium; a workplace without a rule records nothing.
@Suite struct SchedulePremiumRuleTests {
    typealias W = MarketplaceWorld
    /// The change is made at Monday 2026-06-01 10:00 in Amsterdam.
    let now = W.at("2026-06-01", "10:00")

    func interval(_ n: Int, _ date: String, _ from: String, _ to: String) -> ShiftInterval {
        W.shift(n, owner: W.alice, date, from, to).interval
    }

    func change(_ before: ShiftInterval?, _ after: ShiftInterval?, reason: LedgerReason = .managerChange) -> ScheduleChange {
        let start = (after ?? before)!.start
        return ScheduleChange(
            member: W.alice, shiftID: (after ?? before)!.shiftID, date: W.amsterdam.localDate(of: start), before: before, after: after, reason: reason)
    }

    func entries(_ preset: SchedulePremiumPreset, _ changes: [ScheduleChange], schedule: [ShiftInterval] = []) -> [LedgerEntry] {
        ScheduleLedger.entries(for: changes, policy: ScheduleChangePolicy(preset: preset.rawValue), now: now, schedules: [W.alice: schedule])
    }

    @Test func oregonOwesAnHourForAddedOrMovedHoursAndHalfTheLostHoursInsideFourteenDays() throws {
        let added = entries(.usOregon, [change(nil, interval(1, "2026-06-13", "09:00", "17:00"))])
        #expect(added.map(\.kind) == [.added] && added.first?.premiumMinutes == 60 && added.first?.rule == "us_oregon")
        #expect(added.first?.noticeMinutes == 12 * 24 * 60 - 60, "from Monday 10:00 to Saturday 09:00")
        #expect(entries(.usOregon, [change(nil, interval(1, "2026-06-16", "09:00", "17:00"))]).isEmpty, "15 days ahead: outside the window")

        let cut = entries(.usOregon, [change(interval(1, "2026-06-05", "09:00", "17:00"), interval(1, "2026-06-05", "09:00", "13:00"))])
        #expect(cut.map(\.kind) == [.cut] && cut.first?.changedMinutes == 240 && cut.first?.premiumMinutes == 120)
        let removed = entries(.usOregon, [change(interval(1, "2026-06-02", "09:00", "17:00"), nil)])
        #expect(removed.map(\.kind) == [.removed] && removed.first?.premiumMinutes == 240)
        let moved = entries(.usOregon, [change(interval(1, "2026-06-05", "09:00", "17:00"), interval(1, "2026-06-06", "10:00", "18:00"))])
        #expect(moved.map(\.kind) == [.moved] && moved.first?.premiumMinutes == 60 && moved.first?.premiumCents == 0)
        let longer = entries(.usOregon, [change(interval(1, "2026-06-05", "09:00", "13:00"), interval(1, "2026-06-05", "09:00", "17:00"))])
        #expect(longer.map(\.kind) == [.added] && longer.first?.changedMinutes == 240 && longer.first?.premiumMinutes == 60)
        #expect(entries(.usOregon, [change(interval(1, "2026-06-05", "09:00", "17:00"), interval(1, "2026-06-05", "09:00", "17:00"))]).isEmpty)
    }

    @Test func changesTheMemberAskedForAreRecordedAsExemptAndOweNothing() {
        for reason in LedgerReason.allCases where reason.isEmployeeInitiated {
            let found = entries(.usSeattle, [change(interval(1, "2026-06-03", "09:00", "17:00"), nil, reason: reason)])
            #expect(found.count == 1 && found[0].exempt && !found[0].owesPremium, "\(reason)")
        }
        #expect(!LedgerReason.published.isEmployeeInitiated && !LedgerReason.managerChange.isEmployeeInitiated)
    }

    @Test func newYorkPaysFixedAmountsByTier() {
        func cut(_ date: String) -> Int? {
            entries(.usNYCFastFood, [change(interval(1, date, "09:00", "17:00"), interval(1, date, "09:00", "12:00"))]).first?.premiumCents
        }
        #expect(cut("2026-06-02") == 7500, "23 hours ahead")
        #expect(cut("2026-06-05") == 4500, "4 days ahead")
        #expect(cut("2026-06-12") == 2000, "11 days ahead")
        #expect(cut("2026-06-20") == nil, "19 days ahead")
        let added = entries(.usNYCFastFood, [change(nil, interval(1, "2026-06-10", "09:00", "17:00"))])
        #expect(added.first?.premiumCents == 1000 && added.first?.premiumMinutes == 0)
    }

    @Test func netherlandsOnCallPaysTheOriginalHoursOfALateCancellationOrChange() {
        let cancelled = entries(.nlOnCall, [change(interval(1, "2026-06-04", "09:00", "15:00"), nil)])
        #expect(cancelled.first?.kind == .removed && cancelled.first?.premiumMinutes == 360, "3 days ahead: the 6 hours are paid")
        let moved = entries(.nlOnCall, [change(interval(1, "2026-06-04", "09:00", "15:00"), interval(1, "2026-06-04", "12:00", "18:00"))])
        #expect(moved.first?.kind == .moved && moved.first?.premiumMinutes == 360)
        let added = entries(.nlOnCall, [change(nil, interval(1, "2026-06-03", "09:00", "15:00"))])
        #expect(added.count == 1 && !added[0].owesPremium, "recorded (the worker may refuse it), no premium")
        #expect(entries(.nlOnCall, [change(interval(1, "2026-06-06", "09:00", "15:00"), nil)]).isEmpty, "5 days ahead")
        #expect(SchedulePremiumPreset.nlOnCall.rule?.addedNeedsConsent == true)
    }

    @Test func aRestTheChangeMakesTooShortOwesTimeAndAHalfForTheMinutesInsideIt() {
        let closing = interval(2, "2026-06-20", "16:00", "23:00")
        // Opening at 07:00 the next day: 8 hours' rest, 2 of the shift's hours inside Oregon's 10.
        let opening = interval(1, "2026-06-21", "07:00", "15:00")
        let found = entries(.usOregon, [change(nil, opening)], schedule: [closing])
        #expect(found.map(\.kind) == [.clopening], "20 days ahead: no notice premium, but the rest premium")
        #expect(found.first?.changedMinutes == 120 && found.first?.premiumMinutes == 60)
        let wasShortAlready = entries(
            .usOregon, [change(interval(1, "2026-06-21", "08:00", "15:00"), opening)], schedule: [closing])
        #expect(!wasShortAlready.contains { $0.kind == .clopening }, "the rest was already short before the change")
        #expect(entries(.usOregon, [change(nil, opening, reason: .swap)], schedule: [closing]).isEmpty)
        let nyc = entries(.usNYCFastFood, [change(nil, interval(1, "2026-06-21", "09:00", "15:00"))], schedule: [closing])
        #expect(nyc.first { $0.kind == .clopening }?.premiumCents == 10000, "10 hours apart: under New York's 11")
    }

    @Test func noRuleRecordsNothingAndACustomRuleIsChecked() throws {
        #expect(entries(.none, [change(nil, interval(1, "2026-06-02", "09:00", "17:00"))]).isEmpty)
        let custom = CustomScheduleChangeRule(noticeDays: 7, addedMinutesOfPay: 30, movedMinutesOfPay: 15, cutPercentOfLostTime: 100)
        let policy = ScheduleChangePolicy(preset: "custom", custom: custom)
        let found = ScheduleLedger.entries(
            for: [change(interval(1, "2026-06-05", "09:00", "17:00"), interval(1, "2026-06-05", "09:00", "16:00"))], policy: policy, now: now)
        #expect(found.first?.premiumMinutes == 60 && found.first?.rule == "custom")
        try policy.check()
        #expect(throws: AccountRefusal.scheduleChangeRuleInvalid(.scheduleChangesNoticeDays)) {
            try ScheduleChangePolicy(preset: "custom", custom: CustomScheduleChangeRule(noticeDays: 0)).check()
        }
        #expect(throws: AccountRefusal.scheduleChangeRuleInvalid(.scheduleChangesCustom)) { try ScheduleChangePolicy(preset: "custom").check() }
        #expect(throws: AccountRefusal.scheduleChangeRuleInvalid(.scheduleChangesPreset)) { try ScheduleChangePolicy(preset: "us_texas").check() }
        #expect(throws: AccountRefusal.scheduleChangeRuleInvalid(.scheduleChangesRestHours)) {
            try ScheduleChangePolicy(preset: "custom", custom: CustomScheduleChangeRule(noticeDays: 3, clopeningRestHours: 30)).check()
        }
    }

    @Test func aDraftMovedToAnotherDateIsOneMoveForItsMemberAndAReassignmentTwoSides() {
        let published = PublishedShift(shift: W.shift(1, owner: W.alice, "2026-06-04", "09:00", "17:00"), date: LocalDate("2026-06-04")!, sequence: 1)
        let moved = DraftedShift(
            id: DraftID(rawValue: 5), shiftID: published.shift.id, baseSequence: 1, owner: W.alice, date: LocalDate("2026-06-05")!,
            start: W.at("2026-06-05", "09:00"), end: W.at("2026-06-05", "17:00"), position: nil)
        let changes = ScheduleChange.of(draft: moved, published: published, newID: ShiftID(rawValue: 77))
        #expect(changes.count == 1 && changes[0].before != nil && changes[0].after?.shiftID == ShiftID(rawValue: 77))
        #expect(entries(.usSeattle, changes).map(\.kind) == [.moved])
        var reassigned = moved
        reassigned.owner = W.bob
        let sides = ScheduleChange.of(draft: reassigned, published: published, newID: nil)
        #expect(sides.map(\.member) == [W.alice, W.bob] && sides[0].after == nil && sides[1].before == nil)
    }
}
