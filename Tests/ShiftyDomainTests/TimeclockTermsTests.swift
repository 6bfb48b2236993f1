import Foundation
import Testing
@testable import ShiftyDomain

/// Absences against the real schedule and employment period, contract hours and breaks.
@Suite struct TimeclockTermsTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    var calculator: TimeclockCalculator { TimeclockCalculator(timeZone: amsterdam) }

    func at(_ date: String, _ time: String) -> Date {
        amsterdam.instant(on: LocalDate(date)!, at: LocalTime(time)!)
    }

    func work(_ date: String, _ from: String, _ to: String) -> [Punch] {
        [Punch(.checkIn, at: at(date, from)), Punch(.checkOut, at: at(date, to))]
    }

    func shift(_ id: Int64, _ date: String, _ from: String, _ to: String) -> ShiftInterval {
        ShiftInterval(shiftID: ShiftID(rawValue: id), start: at(date, from), end: at(date, to))
    }

    let scheduleBased = EmploymentTerms(worksFixedQuota: false)

    @Test func aMemberWithoutShiftsHasNoAbsences() {
        // The defect: a member added today with no shifts had 20+ absences.
        let report = calculator.monthReport(year: 2026, month: 6, punches: [], terms: scheduleBased)
        #expect(report.absences == 0)
        #expect(report.overtimeMinutes == 0)
        #expect(report.statusCounts.dayOff == 30)
        // The seed's model still counts every quota day (June 2026: 26 Monday–Saturdays).
        #expect(calculator.monthReport(year: 2026, month: 6, punches: []).absences == 26)
    }

    @Test func aPartTimerIsAbsentOnlyOnScheduledDays() {
        // Scheduled Monday and Wednesday of two weeks; works both Mondays and one Wednesday.
        let shifts = [
            shift(1, "2026-06-01", "09:00", "13:00"), shift(2, "2026-06-03", "09:00", "13:00"),
            shift(3, "2026-06-08", "09:00", "13:00"), shift(4, "2026-06-10", "09:00", "13:00"),
        ]
        let punches = work("2026-06-01", "09:00", "13:00") + work("2026-06-03", "09:00", "14:00") + work("2026-06-08", "09:00", "13:00")
        let report = calculator.monthReport(year: 2026, month: 6, punches: punches, scheduled: shifts, terms: scheduleBased)
        #expect(report.absences == 1)
        let byDate = Dictionary(uniqueKeysWithValues: report.days.map { ($0.date.description, $0) })
        #expect(byDate["2026-06-10"]?.status == .absent)
        #expect(byDate["2026-06-02"]?.status == .dayOff)
        #expect(byDate["2026-06-02"]?.expected == false)
        // Overtime against the schedule: +60 on the 3rd, the floor (−120) for the missed 10th.
        #expect(byDate["2026-06-03"]?.quotaMinutes == 240)
        #expect(byDate["2026-06-03"]?.overtimeMinutes == 60)
        #expect(byDate["2026-06-10"]?.overtimeMinutes == -120)
        #expect(report.scheduledMinutes == 16 * 60)
        #expect(report.deviations.map(\.kind) == [.noShow])
    }

    @Test func aDayWithApprovedTimeOffIsNeverAnAbsence() {
        // Scheduled (and, with the seed's fixed quota, expected) on the 10th and 11th; time off both days,
        // worked the 11th anyway.
        let shifts = [shift(1, "2026-06-10", "09:00", "13:00"), shift(2, "2026-06-11", "09:00", "13:00")]
        let punches = work("2026-06-11", "09:00", "13:00")
        let timeOff: Set<LocalDate> = [LocalDate("2026-06-10")!, LocalDate("2026-06-11")!]
        for terms in [scheduleBased, EmploymentTerms.seedFixedQuota] {
            let without = calculator.monthReport(year: 2026, month: 6, punches: punches, scheduled: shifts, terms: terms)
            let with = calculator.monthReport(year: 2026, month: 6, punches: punches, scheduled: shifts, terms: terms, timeOffDates: timeOff)
            let before = Dictionary(uniqueKeysWithValues: without.days.map { ($0.date.description, $0) })
            let after = Dictionary(uniqueKeysWithValues: with.days.map { ($0.date.description, $0) })
            #expect(before["2026-06-10"]?.status == .absent, "the test must be able to fail")
            #expect(after["2026-06-10"]?.status == .dayOff && after["2026-06-10"]?.quotaMinutes == nil)
            #expect(after["2026-06-10"]?.overtimeMinutes == 0, "no penalty for a day off")
            #expect(after["2026-06-11"]?.status == .present, "worked anyway: judged like any day")
            #expect(with.absences == without.absences - 1)
        }
    }

    @Test func aMemberWhoJoinedMidMonthIsNeverAbsentBeforeJoining() {
        let terms = EmploymentTerms(start: LocalDate("2026-06-15")!, worksFixedQuota: true)
        let report = calculator.monthReport(year: 2026, month: 6, punches: work("2026-06-15", "09:00", "17:00"), terms: terms)
        // 15th–30th: 14 Monday–Saturdays, the first one worked.
        #expect(report.absences == 13)
        #expect(report.statusCounts.notEmployed == 14)
        #expect(report.statusCounts.present == 1)
        // Weeks before joining score nothing: no quota, no floor.
        #expect(report.weeks.first?.overtimeMinutes == 0)
        #expect(report.days.first?.quotaMinutes == nil)
    }

    @Test func aMemberDeactivatedMidMonthIsNeverAbsentAfterLeaving() {
        let terms = EmploymentTerms(end: LocalDate("2026-06-10")!, worksFixedQuota: true)
        // Work after the end is paid but has no quota and is never an absence.
        let punches = work("2026-06-01", "09:00", "17:00") + work("2026-06-20", "09:00", "17:00")
        let report = calculator.monthReport(year: 2026, month: 6, punches: punches, terms: terms)
        // 1st–10th: 9 Monday–Saturdays, one worked.
        #expect(report.absences == 8)
        #expect(report.statusCounts.notEmployed == 20)
        #expect(report.workedMinutes == 960)
        #expect(report.days[19].status == .notEmployed)
        #expect(report.days[19].overtimeMinutes == 0)
    }

    @Test func scheduledShiftsOutsideEmploymentAreNotExpected() {
        let terms = EmploymentTerms(start: LocalDate("2026-06-10")!, worksFixedQuota: false)
        let report = calculator.monthReport(
            year: 2026, month: 6, punches: [], scheduled: [shift(1, "2026-06-03", "09:00", "17:00"), shift(2, "2026-06-11", "09:00", "17:00")], terms: terms)
        #expect(report.absences == 1)
        #expect(report.deviations.map(\.shiftID.rawValue) == [2])
    }

    @Test func contractHoursScaleTheQuotaAndAreMeasuredPerWeek() throws {
        // Seed quotas: 5 × 480 + 300 = 2700 a week; a 20 h contract is 1200 → 213 Monday–Friday, 133 Saturday.
        #expect(TimeclockRules.seed.weeklyQuotaMinutes == 2700)
        #expect(TimeclockRules.seed.contractQuotaMinutes(on: .monday, contractMinutesPerWeek: 1200) == 213)
        #expect(TimeclockRules.seed.contractQuotaMinutes(on: .saturday, contractMinutesPerWeek: 1200) == 133)
        #expect(TimeclockRules.seed.contractQuotaMinutes(on: .sunday, contractMinutesPerWeek: 1200) == nil)
        let terms = EmploymentTerms(contractMinutesPerWeek: 1200, worksFixedQuota: false)
        // 20 h in week 23 on three scheduled days (Mon 8 h, Tue 8 h, Wed 4 h).
        let shifts = [shift(1, "2026-06-01", "09:00", "17:00"), shift(2, "2026-06-02", "09:00", "17:00"), shift(3, "2026-06-03", "09:00", "13:00")]
        let punches = work("2026-06-01", "09:00", "17:00") + work("2026-06-02", "09:00", "17:00") + work("2026-06-03", "09:00", "13:00")
        let report = calculator.monthReport(year: 2026, month: 6, punches: punches, scheduled: shifts, asOf: LocalDate("2026-06-07")!, terms: terms)
        #expect(report.absences == 0)
        let week = try #require(report.weeks.first)
        // 1200 worked against 5 × 213 + 133 = 1198 of contract share: +2 (rounding of the shares).
        #expect(week.uncappedOvertimeMinutes == 2)
        let thursday = report.days[3]
        #expect(thursday.status == .notScheduled)
        #expect(thursday.overtimeMinutes == -213) // not the daily floor: the contract is weekly
    }

    @Test func breakRulesApplyUnlessABreakWasPunched() {
        var rules = TimeclockRules.seed
        rules.breakRules = [BreakRule(afterMinutes: 330, breakMinutes: 30), BreakRule(afterMinutes: 540, breakMinutes: 45)]
        let calculator = TimeclockCalculator(rules: rules, timeZone: amsterdam)
        #expect(rules.breakRules.breakMinutes(forWorked: 330) == 0)
        #expect(rules.breakRules.breakMinutes(forWorked: 331) == 30)
        #expect(rules.breakRules.breakMinutes(forWorked: 600) == 45)
        let punched = [
            Punch(.checkIn, at: at("2026-06-02", "09:00")), Punch(.breakStart, at: at("2026-06-02", "12:00")),
            Punch(.breakEnd, at: at("2026-06-02", "12:15")), Punch(.checkOut, at: at("2026-06-02", "17:00")),
        ]
        let days = calculator.dayReports(
            from: LocalDate("2026-06-01")!, through: LocalDate("2026-06-03")!,
            punches: work("2026-06-01", "09:00", "17:00") + punched + work("2026-06-03", "09:00", "14:00"))
        // Rule: 8 h includes 30 unpaid minutes; quota 480, so −30.
        #expect(days[0].workedMinutes == 480)
        #expect(days[0].breakMinutes == 30)
        #expect(days[0].paidMinutes == 450)
        #expect(days[0].overtimeMinutes == -30)
        // A punched 15-minute break replaces the rule.
        #expect(days[1].breakMinutes == 15)
        #expect(days[1].paidMinutes == 465)
        // Under 5 h 30: no break.
        #expect(days[2].breakMinutes == 0)
        #expect(days[2].paidMinutes == 300)
        let month = calculator.monthReport(year: 2026, month: 6, punches: work("2026-06-01", "09:00", "17:00"))
        #expect(month.breakMinutes == 30)
        #expect(month.paidMinutes == 450)
        #expect(month.weeks[0].paidMinutes == 450)
    }

    @Test func breakPunchesPairInsideSessions() {
        let t = { (minute: Double) in Date(timeIntervalSince1970: minute * 60) }
        let paired = PairedPunches([
            Punch(.breakStart, at: t(1)),
            Punch(.checkIn, at: t(10)), Punch(.breakStart, at: t(20)), Punch(.breakStart, at: t(25)), Punch(.breakEnd, at: t(30)),
            Punch(.breakStart, at: t(40)), Punch(.checkOut, at: t(50)), Punch(.breakEnd, at: t(60)),
        ])
        #expect(paired.sessions == [WorkSession(start: t(10), end: t(50))])
        #expect(paired.breaks == [WorkSession(start: t(20), end: t(30)), WorkSession(start: t(40), end: t(50))])
        #expect(paired.unmatched.map(\.instant) == [t(1), t(25), t(60)])
    }
}

