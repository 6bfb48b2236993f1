import Foundation
import ShiftyDomain
import Testing

/// What a member's qualifications, own hour limits and weekly availability may hold, decided
/// without I/O.
@Suite struct QualificationAndAvailabilityRulesTests {
    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T, Refusal: Error>(_ type: Refusal.Type, _ body: () throws -> T) -> Refusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as Refusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    @Test func positionsAreNamedOnceOnOneLineAndAtMostFifty() throws {
        #expect(try QualificationRules.checkedPositions([" Bar", "Kitchen ", "Bar"]) == ["Bar", "Kitchen"])
        #expect(try QualificationRules.checkedPositions([]) == [])
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.checkedPositions(["Bar", "  "]) } == .positionLength)
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.checkedPositions([String(repeating: "q", count: 101)]) } == .positionLength)
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.checkedPositions(["Bar\tkeeper"]) } == .positionNotOneLine)
        #expect(try QualificationRules.checkedPositions((1...50).map { "P\($0)" }).count == 50)
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.checkedPositions((0...50).map { "P\($0)" }) } == .tooManyPositions)
        #expect(QualificationRefusal.tooManyPositions.field == .positions)
    }

    @Test func hourLimitsAreBetweenOneAndTenThousand() {
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.check(MemberHourLimits()) } == nil)
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.check(MemberHourLimits(maxWeeklyHours: 1, maxShiftHours: 10_000)) } == nil)
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.check(MemberHourLimits(maxWeeklyHours: 0)) } == .hourLimitOutOfRange(.maxWeeklyHours))
        #expect(refusal(QualificationRefusal.self) { try QualificationRules.check(MemberHourLimits(minRestHours: 10_001, maxShiftHours: 0)) }
            == .hourLimitOutOfRange(.minRestHours), "in the order of the body")
        #expect(QualificationRefusal.hourLimitOutOfRange(.maxConsecutiveDays).field == .maxConsecutiveDays)
    }

    @Test func membersSetTheirOwnWeekAndManagersAnyone() {
        let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
        let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
        let entry = WeeklyAvailability(weekday: .monday, from: LocalTime("09:00")!, to: LocalTime("17:00")!)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check([entry], of: anna.userID, by: anna) } == nil)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check([entry], of: anna.userID, by: maria) } == nil)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check([entry], of: maria.userID, by: anna) } == .managerOnly)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check(Array(repeating: entry, count: 50), of: anna.userID, by: anna) } == nil)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check(Array(repeating: entry, count: 51), of: anna.userID, by: anna) } == .tooManyEntries)
        #expect(refusal(AvailabilityRefusal.self) { try AvailabilityRules.check(Array(repeating: entry, count: 51), of: maria.userID, by: anna) } == .managerOnly,
                "who first")
    }
}
