import Foundation
import ShiftyDomain
import Testing

/// Staffing needs against planned shifts, and the open shifts that fill the gaps, decided without I/O.
@Suite struct CoverageTests {
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let friday = LocalDate("2026-11-27")!
    let anna = UserID(rawValue: 1), ben = UserID(rawValue: 2), carla = UserID(rawValue: 3)

    func time(_ text: String) -> LocalTime { LocalTime(text)! }
    func at(_ date: LocalDate, _ text: String) -> Date { zone.instant(on: date, at: time(text)) }
    func need(_ start: String, _ end: String, _ position: String? = "Bar", _ headcount: Int = 1, on weekday: Weekday = .friday) -> CoverageNeed {
        try! CoverageNeed(weekday: weekday, start: time(start), end: time(end), position: position, headcount: headcount)
    }
    /// A shift of `owner`; nil is an open shift (released by dan, nobody has picked it up).
    func shift(_ owner: UserID?, _ start: String, _ end: String, _ position: String? = "Bar", on date: LocalDate? = nil) -> LabourShift {
        let day = date ?? friday
        let endDay = time(end) <= time(start) ? day.adding(days: 1) : day
        let interval = ShiftInterval(shiftID: ShiftID(rawValue: 1), start: at(day, start), end: at(endDay, end), position: position)
        return LabourShift(interval: interval, owner: owner ?? UserID(rawValue: 99), open: owner == nil)
    }
    /// "17:00-19:00 2/1" per segment: the local times, needed and staffed.
    func summary(_ segments: [CoverageSegment]) -> [String] {
        segments.map { segment in
            let from = zone.localDateTime(of: segment.start).time, to = zone.localDateTime(of: segment.end).time
            return "\(from)-\(to) \(segment.needed)/\(segment.staffed)"
        }
    }

    @Test func aNeedIsCutWhereverTheStaffingChanges() {
        let segments = Coverage.compute(
            needs: [need("17:00", "23:00", "Bar", 2)],
            shifts: [
                shift(anna, "17:00", "23:00"), shift(ben, "19:00", "21:00"),
                shift(carla, "17:00", "23:00", "Kitchen"),  // another station
                shift(nil, "17:00", "23:00"),  // open: planned, nobody works it yet
            ],
            dates: [friday], zone: zone)
        #expect(summary(segments) == ["17:00-19:00 2/1", "19:00-21:00 2/2", "21:00-23:00 2/1"])
        #expect(segments.map(\.shortage) == [1, 0, 1])
        #expect(segments.allSatisfy { $0.date == friday && $0.position == "Bar" })
    }

    @Test func positionsMatchWithoutCaseAndAnyoneCountsEveryShift() {
        let shifts = [shift(anna, "09:00", "17:00", "bar"), shift(ben, "09:00", "17:00", nil), shift(carla, "09:00", "17:00", "Kitchen")]
        let bar = Coverage.compute(needs: [need("09:00", "17:00", "Bar", 1)], shifts: shifts, dates: [friday], zone: zone)
        #expect(summary(bar) == ["09:00-17:00 1/1"], "\"bar\" is the Bar; a shift without a position is not")
        let anyone = Coverage.compute(needs: [need("09:00", "17:00", nil, 2)], shifts: shifts, dates: [friday], zone: zone)
        #expect(summary(anyone) == ["09:00-17:00 2/3"])
        #expect(anyone[0].surplus == 1 && anyone[0].position == nil)
    }

    @Test func needsOfOnePositionAddUpAndAPersonCountsOnce() {
        let segments = Coverage.compute(
            needs: [need("17:00", "23:00"), need("19:00", "21:00")],
            shifts: [shift(anna, "17:00", "23:00"), shift(anna, "18:00", "20:00")],
            dates: [friday], zone: zone)
        #expect(summary(segments) == ["17:00-19:00 1/1", "19:00-21:00 2/1", "21:00-23:00 1/1"])
    }

    @Test func aNeedOnlyAppliesOnItsWeekdayAndAnOvernightOneEndsTheNextDay() {
        let saturday = friday.adding(days: 1)
        let needs = [need("22:00", "02:00", on: .friday)]
        let segments = Coverage.compute(needs: needs, shifts: [shift(anna, "22:00", "01:00")], dates: [friday, saturday], zone: zone)
        #expect(summary(segments) == ["22:00-01:00 1/1", "01:00-02:00 1/0"])
        #expect(segments.allSatisfy { $0.date == friday }, "Saturday has no need of its own")
        #expect(segments.last?.end == at(saturday, "02:00"))
    }

    @Test func aNeedAcrossTheAutumnClockChangeIsAsLongAsTheWallSays() {
        let sunday = LocalDate("2026-10-25")!  // Amsterdam: 03:00 CEST becomes 02:00 CET
        let segments = Coverage.compute(needs: [need("00:00", "06:00", on: .sunday)], shifts: [], dates: [sunday], zone: zone)
        #expect(segments.count == 1)
        #expect(segments[0].minutes == 7 * 60, "six hours on the clock, seven in the night")
    }

