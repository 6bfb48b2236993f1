import Foundation
import ShiftyDomain
import Testing

/// Employment terms and the workplace's timeclock rules, checked without I/O.
@Suite struct EmploymentAndTimeclockRulesTests {
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)

    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> EmploymentRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as EmploymentRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    @Test func termsHoldAContractOfAtMostAWeekAndEndAfterTheyStart() {
        let september = LocalDate("2026-09-01")!
        #expect(refusal { try EmploymentRules.check(start: september, end: september, contractMinutesPerWeek: 0) } == nil)
        #expect(refusal { try EmploymentRules.check(start: nil, end: nil, contractMinutesPerWeek: 10_080) } == nil)
        #expect(refusal { try EmploymentRules.check(start: nil, end: nil, contractMinutesPerWeek: nil) } == nil)
        #expect(refusal { try EmploymentRules.check(start: nil, end: nil, contractMinutesPerWeek: 10_081) } == .contractOutOfRange)
        #expect(refusal { try EmploymentRules.check(start: nil, end: nil, contractMinutesPerWeek: -1) } == .contractOutOfRange)
        #expect(refusal { try EmploymentRules.check(start: september, end: september.adding(days: -1), contractMinutesPerWeek: nil) } == .endBeforeStart)
        #expect(refusal { try EmploymentRules.check(start: nil, end: september, contractMinutesPerWeek: nil) } == nil, "no start, any end")
        #expect(refusal { try EmploymentRules.check(start: september, end: september.adding(days: -1), contractMinutesPerWeek: -1) } == .contractOutOfRange,
                "the contract first")
        #expect(EmploymentRefusal.contractOutOfRange.field == .contractMinutesPerWeek && EmploymentRefusal.endBeforeStart.field == .end)
    }

    @Test func employeesReadOnlyTheirOwnTerms() {
        #expect(refusal { _ = try EmploymentRules.member(UserID(rawValue: 3), by: anna) } == .memberNotFound)
        #expect(refusal { _ = try EmploymentRules.member(UserID(rawValue: 3), by: maria) } == nil)
        #expect(refusal { _ = try EmploymentRules.member(nil, by: anna) } == nil)
    }

    @Test func timeclockRulesStayWithinADayAWeekAndAMonth() throws {
        try TimeclockRules.seed.validate()
        let refused: [(TimeclockRules, TimeclockRulesRefusal.Field)] = [
            (TimeclockRules(mondayToFridayQuotaMinutes: 1501), .mondayToFridayQuotaMinutes),
            (TimeclockRules(saturdayQuotaMinutes: -1), .saturdayQuotaMinutes),
            (TimeclockRules(sundayQuotaMinutes: 1501), .sundayQuotaMinutes),
            (TimeclockRules(dailyOvertimeFloorMinutes: 1), .dailyOvertimeFloorMinutes),
            (TimeclockRules(weeklyOvertimeFloorMinutes: -10_501), .weeklyOvertimeFloorMinutes),
            (TimeclockRules(monthlyOvertimeFloorMinutes: -46_501), .monthlyOvertimeFloorMinutes),
            (TimeclockRules(diligenceAbsenceCap: 32), .diligenceAbsenceCap),
            (TimeclockRules(scheduleToleranceMinutes: 241), .scheduleToleranceMinutes),
            (TimeclockRules(breakRules: (0..<6).map { BreakRule(afterMinutes: 60 * $0, breakMinutes: 15) }), .breakRules),
            (TimeclockRules(breakRules: [BreakRule(afterMinutes: 330, breakMinutes: 0)]), .breakRule),
            (TimeclockRules(breakRules: [BreakRule(afterMinutes: 1501, breakMinutes: 30)]), .breakRule),
        ]
        for (rules, field) in refused {
            #expect(throws: TimeclockRulesRefusal.outOfRange(field), "\(field)") { try rules.validate() }
        }
        try TimeclockRules(saturdayQuotaMinutes: nil, sundayQuotaMinutes: 1500, monthlyOvertimeFloorMinutes: -46_500).validate()
        try TimeclockRules(breakRules: (0..<5).map { BreakRule(afterMinutes: 300 * $0, breakMinutes: 240) }).validate()
    }
}
