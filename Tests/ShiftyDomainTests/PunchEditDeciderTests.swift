import Foundation
import ShiftyDomain
import Testing

/// The rules of a manager's punch edits and of looking at a member's days, without I/O.
@Suite struct PunchEditDeciderTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
    let bram = UserID(rawValue: 3)

    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> PunchRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as PunchRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    @Test func aPunchLiesInThePastOrWithinFiveMinutesOfNow() {
        #expect(refusal { try PunchEditDecider.check(instant: now.addingTimeInterval(-86_400), now: now) } == nil)
        #expect(refusal { try PunchEditDecider.check(instant: now.addingTimeInterval(300), now: now) } == nil, "clock skew")
        #expect(refusal { try PunchEditDecider.check(instant: now.addingTimeInterval(301), now: now) } == .inFuture)
        #expect(refusal { try PunchEditDecider.check(instant: PunchEditDecider.earliest, now: now) } == .beforeEarliest)
        #expect(refusal { try PunchEditDecider.check(instant: PunchEditDecider.earliest.addingTimeInterval(1), now: now) } == nil)
        #expect(PunchRefusal.inFuture.code.rawValue == "punch_in_future" && PunchRefusal.inFuture.field == nil)
        #expect(PunchRefusal.beforeEarliest.field == .at)
    }

    @Test func aMoveChangesTheTimeTheKindOrBoth() {
        #expect(refusal { try PunchEditDecider.checkMove(to: nil, kind: .checkOut, now: now) } == nil)
        #expect(refusal { try PunchEditDecider.checkMove(to: now, kind: nil, now: now) } == nil)
        #expect(refusal { try PunchEditDecider.checkMove(to: nil, kind: nil, now: now) } == .nothingToChange)
        #expect(refusal { try PunchEditDecider.checkMove(to: now.addingTimeInterval(3600), kind: .checkIn, now: now) } == .inFuture,
                "the time is checked first")
    }

    @Test func employeesLookOnlyAtTheirOwnDays() throws {
        #expect(try PunchEditDecider.member(nil, by: anna) == anna.userID)
        #expect(try PunchEditDecider.member(anna.userID, by: anna) == anna.userID)
        #expect(throws: PunchRefusal.memberNotFound) { try PunchEditDecider.member(bram, by: anna) }
        #expect(try PunchEditDecider.member(bram, by: maria) == bram)
        #expect(try PunchEditDecider.member(nil, by: maria) == maria.userID)
    }

    @Test func daysRunForwardForAtMostAYear() {
        let first = LocalDate("2026-01-01")!
        #expect(refusal { try PunchEditDecider.checkDays(first, first) } == nil)
        #expect(refusal { try PunchEditDecider.checkDays(first, first.adding(days: 366)) } == nil)
        #expect(refusal { try PunchEditDecider.checkDays(first, first.adding(days: 367)) } == .daysOutOfRange)
        #expect(refusal { try PunchEditDecider.checkDays(first, first.adding(days: -1)) } == .daysOutOfRange)
        #expect(PunchRefusal.daysOutOfRange.field == .to)
    }
}
