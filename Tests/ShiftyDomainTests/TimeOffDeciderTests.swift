import Foundation
import Testing
import ShiftyDomain

/// The time-off state machine without I/O: every transition it returns and every refusal, in the
/// order the checks run.
@Suite struct TimeOffDeciderTests {
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let bram = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
    let anna = WorkplaceActor(userID: UserID(rawValue: 3), isManager: false)
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    /// Monday 1 June 2026, 12:00 in Amsterdam.
    var now: Date { zone.instant(on: LocalDate("2026-06-01")!, at: LocalTime("12:00")!) }

    func request(_ draft: TimeOffDraft, by actor: WorkplaceActor? = nil) -> Result<TimeOffTransition, TimeOffRefusal> {
        Result { () throws(TimeOffRefusal) in try TimeOffDecider.request(draft, by: actor ?? bram, in: zone, now: now) }
    }

    func apply(_ decision: TimeOffDecider.Decision, to current: TimeOff?, by actor: WorkplaceActor) -> Result<TimeOffTransition, TimeOffRefusal> {
        Result { () throws(TimeOffRefusal) in try TimeOffDecider.apply(decision, to: current, by: actor, now: now) }
    }

    func refusal(_ result: Result<TimeOffTransition, TimeOffRefusal>) -> TimeOffRefusal? {
        if case .failure(let refusal) = result { return refusal }
        return nil
    }

    /// Bram's request 7 for 3–5 June in `status`.
    func brams(_ status: TimeOffStatus) -> TimeOff {
        TimeOff(
            id: TimeOffID(rawValue: 7), member: bram.userID,
            interval: zone.startOfDay(LocalDate("2026-06-03")!)..<zone.endOfDay(LocalDate("2026-06-05")!), status: status)
    }

    // MARK: Asking

