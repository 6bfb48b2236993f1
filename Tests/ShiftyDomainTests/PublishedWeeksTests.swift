import Foundation
import ShiftyDomain
import Testing

/// Which weeks a change of the published schedule touches (the workplace's local dates, its ISO
/// weeks), which actions are publications at all, and the range `GET /schedule-weeks` takes:
/// decided without I/O.
@Suite struct PublishedWeeksTests {
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let anna = UserID(rawValue: 2)
    let maria = UserID(rawValue: 1)

    func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    func date(_ text: String) -> LocalDate { LocalDate(text)! }

    func shift(_ id: Int64, startingAt start: String) -> OwnedShift {
        OwnedShift(id: ShiftID(rawValue: id), owner: anna, start: instant(start), end: instant(start).addingTimeInterval(3600))
    }

    /// The Mondays a manager's change of these shifts' owner touches.
    func mondays(ofChangesTo shifts: [OwnedShift]) -> [LocalDate] {
        let transition = Transition(shiftChanges: shifts.map {
            ShiftChange(shiftID: $0.id, from: $0.state, to: ShiftState(owner: maria, status: .scheduled))
        })
        return PublishedWeeks.mondays(of: PublishedWeeks.changedDates(of: transition, shifts: Dictionary(uniqueKeysWithValues: shifts.map { ($0.id, $0) }), in: zone))
    }