@Suite struct TimesheetAttentionTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")

    func at(_ date: String, _ time: String) -> Date {
        amsterdam.instant(on: LocalDate(date)!, at: LocalTime(time)!)
    }

    @Test func theDaysThatNeedAttention() {
        let calculator = TimeclockCalculator(timeZone: amsterdam)
        let shifts = [
            ShiftInterval(shiftID: ShiftID(rawValue: 1), start: at("2026-06-01", "09:00"), end: at("2026-06-01", "17:00")),
            ShiftInterval(shiftID: ShiftID(rawValue: 2), start: at("2026-06-02", "09:00"), end: at("2026-06-02", "17:00")),
            ShiftInterval(shiftID: ShiftID(rawValue: 3), start: at("2026-06-04", "09:00"), end: at("2026-06-04", "17:00")),
        ]
        let punches = [
            Punch(.checkIn, at: at("2026-06-01", "09:40")), Punch(.checkOut, at: at("2026-06-01", "16:00")), // 40 late, 60 early
            Punch(.checkIn, at: at("2026-06-03", "10:00")), Punch(.checkOut, at: at("2026-06-03", "12:00")), // no shift
            Punch(.checkIn, at: at("2026-06-04", "09:00")),                                                   // forgot to check out
        ]
        let days = calculator.timesheet(
            from: LocalDate("2026-06-01")!, through: LocalDate("2026-06-05")!, punches: punches, scheduled: shifts,
            terms: EmploymentTerms(worksFixedQuota: false), thresholdMinutes: 30)
        #expect(days.map(\.attention) == [[.late, .early], [.shiftWithoutPunches], [.workedWithoutShift], [.oddPunches, .missingCheckOut], []])
        #expect(days[0].lateMinutes == 40)
        #expect(days[0].earlyMinutes == 60)
        // A higher threshold lets the 40 minutes pass.
        let lenient = calculator.timesheet(
            from: LocalDate("2026-06-01")!, through: LocalDate("2026-06-01")!, punches: punches, scheduled: shifts,
            terms: EmploymentTerms(worksFixedQuota: false), thresholdMinutes: 45)
        #expect(lenient[0].attention == [.early])
    }

    @Test func earlyAndLateAfterAPunch() {
        let shift = ShiftInterval(shiftID: ShiftID(rawValue: 1), start: at("2026-06-01", "09:00"), end: at("2026-06-01", "17:00"))
        let next = ShiftInterval(shiftID: ShiftID(rawValue: 2), start: at("2026-06-02", "09:00"), end: at("2026-06-02", "17:00"))
        #expect(PunchTiming.relevantShift(for: .checkIn, at: at("2026-06-01", "08:45"), among: [next, shift]) == shift)
        #expect(PunchTiming.relevantShift(for: .checkOut, at: at("2026-06-01", "17:20"), among: [next, shift]) == shift)
        #expect(PunchTiming.relevantShift(for: .checkIn, at: at("2026-06-01", "21:30"), among: [next, shift]) == next)
        #expect(PunchTiming.relevantShift(for: .checkIn, at: at("2026-05-30", "08:00"), among: [next, shift]) == nil)
        #expect(PunchTiming.judge(.checkIn, at: at("2026-06-01", "08:45"), shift: shift, toleranceMinutes: 5)?.verdict == .early)
        #expect(PunchTiming.judge(.checkIn, at: at("2026-06-01", "08:45"), shift: shift, toleranceMinutes: 5)?.minutes == 15)
        #expect(PunchTiming.judge(.checkIn, at: at("2026-06-01", "09:12"), shift: shift, toleranceMinutes: 5)?.verdict == .late)
        #expect(PunchTiming.judge(.checkIn, at: at("2026-06-01", "09:03"), shift: shift, toleranceMinutes: 5)?.verdict == .onTime)
        #expect(PunchTiming.judge(.checkOut, at: at("2026-06-01", "16:30"), shift: shift, toleranceMinutes: 5)?.verdict == .early)
        #expect(PunchTiming.judge(.breakStart, at: at("2026-06-01", "12:00"), shift: shift, toleranceMinutes: 5) == nil)
    }
}
