import Foundation
import Testing
@testable import ShiftyDomain

/// Fixed shifts through the rulebook: saving one checks every week it would generate, with the
/// same findings, refusals and managers' overrides as any other shift change; generation accepts
/// what the rules allow and skips (with the refusing findings) what they refuse.
@Suite struct FixedShiftRulesTests {
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let anna = UserID(rawValue: 10)
    var employee: MarketplaceActor { MarketplaceActor(userID: anna, role: .employee) }
    let manager = MarketplaceActor(userID: UserID(rawValue: 1), role: .manager)
    /// A Monday.
    let today = LocalDate("2026-06-01")!

    func rule(_ weekday: Weekday, _ start: String, minutes: Int, position: String? = nil, id: Int64 = 50) -> FixedShift {
        try! FixedShift(
            id: FixedShiftID(rawValue: id), owner: anna, weekday: weekday, startTime: LocalTime(start)!, durationMinutes: minutes,
            positionLabel: position, validFrom: today)
    }

    func occurrences(_ rule: FixedShift) -> [ShiftOccurrence] { rule.occurrences(from: today, in: zone) }

    /// One of anna's existing shifts on `date`.
    func shift(_ id: Int64, _ date: String, _ start: String, minutes: Int) -> ShiftInterval {
        let begin = zone.instant(on: LocalDate(date)!, at: LocalTime(start)!)
        return ShiftInterval(shiftID: ShiftID(rawValue: id), start: begin, end: begin.addingTimeInterval(Double(minutes * 60)))
    }

    func context(
        commitments: [ShiftInterval] = [], settings: MarketplaceSettings = .default, tracked: Set<String> = [],
        qualified: Set<String> = [], timeOff: [TimeOffInterval] = []
    ) -> MarketplaceContext {
        MarketplaceContext(
            now: zone.instant(on: today, at: LocalTime("06:00")!), timeZone: zone, settings: settings,
            commitments: [anna: commitments], trackedPositions: tracked, qualifications: [anna: qualified], timeOff: [anna: timeOff])
    }

    @Test func aFreeWeeklyShiftPassesWithEveryWeekChecked() throws {
        let monday = rule(.monday, "09:00", minutes: 480)
        let verdict = FixedShiftRules.review(occurrences(monday), owner: anna, actor: employee, context: context())
        #expect(verdict.refusal == nil && verdict.findings.isEmpty)
        #expect(verdict.occurrences.count == 8)
        #expect(Set(verdict.occurrences.map(\.shiftID)).count == 8 && verdict.occurrences.allSatisfy { $0.shiftID.rawValue < 0 })
        #expect(try FixedShiftRules.check(occurrences(monday), owner: anna, actor: employee, override: nil, context: context()).isEmpty)
    }