    @Test func sundayNightAndMondayJustAfterMidnightAreTwoWeeksInTheWorkplacesZone() {
        // Sunday 4 October 23:30 in Amsterdam (summer time) is 21:30 UTC; Monday 5 October 00:30 there
        // is still Sunday 22:30 in UTC, but the workplace's Monday.
        #expect(mondays(ofChangesTo: [shift(1, startingAt: "2026-10-04T21:30:00Z")]) == [date("2026-09-28")])
        #expect(mondays(ofChangesTo: [shift(2, startingAt: "2026-10-04T22:30:00Z")]) == [date("2026-10-05")])
        #expect(mondays(ofChangesTo: [shift(1, startingAt: "2026-10-04T21:30:00Z"), shift(2, startingAt: "2026-10-04T22:30:00Z")])
            == [date("2026-09-28"), date("2026-10-05")])
    }

    @Test func theWeekFollowsDaylightSavingTime() {
        // Summer time ends on Sunday 25 October 2026: 23:30 that night is 22:30 UTC (UTC+1), and
        // Monday 00:30 is 23:30 UTC on the Sunday.
        #expect(mondays(ofChangesTo: [shift(1, startingAt: "2026-10-25T22:30:00Z")]) == [date("2026-10-19")])
        #expect(mondays(ofChangesTo: [shift(2, startingAt: "2026-10-25T23:30:00Z")]) == [date("2026-10-26")])
        // Summer time starts on Sunday 29 March 2026: Monday 00:30 is 22:30 UTC on the Sunday (UTC+2).
        #expect(mondays(ofChangesTo: [shift(3, startingAt: "2026-03-29T22:30:00Z")]) == [date("2026-03-30")])
        #expect(mondays(ofChangesTo: [shift(4, startingAt: "2026-03-29T21:30:00Z")]) == [date("2026-03-23")])
    }

    @Test func aChangeMovingAShiftAcrossWeeksTouchesBoth() {
        let before = ShiftInterval(shiftID: ShiftID(rawValue: 1), start: instant("2026-10-09T07:00:00Z"), end: instant("2026-10-09T15:00:00Z"))
        let after = ShiftInterval(shiftID: ShiftID(rawValue: 1), start: instant("2026-10-12T07:00:00Z"), end: instant("2026-10-12T15:00:00Z"))
        var transition = Transition()
        transition.timeChanges = [ShiftTimeChange(shiftID: ShiftID(rawValue: 1), from: before, to: after)]
        let dates = PublishedWeeks.changedDates(of: transition, shifts: [:], in: zone)
        #expect(dates == [date("2026-10-09"), date("2026-10-12")])
        #expect(PublishedWeeks.mondays(of: dates) == [date("2026-10-05"), date("2026-10-12")])
    }

    @Test func aNewShiftCountsOnItsOwnLocalDate() {
        // Created for Sunday at 23:30: its date is the Sunday, whatever UTC says.
        let new = NewShift(id: ShiftID(rawValue: 9), owner: anna, date: date("2026-10-11"), start: instant("2026-10-11T21:30:00Z"), end: instant("2026-10-12T05:30:00Z"))
        let context = MarketplaceContext(now: instant("2026-10-01T12:02:00Z"), timeZone: zone)
        let publication = PublishedWeeks.publication(
            of: .createShift(new, override: nil), transition: Transition(newShifts: [new]), actor: maria, context: context)
        #expect(publication == SchedulePublication(
            firstDate: date("2026-10-11"), lastDate: date("2026-10-11"), mondays: [date("2026-10-05")], publishedBy: maria,
            publishedAt: instant("2026-10-01T12:02:00Z"), changes: 1))
    }

    @Test func onlyAManagersChangesArePublicationsNeverTrades() {
        let shift = ShiftID(rawValue: 1), deal = DealID(rawValue: 3), request = RequestID(rawValue: 4)
        let edit = ShiftEdit(id: shift, start: instant("2026-10-05T07:00:00Z"), end: instant("2026-10-05T15:00:00Z"))
        let new = NewShift(id: shift, owner: anna, date: date("2026-10-05"), start: edit.start, end: edit.end)
        let publications: [MarketplaceAction] = [
            .createShift(new, override: nil), .editShift(edit, override: nil), .assign(shift, to: anna, override: nil),
            .unassign(shift, note: nil), .cancelShift(shift, note: nil),
        ]
        let trades: [MarketplaceAction] = [
            .supply(shift), .revoke(shift), .pickUp(shift, newDealID: deal), .postRequests([]), .withdrawRequest(request),
            .suggest(shift, to: request), .withdrawSuggestion(shift), .acceptSuggestion(shift, newDealID: deal),
            .proposeSwap(offered: shift, wanted: ShiftID(rawValue: 2), newDealID: deal), .acceptSwap(deal), .declineSwap(deal),
            .approve(deal, note: nil), .reject(deal, note: nil), .cancel(deal, note: nil), .expire(deal),
        ]
        #expect(publications.allSatisfy(PublishedWeeks.isPublication))
        #expect(!trades.contains(where: PublishedWeeks.isPublication))
        // An approved pick-up changes the shift's owner, and still publishes nothing.
        let owned = OwnedShift(id: shift, owner: anna, start: edit.start, end: edit.end, status: .inDeal, dealID: deal)
        let approval = Transition(shiftChanges: [ShiftChange(shiftID: shift, from: owned.state, to: ShiftState(owner: maria, status: .scheduled))])
        let context = MarketplaceContext(now: instant("2026-10-01T12:00:00Z"), timeZone: zone, shifts: [owned])
        #expect(PublishedWeeks.publication(of: .approve(deal, note: nil), transition: approval, actor: maria, context: context) == nil)
        #expect(PublishedWeeks.publication(of: .cancelShift(shift, note: nil), transition: approval, actor: maria, context: context)?.mondays
            == [date("2026-10-05")])
    }

    @Test func nothingTouchedIsNoPublication() {
        #expect(PublishedWeeks.publication(of: [], by: nil, at: instant("2026-10-01T12:00:00Z"), changes: 0) == nil)
    }

    @Test func theRangeNamesEveryWeekItTouchesUpToEightWeeks() throws {
        #expect(PublishedWeeks.mondays(from: date("2026-10-05"), to: date("2026-10-11")) == [date("2026-10-05")])
        #expect(PublishedWeeks.mondays(from: date("2026-10-07"), to: date("2026-10-13")) == [date("2026-10-05"), date("2026-10-12")])
        #expect(PublishedWeeks.mondays(from: date("2026-12-28"), to: date("2027-01-04")) == [date("2026-12-28"), date("2027-01-04")])
        try ShiftRules.checkPlanningRange(from: date("2026-10-05"), to: date("2026-11-29"))
        #expect(throws: ShiftRefusal.planningRangeTooLong) { try ShiftRules.checkPlanningRange(from: date("2026-10-05"), to: date("2026-11-30")) }
        #expect(throws: ShiftRefusal.rangeBackwards) { try ShiftRules.checkPlanningRange(from: date("2026-10-05"), to: date("2026-10-04")) }
    }
}
