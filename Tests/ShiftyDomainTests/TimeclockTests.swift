import Foundation
import Testing
@testable import ShiftyDomain

@Suite struct TimeclockTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    var calculator: TimeclockCalculator { TimeclockCalculator(timeZone: amsterdam) }

    func at(_ date: String, _ time: String) -> Date {
        amsterdam.instant(on: LocalDate(date)!, at: LocalTime(time)!)
    }

    /// Check-in at `from` on `date`, check-out at `to` (on the next day when `to` <= `from`).
    func work(_ date: String, _ from: String, _ to: String) -> [Punch] {
        let start = at(date, from)
        var end = at(date, to)
        if end <= start { end = amsterdam.instant(on: LocalDate(date)!.adding(days: 1), at: LocalTime(to)!) }
        return [Punch(.checkIn, at: start), Punch(.checkOut, at: end)]
    }

    func weekdays(_ dates: ClosedRange<Int>, month: String = "2026-06", _ from: String, _ to: String) -> [Punch] {
        dates.flatMap { work("\(month)-\(String(format: "%02d", $0))", from, to) }
    }

    /// An hour from 23:15:37 to 00:15:37 is an hour, whichever days it is split over: cut at
    /// midnight, its days were floored to 44 and 15 minutes and the week showed 0h59.
    @Test func aSessionOverMidnightKeepsAllItsMinutes() {
        let start = at("2026-11-27", "23:15").addingTimeInterval(37)
        let session = WorkSession(start: start, end: start.addingTimeInterval(3600))
        let perDay = calculator.secondsPerLocalDay([session])
        #expect(perDay.values.reduce(0, +) == 3600)
        #expect(perDay.values.map { $0 / 60 }.reduce(0, +) == 60)
        #expect(perDay[LocalDate("2026-11-27")!].map { $0 / 60 } == 44)
        #expect(perDay[LocalDate("2026-11-28")!].map { $0 / 60 } == 16)
        // Over two midnights (a 26-hour session), still every minute.
        let long = WorkSession(start: start, end: start.addingTimeInterval(26 * 3600 + 59))
        #expect(calculator.secondsPerLocalDay([long]).values.map { $0 / 60 }.reduce(0, +) == 26 * 60)
        // A session ending exactly at midnight stays on its day.
        let evening = WorkSession(start: at("2026-11-27", "22:00"), end: at("2026-11-28", "00:00"))
        #expect(calculator.secondsPerLocalDay([evening]) == [LocalDate("2026-11-27")!: 7200])
    }

    /// June 2026 (starts on a Monday), built so that every rule shows up once.
    func constructedJune() -> [Punch] {
        var punches: [Punch] = []
        // W23 (1–7): Mon–Fri 9 h (+60 each), Sat 5 h (0), Sunday off. Week +300.
        punches += weekdays(1...5, "09:00", "18:00") + work("2026-06-06", "09:00", "14:00")
        // W24 (8–14): Mon–Wed absent, Thu 8 h, Fri 3 h (−300 → −120), Sat absent. Sum −600 → −240.
        punches += work("2026-06-11", "09:00", "17:00") + work("2026-06-12", "09:00", "12:00")
        // W25 (15–21): Mon–Fri 8 h, Sat 6 h (+60), Sunday 4 h (day off: overtime 0). Week +60.
        punches += weekdays(15...19, "09:00", "17:00") + work("2026-06-20", "09:00", "15:00") + work("2026-06-21", "10:00", "14:00")
        // W26 (22–28): Mon, Tue, Thu 8 h; Wed only a check-in (odd); Fri closed; Sat 5 h. Week 0.
        punches += weekdays(22...23, "09:00", "17:00") + [Punch(.checkIn, at: at("2026-06-24", "09:00"))]
        punches += work("2026-06-25", "09:00", "17:00") + work("2026-06-27", "09:00", "14:00")
        // W27 (29–30, rest is July): Mon 8.5 h (+30), Tue absent (−120). Week −90.
        punches += work("2026-06-29", "09:00", "17:30")
        return punches
    }

    @Test func constructedMonthToTheMinute() throws {
        let report = calculator.monthReport(
            year: 2026, month: 6, punches: constructedJune(), closedDates: [LocalDate("2026-06-26")!])
        #expect(report.weeks.map(\.week.week) == [23, 24, 25, 26, 27])
        #expect(report.weeks.map(\.uncappedOvertimeMinutes) == [300, -600, 60, 0, -90])
        #expect(report.weeks.map(\.overtimeMinutes) == [300, -240, 60, 0, -90])
        #expect(report.overtimeMinutes == 30)
        #expect(report.workedMinutes == 8910)
        #expect(report.absences == 5)
        #expect(report.diligenceAbsences == 3)
        #expect(report.statusCounts.present == 19)
        #expect(report.statusCounts.absent == 5)
        #expect(report.statusCounts.oddPunches == 1)
        #expect(report.statusCounts.dayOff == 5)
        #expect(report.oddPunchDates == [LocalDate("2026-06-24")!])
        #expect(!report.isComplete)
        let friday12 = try #require(report.days.first { $0.date.description == "2026-06-12" })
        #expect(friday12.workedMinutes == 180 && friday12.overtimeMinutes == -120)
        let sunday21 = try #require(report.days.first { $0.date.description == "2026-06-21" })
        #expect(sunday21.status == .dayOff && sunday21.workedMinutes == 240 && sunday21.overtimeMinutes == 0)
        let closed = try #require(report.days.first { $0.date.description == "2026-06-26" })
        #expect(closed.status == .dayOff && closed.isClosed && closed.quotaMinutes == nil)
        #expect(report.weeks.last?.firstDate.description == "2026-06-29")
        #expect(report.weeks.last?.lastDate.description == "2026-06-30")
    }

    @Test func fixingOddPunchesCompletesTheMonth() {
        let fixed = constructedJune() + [Punch(.checkOut, at: at("2026-06-24", "17:00"))]
        let report = calculator.monthReport(year: 2026, month: 6, punches: fixed, closedDates: [LocalDate("2026-06-26")!])
        #expect(report.isComplete)
        #expect(report.workedMinutes == 8910 + 480)
        #expect(report.statusCounts.present == 20)
        #expect(report.overtimeMinutes == 30)
    }

    @Test func diligenceCapNotHitAndMonthlyFloor() {
        // Only the first week of June worked at 6 h a day: every later working day is absent.
        let punches = weekdays(1...6, "09:00", "15:00")
        let report = calculator.monthReport(year: 2026, month: 6, punches: punches, asOf: LocalDate("2026-06-09")!)
        // Mon 8 and Tue 9 absent; the rest of the month is upcoming.
        #expect(report.absences == 2)
        #expect(report.diligenceAbsences == 2)
        #expect(report.statusCounts.upcoming == 21)
        // W23: five days −120 each, Saturday +60 → −540 → −240; W24: −240 → −240. Month floor 0.
        #expect(report.weeks.prefix(2).map(\.overtimeMinutes) == [-240, -240])
        #expect(report.overtimeMinutes == 0)
        let custom = TimeclockCalculator(rules: TimeclockRules(monthlyOvertimeFloorMinutes: -600, diligenceAbsenceCap: 1), timeZone: amsterdam)
        let customReport = custom.monthReport(year: 2026, month: 6, punches: punches, asOf: LocalDate("2026-06-09")!)
        #expect(customReport.overtimeMinutes == -480)
        #expect(customReport.diligenceAbsences == 1)
    }

    @Test func shiftAcrossMidnightIsSplitAtLocalMidnight() throws {
        // Friday 22:00 → Saturday 06:00.
        let report = calculator.monthReport(year: 2026, month: 6, punches: work("2026-06-05", "22:00", "06:00"))
        let friday = try #require(report.days.first { $0.date.description == "2026-06-05" })
        let saturday = try #require(report.days.first { $0.date.description == "2026-06-06" })
        #expect(friday.workedMinutes == 120 && friday.overtimeMinutes == -120 && friday.status == .present)
        #expect(saturday.workedMinutes == 360 && saturday.overtimeMinutes == 60 && saturday.status == .present)
    }

    @Test func sessionAcrossTheMonthBoundary() throws {
        // Tuesday 30 June 20:00 → Wednesday 1 July 04:00: each month gets its own part.
        let punches = work("2026-06-30", "20:00", "04:00")
        let june = calculator.monthReport(year: 2026, month: 6, punches: punches)
        let july = calculator.monthReport(year: 2026, month: 7, punches: punches)
        #expect(june.days.last?.workedMinutes == 240)
        #expect(july.days.first?.workedMinutes == 240)
        // July's first week is Wed 1 – Sun 5 only, floored on its own.
        #expect(july.weeks.first?.firstDate.description == "2026-07-01")
        #expect(july.weeks.first?.lastDate.description == "2026-07-05")
        #expect(july.weeks.first?.uncappedOvertimeMinutes == -120 * 4) // Wed (4 h) and Thu–Sat absent
        #expect(july.weeks.first?.overtimeMinutes == -240)
    }

    @Test func dstDaysCountTheirRealLength() throws {
        let rules = TimeclockRules(sundayQuotaMinutes: 480)
        let calculator = TimeclockCalculator(rules: rules, timeZone: amsterdam)
        // Fall back (25 h) and spring forward (23 h), each worked from midnight to midnight.
        let october = calculator.monthReport(year: 2026, month: 10, punches: work("2026-10-25", "00:00", "00:00"))
        let sunday = try #require(october.days.first { $0.date.description == "2026-10-25" })
        #expect(sunday.lengthMinutes == 1500)
        #expect(sunday.workedMinutes == 1500)
        #expect(sunday.overtimeMinutes == 1020)
        let march = calculator.monthReport(year: 2026, month: 3, punches: work("2026-03-29", "00:00", "00:00"))
        let springDay = try #require(march.days.first { $0.date.description == "2026-03-29" })
        #expect(springDay.workedMinutes == 1380 && springDay.lengthMinutes == 1380)
        // Night shift Saturday 22:00 → Sunday 08:00 across fall-back: 2 h + 9 h.
        let night = TimeclockCalculator(timeZone: amsterdam).monthReport(year: 2026, month: 10, punches: work("2026-10-24", "22:00", "08:00"))
        #expect(night.days.first { $0.date.description == "2026-10-24" }?.workedMinutes == 120)
        #expect(night.days.first { $0.date.description == "2026-10-25" }?.workedMinutes == 540)
        #expect(night.days.first { $0.date.description == "2026-10-25" }?.status == .dayOff)
    }

    @Test func dayOffWorkCanCountAsOvertime() throws {
        let rules = TimeclockRules(dayOffWorkCountsAsOvertime: true)
        let report = TimeclockCalculator(rules: rules, timeZone: amsterdam)
            .monthReport(year: 2026, month: 6, punches: work("2026-06-07", "10:00", "13:00"), asOf: LocalDate("2026-06-07")!)
        #expect(report.days.first { $0.date.description == "2026-06-07" }?.overtimeMinutes == 180)
    }

    @Test func scheduleDeviations() throws {
        let shiftA = ShiftInterval(shiftID: ShiftID(rawValue: 9005), start: at("2026-06-01", "09:00"), end: at("2026-06-01", "17:00"))
        let shiftB = ShiftInterval(shiftID: ShiftID(rawValue: 9006), start: at("2026-06-02", "09:00"), end: at("2026-06-02", "17:00"))
        let shiftC = ShiftInterval(shiftID: ShiftID(rawValue: 9007), start: at("2026-06-03", "09:00"), end: at("2026-06-03", "17:00"))
        let upcoming = ShiftInterval(shiftID: ShiftID(rawValue: 9008), start: at("2026-06-20", "09:00"), end: at("2026-06-20", "17:00"))
        let punches = work("2026-06-01", "09:10", "16:50") + work("2026-06-02", "09:04", "16:56")
        let report = calculator.monthReport(
            year: 2026, month: 6, punches: punches, scheduled: [shiftC, shiftA, shiftB, upcoming], asOf: LocalDate("2026-06-10")!)
        #expect(report.deviations == [
            ScheduleDeviation(shiftID: shiftA.shiftID, date: LocalDate("2026-06-01")!, kind: .lateArrival, minutes: 10),
            ScheduleDeviation(shiftID: shiftA.shiftID, date: LocalDate("2026-06-01")!, kind: .earlyLeave, minutes: 10),
            ScheduleDeviation(shiftID: shiftC.shiftID, date: LocalDate("2026-06-03")!, kind: .noShow, minutes: 480),
        ])
    }

    @Test func dayReportsForAWeekAndJSON() throws {
        let days = calculator.dayReports(
            from: LocalDate("2026-06-01")!, through: LocalDate("2026-06-07")!, punches: constructedJune(), asOf: LocalDate("2026-06-05")!)
        #expect(days.map(\.status) == [.present, .present, .present, .present, .present, .upcoming, .upcoming])
        #expect(days.map(\.overtimeMinutes) == [60, 60, 60, 60, 60, nil, nil])
        #expect(calculator.dayReports(from: LocalDate("2026-06-07")!, through: LocalDate("2026-06-01")!, punches: []).isEmpty)
        let report = calculator.monthReport(year: 2026, month: 6, punches: constructedJune())
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"date\":\"2026-06-24\""))
        #expect(json.contains("\"status\":\"odd_punches\""))
        #expect(try JSONDecoder().decode(MonthReport.self, from: Data(json.utf8)) == report)
    }

    @Test func pairingFindsUnmatchedPunches() {
        let t = { (minute: Double) in Date(timeIntervalSince1970: minute * 60) }
        let paired = PairedPunches([
            Punch(.checkOut, at: t(1)), Punch(.checkIn, at: t(10)), Punch(.checkIn, at: t(20)),
            Punch(.checkOut, at: t(30)), Punch(.checkIn, at: t(40)),
        ].reversed())
        #expect(paired.sessions == [WorkSession(start: t(20), end: t(30))])
        #expect(paired.unmatched == [Punch(.checkOut, at: t(1)), Punch(.checkIn, at: t(10)), Punch(.checkIn, at: t(40))])
    }

    @Test func smoothingIntoTwentyParts() {
        let forty = (1...40).map(Double.init)
        #expect(SeriesSmoothing.averaged(forty) == stride(from: 1.5, through: 39.5, by: 2).map { $0 })
        let fortyFive = (0..<45).map { _ in 3.0 }
        #expect(SeriesSmoothing.averaged(fortyFive).count == 20)
        #expect(SeriesSmoothing.averaged(fortyFive).allSatisfy { $0 == 3 })
        #expect(SeriesSmoothing.averaged([1, 2, 3]) == [1, 2, 3])
        #expect(SeriesSmoothing.averaged([1, 2, 3], parts: 0).isEmpty)
        #expect(SeriesSmoothing.averaged((1...6).map(Double.init), parts: 4) == [1, 2.5, 4, 5.5])
    }
}
