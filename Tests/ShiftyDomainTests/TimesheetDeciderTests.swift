import Foundation
import ShiftyDomain
import Testing

/// The timesheet rules without I/O: reviewing and approving a period, unlocking an approval, and
/// whether a punch edit may touch a day.
@Suite struct TimesheetDeciderTests {
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
    let bram = UserID(rawValue: 3)
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let monday = LocalDate("2026-10-05")!
    var sunday: LocalDate { monday.adding(days: 6) }
    var today: LocalDate { monday.adding(days: 7) }

    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> TimesheetRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as TimesheetRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    func approval(_ id: Int64, _ member: UserID, _ first: LocalDate, _ last: LocalDate, locked: Bool = true) -> TimesheetApproval {
        TimesheetApproval(id: TimesheetApprovalID(rawValue: id), member: member, first: first, last: last, isLocked: locked)
    }

    // MARK: The period

    @Test func aPeriodRunsForwardForAtMostAMonth() {
        #expect(refusal { try TimesheetDecider.check(period: monday, monday, by: maria) } == nil)
        #expect(refusal { try TimesheetDecider.check(period: monday, monday.adding(days: 30), by: maria) } == nil, "31 days")
        #expect(refusal { try TimesheetDecider.check(period: monday, monday.adding(days: 31), by: maria) } == .periodOutOfRange)
        #expect(refusal { try TimesheetDecider.check(period: sunday, monday, by: maria) } == .periodOutOfRange)
        #expect(refusal { try TimesheetDecider.check(period: sunday, monday, by: anna) } == .managerOnly, "the role first")
        #expect(TimesheetRefusal.periodOutOfRange.field == .to && TimesheetRefusal.periodOutOfRange.code.rawValue == "validation_failed")
    }

    @Test func aReviewsThresholdIsZeroToFourHours() {
        #expect(refusal { try TimesheetDecider.check(threshold: 0) } == nil)
        #expect(refusal { try TimesheetDecider.check(threshold: 240) } == nil)
        #expect(refusal { try TimesheetDecider.check(threshold: 241) } == .thresholdOutOfRange)
        #expect(refusal { try TimesheetDecider.check(threshold: -1) } == .thresholdOutOfRange)
    }

    @Test func askingForAMemberWhoIsNotThereIsNotFound() {
        #expect(refusal { try TimesheetDecider.members([], asked: bram) } == .memberNotFound)
        #expect(refusal { try TimesheetDecider.members([], asked: nil) } == nil, "nobody in the period is an empty answer")
        #expect(TimesheetRefusal.memberNotFound.code.rawValue == "not_found")
    }

    // MARK: Approving

    @Test func approvingAFinishedWeekLocksItForEveryMemberNotAlreadyCovered() throws {
        let locks = [
            approval(1, bram, monday.adding(days: -1), sunday),              // covers Bram's whole week
            approval(2, anna.userID, monday, monday.adding(days: 2)),        // only part of Anna's
            approval(3, UserID(rawValue: 4), monday, sunday, locked: false), // unlocked: covers nothing
        ]
        let transition = try TimesheetDecider.approve(
            monday, sunday, members: [anna.userID, bram, UserID(rawValue: 4)], asked: nil, locks: locks, today: today, by: maria)
        #expect(transition == .approve(members: [anna.userID, UserID(rawValue: 4)], first: monday, last: sunday, approvedBy: maria.userID))
    }

    @Test func aPeriodIsApprovedOnceItIsOver() {
        #expect(refusal { try TimesheetDecider.approve(monday, sunday, members: [], asked: nil, locks: [], today: sunday, by: maria) } == .periodNotOver)
        #expect(refusal { try TimesheetDecider.approve(monday, sunday, members: [], asked: nil, locks: [], today: today, by: maria) } == nil)
    }