    @Test func gapsAreFilledInLayersWithTheFewestShifts() {
        let segments = Coverage.compute(
            needs: [need("17:00", "23:00", "Bar", 2)], shifts: [shift(anna, "17:00", "19:00"), shift(ben, "21:00", "23:00")],
            dates: [friday], zone: zone)
        // Short one 17–19 and 21–23, short two 19–21.
        #expect(segments.map(\.shortage) == [1, 2, 1])
        let gaps = CoverageFill.openShifts(for: segments, zone: zone)
        let described = gaps.map { "\(zone.localDateTime(of: $0.start).time)-\(zone.localDateTime(of: $0.end).time) \($0.position ?? "-")" }
        #expect(described == ["17:00-23:00 Bar", "19:00-21:00 Bar"])
        #expect(gaps.allSatisfy { $0.date == friday })
    }

    @Test func shortGapsAreLeftAndLongOnesSplit() {
        let short = Coverage.compute(needs: [need("17:00", "23:00")], shifts: [shift(anna, "17:00", "22:30")], dates: [friday], zone: zone)
        #expect(CoverageFill.openShifts(for: short, zone: zone).isEmpty, "30 minutes is not a shift")
        #expect(CoverageFill.openShifts(for: short, zone: zone, minimumMinutes: 30).map(\.minutes) == [30])
        let long = Coverage.compute(needs: [need("07:00", "23:00")], shifts: [], dates: [friday], zone: zone)
        let parts = CoverageFill.openShifts(for: long, zone: zone, maximumMinutes: 10 * 60)
        #expect(parts.map(\.minutes) == [480, 480])
        #expect(parts[0].end == parts[1].start && parts[1].end == at(friday, "23:00"))
    }

    @Test func aGapAfterMidnightIsAShiftOfTheNextDate() {
        let saturday = friday.adding(days: 1)
        let segments = Coverage.compute(needs: [need("22:00", "03:00", on: .friday)], shifts: [shift(anna, "22:00", "00:00")], dates: [friday], zone: zone)
        let gaps = CoverageFill.openShifts(for: segments, zone: zone)
        #expect(gaps.count == 1)
        #expect(gaps.first?.date == saturday && gaps.first?.start == at(saturday, "00:00") && gaps.first?.minutes == 180)
    }

    @Test func eachFieldOfANeedIsRefusedByName() {
        func refusal(_ start: String, _ end: String, _ position: String?, _ headcount: Int) -> CoverageNeedRefusal? {
            do {
                _ = try CoverageNeed(weekday: .monday, start: time(start), end: time(end), position: position, headcount: headcount)
                return nil
            } catch { return error }
        }
        #expect(refusal("09:00", "09:00", nil, 1) == .emptyWindow)
        #expect(refusal("09:00", "17:00", nil, 0) == .headcountOutOfRange)
        #expect(refusal("09:00", "17:00", nil, CoverageNeed.maximumHeadcount + 1) == .headcountOutOfRange)
        #expect(refusal("09:00", "17:00", String(repeating: "b", count: FixedShift.maximumPositionLabelLength + 1), 1) == .positionTooLong)
        #expect(refusal("09:00", "17:00", "Bar\nkeeper", 1) == .positionNotOneLine)
        #expect(refusal("23:00", "01:00", "  ", 1) == nil)
        #expect(try! CoverageNeed(weekday: .monday, start: time("09:00"), end: time("17:00"), position: "  ", headcount: 1).position == nil, "blank is anyone")
        #expect(need("23:00", "01:00").durationMinutes == 120)
    }

    @Test func aListIsCheckedNeedByNeedAndSorted() throws {
        func draft(_ weekday: Int, _ start: String, _ end: String, _ headcount: Int = 1, _ position: String? = nil) -> CoverageNeedDraft {
            CoverageNeedDraft(weekday: weekday, startTime: start, endTime: end, position: position, headcount: headcount)
        }
        let needs = try CoverageNeed.checkedList([draft(5, "17:00", "23:00", 2, "Bar"), draft(1, "09:00", "17:00")])
        #expect(needs.map(\.weekday) == [.monday, .friday])
        #expect(needs[1].draft == draft(5, "17:00", "23:00", 2, "Bar"))
        func refusal(_ drafts: [CoverageNeedDraft]) -> CoverageNeedListRefusal? {
            do {
                _ = try CoverageNeed.checkedList(drafts)
                return nil
            } catch { return error }
        }
        #expect(refusal([draft(1, "09:00", "17:00"), draft(8, "09:00", "17:00")]) == .need(at: 1, .weekdayOutOfRange))
        #expect(refusal([draft(1, "9:00", "17:00")]) == .need(at: 0, .malformedTime(.startTime)))
        #expect(refusal([draft(1, "09:00", "24:00")]) == .need(at: 0, .malformedTime(.endTime)))
        #expect(refusal([draft(1, "09:00", "09:00")]) == .need(at: 0, .emptyWindow))
        #expect(CoverageNeedRefusal.emptyWindow.field == .endTime && CoverageNeedRefusal.headcountOutOfRange.field == .headcount)
        #expect(refusal(Array(repeating: draft(1, "09:00", "17:00"), count: CoverageNeed.maximumCount + 1)) == .tooManyNeeds)
        #expect(refusal(Array(repeating: draft(1, "09:00", "17:00"), count: CoverageNeed.maximumCount)) == nil)
    }
}