    @Test func aRequestForWholeDaysInsertsAPendingRequestCoveringTheDaysInTheWorkplacesZone() throws {
        let transition = try request(TimeOffDraft(firstDate: "2026-06-03", lastDate: "2026-06-05", reason: "  Family wedding \n")).get()
        let period = TimeOffPeriod(firstDate: LocalDate("2026-06-03")!, lastDate: LocalDate("2026-06-05")!)
        let interval = zone.startOfDay(period.firstDate)..<zone.endOfDay(period.lastDate)
        #expect(transition == TimeOffTransition(
            change: .insert(NewTimeOff(member: bram.userID, period: period, interval: interval, reason: "Family wedding")),
            event: .requested))
        #expect(transition.release == nil, "asking releases nothing")
    }

    @Test func aPartDayRunsFromItsStartTimeToItsEndTimeAndOneDateMeansThatDay() throws {
        let transition = try request(TimeOffDraft(firstDate: "2026-06-03", startTime: "09:00", endTime: "13:00")).get()
        guard case .insert(let new) = transition.change else { Issue.record("not an insert"); return }
        #expect(new.period.lastDate == new.period.firstDate && new.reason == "")
        #expect(new.interval == zone.instant(on: new.period.firstDate, at: LocalTime("09:00")!)..<zone.instant(on: new.period.firstDate, at: LocalTime("13:00")!))
        // Empty times mean whole days, as an absent one does.
        let whole = try request(TimeOffDraft(firstDate: "2026-06-03", startTime: "", endTime: "")).get()
        guard case .insert(let day) = whole.change else { Issue.record("not an insert"); return }
        #expect(day.period.isWholeDays)
    }

    @Test func severalDaysWithTimesRunContinuouslySoTheEndMayBeEarlierInTheDayThanTheStart() throws {
        let transition = try request(TimeOffDraft(firstDate: "2026-06-03", lastDate: "2026-06-04", startTime: "18:00", endTime: "08:00")).get()
        guard case .insert(let new) = transition.change else { Issue.record("not an insert"); return }
        #expect(new.interval.lowerBound == zone.instant(on: LocalDate("2026-06-03")!, at: LocalTime("18:00")!))
        #expect(new.interval.upperBound == zone.instant(on: LocalDate("2026-06-04")!, at: LocalTime("08:00")!))
    }

    @Test func unreadableFieldsAreRefusedByNameInTheOrderOfTheBody() {
        #expect(refusal(request(TimeOffDraft(firstDate: "3 June", lastDate: "junk", startTime: "25:00"))) == .malformedDate(.firstDate))
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", lastDate: "2026-13-01", startTime: "25:00"))) == .malformedDate(.lastDate))
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", startTime: "25:00", endTime: "nine"))) == .malformedTime(.startTime))
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", startTime: "09:00", endTime: "nine"))) == .malformedTime(.endTime))
    }

    @Test func periodsThatMakeNoSenseAreRefused() {
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-06", lastDate: "2026-06-04"))) == .lastDateBeforeFirstDate)
        // 366 days is the longest request; one more day is refused.
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", lastDate: "2027-06-03"))) == nil)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", lastDate: "2027-06-04"))) == .tooManyDays)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", startTime: "13:00", endTime: "09:00"))) == .endTimeNotAfterStartTime)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", startTime: "09:00", endTime: "09:00"))) == .endTimeNotAfterStartTime)
    }

    @Test func aReasonIsKeptTrimmedAndAtMostAThousandCharacters() throws {
        let padded = "  " + String(repeating: "a", count: TimeOffDecider.maximumReasonLength) + "  "
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", reason: padded))) == nil, "the spaces do not count")
        let long = String(repeating: "a", count: TimeOffDecider.maximumReasonLength + 1)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-03", reason: long))) == .reasonTooLong)
        // The period's fields are refused before the reason.
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-06", lastDate: "2026-06-04", reason: long))) == .lastDateBeforeFirstDate)
    }

    @Test func aPeriodTheSpringForwardGapSwallowsCoversNothingAndIsRefused() {
        // 29 March 2026 02:00–03:00 does not exist in Amsterdam: 02:30 is read as 03:30 summer
        // time, which is after 03:00, so 02:30–03:00 covers no instant although it reads forward.
        let gap = TimeOffPeriod(firstDate: LocalDate("2026-03-29")!, lastDate: LocalDate("2026-03-29")!, startTime: LocalTime("02:30")!, endTime: LocalTime("03:00")!)
        #expect(gap.interval(in: zone).isEmpty)
        let result = Result { () throws(TimeOffRefusal) in
            try TimeOffDecider.request(
                TimeOffDraft(firstDate: "2026-03-29", startTime: "02:30", endTime: "03:00"), by: bram, in: zone,
                now: zone.startOfDay(LocalDate("2026-03-01")!))
        }
        #expect(refusal(result) == .emptyPeriod)
    }

    @Test func timeOffThatIsAlreadyOverIsRefusedButTheRestOfToday() {
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-05-31"))) == .alreadyOver)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-01", startTime: "08:00", endTime: "12:00"))) == .alreadyOver, "ends exactly now")
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-06-01", startTime: "08:00", endTime: "12:01"))) == nil)
        #expect(refusal(request(TimeOffDraft(firstDate: "2026-05-20", lastDate: "2026-06-01"))) == nil, "still running")
    }

    @Test func aManagerAsksForTheirOwnTimeOffLikeAnyMember() throws {
        let transition = try request(TimeOffDraft(firstDate: "2026-06-03"), by: maria).get()
        guard case .insert(let new) = transition.change else { Issue.record("not an insert"); return }
        #expect(new.member == maria.userID)
    }

    // MARK: Deciding

    @Test func approvingMovesPendingToApprovedAndReleasesTheMembersShiftsInsideIt() throws {
        let current = brams(.pending)
        let transition = try apply(.approve(note: "Enjoy!"), to: current, by: maria).get()
        #expect(transition.change == .update(current.id, from: .pending, to: .approved, note: "Enjoy!", decidedBy: maria.userID))
        #expect(transition.event == .approved)
        #expect(transition.release == ShiftRelease(
            member: bram.userID, interval: current.interval, after: now, manager: maria.userID, note: "time off 7 approved"))
    }

    @Test func decliningMovesPendingToDeclinedAndReleasesNothing() throws {
        let transition = try apply(.decline(note: nil), to: brams(.pending), by: maria).get()
        #expect(transition == TimeOffTransition(
            change: .update(TimeOffID(rawValue: 7), from: .pending, to: .declined, note: nil, decidedBy: maria.userID), event: .declined))
    }

    @Test func onlyAManagerDecidesAndTheRoleIsCheckedFirst() {
        let long = String(repeating: "n", count: Marketplace.maximumNoteLength + 1)
        for decision in [TimeOffDecider.Decision.approve(note: long), .decline(note: long)] {
            #expect(refusal(apply(decision, to: brams(.pending), by: bram)) == .managerOnly, "before the note")
        }
        for decision in [TimeOffDecider.Decision.approve(note: nil), .decline(note: nil)] {
            #expect(refusal(apply(decision, to: brams(.pending), by: bram)) == .managerOnly)
            #expect(refusal(apply(decision, to: nil, by: anna)) == .managerOnly, "before existence")
            #expect(refusal(apply(decision, to: brams(.approved), by: bram)) == .managerOnly, "before status")
        }
    }

    @Test func aManagersNoteIsAtMostAThousandCharactersCheckedBeforeTheRequest() {
        let long = String(repeating: "n", count: Marketplace.maximumNoteLength + 1)
        let longest = String(repeating: "n", count: Marketplace.maximumNoteLength)
        #expect(refusal(apply(.approve(note: long), to: brams(.pending), by: maria)) == .noteTooLong)
        #expect(refusal(apply(.decline(note: long), to: nil, by: maria)) == .noteTooLong, "before existence")
        #expect(refusal(apply(.approve(note: longest), to: brams(.pending), by: maria)) == nil)
    }

    @Test func aMissingRequestIsNotFoundAndADecidedOneIsNotPending() {
        for decision in [TimeOffDecider.Decision.approve(note: nil), .decline(note: nil)] {
            #expect(refusal(apply(decision, to: nil, by: maria)) == .notFound)
            for status in [TimeOffStatus.approved, .declined, .withdrawn] {
                #expect(refusal(apply(decision, to: brams(status), by: maria)) == .notPending(TimeOffID(rawValue: 7), status))
            }
        }
    }

    // MARK: Withdrawing

    @Test func theMemberWithdrawsAPendingOrAnApprovedRequestAndNothingIsReleasedOrRecordedAsADecision() throws {
        for status in [TimeOffStatus.pending, .approved] {
            let transition = try apply(.withdraw, to: brams(status), by: bram).get()
            #expect(transition == TimeOffTransition(
                change: .update(TimeOffID(rawValue: 7), from: status, to: .withdrawn, note: nil, decidedBy: nil), event: .withdrawn))
        }
    }

    @Test func aDeclinedOrWithdrawnRequestCannotBeWithdrawn() {
        for status in [TimeOffStatus.declined, .withdrawn] {
            #expect(refusal(apply(.withdraw, to: brams(status), by: bram)) == .notWithdrawable(TimeOffID(rawValue: 7), status))
        }
    }

    @Test func someoneElsesRequestIsAsGoodAsMissingEvenForAManager() {
        #expect(refusal(apply(.withdraw, to: brams(.pending), by: anna)) == .notFound)
        #expect(refusal(apply(.withdraw, to: brams(.pending), by: maria)) == .notFound)
        #expect(refusal(apply(.withdraw, to: brams(.declined), by: anna)) == .notFound, "existence before status")
        #expect(refusal(apply(.withdraw, to: nil, by: bram)) == .notFound)
    }

    @Test func theStatusTableAgreesWithTheDecider() {
        // Exactly the statuses TimeOffStatus calls withdrawable are, and only pending is decided.
        for status in TimeOffStatus.allCases {
            #expect((refusal(apply(.withdraw, to: brams(status), by: bram)) == nil) == status.isWithdrawable)
            #expect((refusal(apply(.approve(note: nil), to: brams(status), by: maria)) == nil) == (status == .pending))
        }
    }

    // MARK: Codes

    @Test func everyRefusalHasTheAPIsCodeAndValidationOnesNameTheirField() {
        let table: [(TimeOffRefusal, String, TimeOffRefusal.Field?)] = [
            (.managerOnly, "manager_only", nil),
            (.notFound, "not_found", nil),
            (.notPending(TimeOffID(rawValue: 1), .approved), "time_off_not_pending", nil),
            (.notWithdrawable(TimeOffID(rawValue: 1), .declined), "time_off_not_withdrawable", nil),
            (.malformedDate(.lastDate), "validation_failed", .lastDate),
            (.malformedTime(.startTime), "validation_failed", .startTime),
            (.lastDateBeforeFirstDate, "validation_failed", .lastDate),
            (.tooManyDays, "validation_failed", .lastDate),
            (.endTimeNotAfterStartTime, "validation_failed", .endTime),
            (.emptyPeriod, "validation_failed", .endTime),
            (.alreadyOver, "validation_failed", .lastDate),
            (.reasonTooLong, "validation_failed", .reason),
            (.noteTooLong, "validation_failed", .note),
        ]
        for (refusal, code, field) in table {
            #expect(refusal.code.rawValue == code, "\(refusal)")
            #expect(refusal.field == field, "\(refusal)")
        }
    }
}