    @Test func anApprovalChecksRolePeriodBeingOverAndMemberInThatOrder() {
        #expect(refusal { try TimesheetDecider.approve(sunday, monday, members: [], asked: bram, locks: [], today: monday, by: anna) } == .managerOnly)
        #expect(refusal { try TimesheetDecider.approve(sunday, monday, members: [], asked: bram, locks: [], today: monday, by: maria) } == .periodOutOfRange)
        #expect(refusal { try TimesheetDecider.approve(monday, sunday, members: [], asked: bram, locks: [], today: monday, by: maria) } == .periodNotOver)
        #expect(refusal { try TimesheetDecider.approve(monday, sunday, members: [], asked: bram, locks: [], today: today, by: maria) } == .memberNotFound)
    }

    // MARK: Unlocking

    @Test func unlockingALockedApprovalNeedsAManagerAndAReason() throws {
        let locked = approval(5, anna.userID, monday, sunday)
        #expect(try TimesheetDecider.unlock(locked, reason: "  Anna forgot to check out \n", by: maria)
            == .unlock(locked.id, unlockedBy: maria.userID, reason: "Anna forgot to check out"))
        #expect(refusal { try TimesheetDecider.unlock(nil, reason: " ", by: anna) } == .managerOnly)
        #expect(refusal { try TimesheetDecider.unlock(nil, reason: " \n", by: maria) } == .reasonLength)
        #expect(refusal { try TimesheetDecider.unlock(nil, reason: String(repeating: "r", count: 501), by: maria) } == .reasonLength)
        #expect(refusal { try TimesheetDecider.unlock(nil, reason: "x", by: maria) } == .approvalNotFound)
        #expect(refusal { try TimesheetDecider.unlock(approval(5, anna.userID, monday, sunday, locked: false), reason: "again", by: maria) } == .approvalNotFound, "already unlocked")
    }

    @Test func aReasonForChangingHoursIsOneToFiveHundredCharacters() throws {
        #expect(try TimesheetDecider.checkedReason(" forgot ") == "forgot")
        #expect(try TimesheetDecider.checkedReason(String(repeating: "r", count: 500)).count == 500)
        #expect(refusal { try TimesheetDecider.checkedReason("") } == .reasonLength)
        #expect(TimesheetRefusal.reasonLength.field == .reason)
    }

    // MARK: Punch edits on locked days

    @Test func anEditTouchingALockedDayIsRefusedNamingTheEarliestDayAndTheOldestLock() {
        let tuesdayMorning = zone.instant(on: monday.adding(days: 1), at: LocalTime("09:00")!)
        let nextMonday = zone.instant(on: today, at: LocalTime("09:00")!)
        let locks = [approval(8, anna.userID, monday, sunday), approval(6, anna.userID, monday.adding(days: 1), monday.adding(days: 1))]
        #expect(refusal { try TimesheetDecider.checkEdit(touching: [nextMonday, tuesdayMorning], locks: locks, in: zone) }
            == .locked(date: monday.adding(days: 1), approval: TimesheetApprovalID(rawValue: 6)))
        #expect(refusal { try TimesheetDecider.checkEdit(touching: [nextMonday], locks: locks, in: zone) } == nil, "outside the week")
        #expect(refusal { try TimesheetDecider.checkEdit(touching: [tuesdayMorning], locks: locks.map { var open = $0; open.isLocked = false; return open }, in: zone) } == nil, "unlocked")
        #expect(TimesheetRefusal.locked(date: monday, approval: TimesheetApprovalID(rawValue: 6)).code.rawValue == "timesheet_locked")
    }

    @Test func theDayOfAnInstantIsTheWorkplacesLocalDay() {
        // 23:30 UTC on Sunday is Monday 01:30 in Amsterdam (summer time): the next week's Monday.
        let lateSunday = zone.instant(on: today, at: LocalTime("01:30")!)
        let locks = [approval(8, anna.userID, monday, sunday)]
        #expect(refusal { try TimesheetDecider.checkEdit(touching: [lateSunday], locks: locks, in: zone) } == nil)
        let sundayNight = zone.instant(on: sunday, at: LocalTime("23:30")!)
        #expect(refusal { try TimesheetDecider.checkEdit(touching: [sundayNight], locks: locks, in: zone) } == .locked(date: sunday, approval: TimesheetApprovalID(rawValue: 8)))
    }
}