    @Test func anOverlapInOneWeekRefusesTheWholeFixedShiftAndNoOverrideHelps() throws {
        let monday = rule(.monday, "09:00", minutes: 480)
        let existing = shift(7, "2026-06-15", "12:00", minutes: 240)
        let verdict = FixedShiftRules.review(occurrences(monday), owner: anna, actor: manager, context: context(commitments: [existing]))
        #expect(verdict.refusal?.code == .overlappingShift)
        #expect(verdict.refusal?.arguments.fixedShiftWeek == LocalDate("2026-06-15"), "the refusal names the week: \(String(describing: verdict.refusal))")
        #expect(verdict.refusal?.arguments.member == anna && verdict.refusal?.arguments.otherShift == ShiftID(rawValue: 7))
        #expect(verdict.refusalWithOverride?.code == .overlappingShift, "nobody can be in two places at once")
        #expect(verdict.refusalWithOverride?.notOverridable == true, "the refusal says no override helps")
        #expect(verdict.refusal?.notOverridable == false)
        let clashing = verdict.occurrences.filter { !$0.findings.isEmpty }
        #expect(clashing.map(\.occurrence.date.description) == ["2026-06-15"])
        #expect(clashing.first?.findings.first?.conflictingShiftIDs == [ShiftID(rawValue: 7)])
        #expect(throws: MarketplaceRefusal.self) {
            try FixedShiftRules.check(
                occurrences(monday), owner: anna, actor: manager, override: RuleOverride(reason: "busy"), context: context(commitments: [existing]))
        }
    }

    @Test func overHoursUnqualifiedAndTimeOffRefuseAnEmployeeAndAManagerMayOverrideWithAReason() throws {
        let limits = MarketplaceSettings(hourLimits: HourLimits(maxWeeklyHours: HourLimit(limit: 10)))
        let week = (1...5).map { shift(Int64(100 + $0), LocalDate("2026-06-08")!.adding(days: $0 - 1).description, "09:00", minutes: 120) }
        let period = TimeOffPeriod(firstDate: LocalDate("2026-06-22")!, lastDate: LocalDate("2026-06-22")!).interval(in: zone)
        let cases: [(MarketplaceContext, FixedShift, MarketplaceRefusal.Code)] = [
            // 5 × 2 h that week already; a 4-hour Saturday makes 14 > 10.
            (context(commitments: week, settings: limits), rule(.saturday, "10:00", minutes: 240), .weeklyHoursExceeded),
            (context(tracked: ["bar"]), rule(.tuesday, "10:00", minutes: 240, position: "bar"), .notQualified),
            (context(timeOff: [TimeOffInterval(requestID: 3, start: period.lowerBound, end: period.upperBound)]),
             rule(.monday, "10:00", minutes: 240), .onTimeOff),
        ]
        for (context, fixed, code) in cases {
            let verdict = FixedShiftRules.review(occurrences(fixed), owner: anna, actor: employee, context: context)
            #expect(verdict.refusal?.code == code, "\(code)")
            #expect(verdict.acceptsOverride == false)
            #expect(throws: MarketplaceRefusal(.notAManager, .overrideRules)) {
                try FixedShiftRules.check(
                    occurrences(fixed), owner: anna, actor: employee, override: RuleOverride(reason: "please"), context: context)
            }
            let managers = FixedShiftRules.review(occurrences(fixed), owner: anna, actor: manager, context: context)
            #expect(managers.refusal?.code == code && managers.refusalWithOverride == nil && managers.acceptsOverride)
            #expect(throws: MarketplaceRefusal.self) {
                try FixedShiftRules.check(occurrences(fixed), owner: anna, actor: manager, override: RuleOverride(reason: "  "), context: context)
            }
            let overridden = try FixedShiftRules.check(
                occurrences(fixed), owner: anna, actor: manager, override: RuleOverride(reason: "trained next week"), context: context)
            #expect(!overridden.isEmpty && overridden.allSatisfy { $0.code == code })
        }
    }

    @Test func warningsByTheWorkplacesSettingDoNotRefuse() throws {
        let period = TimeOffPeriod(firstDate: LocalDate("2026-06-22")!, lastDate: LocalDate("2026-06-22")!).interval(in: zone)
        var settings = MarketplaceSettings.default
        settings.timeOffRule = .warn
        let context = context(settings: settings, timeOff: [TimeOffInterval(requestID: 3, start: period.lowerBound, end: period.upperBound)])
        let monday = rule(.monday, "10:00", minutes: 240)
        let verdict = FixedShiftRules.review(occurrences(monday), owner: anna, actor: employee, context: context)
        #expect(verdict.refusal == nil)
        #expect(verdict.findings.map(\.severity) == [.warn] && verdict.findings.map(\.code) == [.onTimeOff])
        #expect(try FixedShiftRules.check(occurrences(monday), owner: anna, actor: employee, override: nil, context: context).isEmpty)
    }

    @Test func anotherFixedShiftsWeeksCountBeforeTheyAreGenerated() throws {
        let other = rule(.wednesday, "08:00", minutes: 480, id: 51)
        // Its first two Wednesdays exist as shifts (taken); the rest is not generated yet.
        let taken: Set<OccurrenceKey> = [
            OccurrenceKey(fixedShiftID: other.id, date: LocalDate("2026-06-03")!),
            OccurrenceKey(fixedShiftID: other.id, date: LocalDate("2026-06-10")!),
        ]
        let pending = FixedShiftRules.unmaterialized(of: [other], from: today, in: zone, taken: taken)
        #expect(pending.count == 6 && pending.first?.date.description == "2026-06-17")
        let wednesday = rule(.wednesday, "14:00", minutes: 240)
        let verdict = FixedShiftRules.review(occurrences(wednesday), owner: anna, actor: employee, context: context(), unmaterialized: pending)
        #expect(verdict.refusal?.code == .overlappingShift)
        let clashes = verdict.occurrences.filter { !$0.findings.isEmpty }
        #expect(clashes.map(\.occurrence.date.description) == pending.map(\.date.description))
        let conflict = try #require(clashes.first?.findings.first?.conflictingShiftIDs.first)
        #expect(verdict.placeholders[conflict]?.fixedShiftID == other.id, "the conflict names the other fixed shift's week")
    }

    @Test func generationSkipsWhatTheRulesRefuseAndKeepsWhatAManagerSetAside() {
        let bar = rule(.tuesday, "10:00", minutes: 240, position: "bar")
        let early = rule(.thursday, "09:00", minutes: 480, id: 51)
        let late = rule(.thursday, "12:00", minutes: 240, id: 52)
        let context = context(tracked: ["bar"])
        let candidates = (occurrences(bar) + occurrences(early) + occurrences(late)).map { GenerationCandidate(occurrence: $0) }
        let decision = FixedShiftRules.decideGeneration(candidates, context: context)
        #expect(decision.accepted.map(\.fixedShiftID) == Array(repeating: early.id, count: 8), "the earlier Thursday wins, the bar weeks need a qualification")
        #expect(decision.skipped.count == 16)
        #expect(decision.skipped.filter { $0.occurrence.fixedShiftID == late.id }.allSatisfy { $0.rules == [.noOverlap, .onePerDay] })
        #expect(decision.skipped.filter { $0.occurrence.fixedShiftID == bar.id }.allSatisfy { $0.rules == [.qualification] })

        // A manager set the qualification aside for the bar shift; an overlap can never be set aside.
        let standing = (occurrences(bar).map { GenerationCandidate(occurrence: $0, standingOverrides: [.qualification]) })
            + (occurrences(early) + occurrences(late)).map { GenerationCandidate(occurrence: $0, standingOverrides: [.noOverlap, .onePerDay]) }
        let again = FixedShiftRules.decideGeneration(standing, context: context)
        #expect(again.accepted.filter { $0.fixedShiftID == bar.id }.count == 8)
        #expect(again.skipped.map(\.occurrence.fixedShiftID) == Array(repeating: late.id, count: 8))
        #expect(again.skipped.allSatisfy { $0.rules == [.noOverlap] })
    }

    @Test func generationCountsTheHoursOfWhatItAcceptsInTheSameRun() {
        let limits = MarketplaceSettings(hourLimits: HourLimits(maxWeeklyHours: HourLimit(limit: 20)))
        let days: [Weekday] = [.monday, .tuesday, .wednesday]
        let candidates = days.enumerated().flatMap { index, day in
            rule(day, "09:00", minutes: 480, id: Int64(60 + index)).occurrences(from: today, weeks: 1, in: zone)
        }.map { GenerationCandidate(occurrence: $0) }
        let decision = FixedShiftRules.decideGeneration(candidates, context: context(settings: limits))
        #expect(decision.accepted.map(\.date.description) == ["2026-06-01", "2026-06-02"], "16 h fit, 24 h do not")
        #expect(decision.skipped.map(\.rules) == [[.maxWeeklyHours]])
    }
}
