import Foundation
import ShiftyDomain
import Testing

/// One-off shifts and shift edits as typed, who manages fixed shifts, and the team schedule's
/// range, decided without I/O.
@Suite struct ShiftDraftTests {
    let zone = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let anna = UserID(rawValue: 2)
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let annaActs = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)

    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> ShiftRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as ShiftRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    func draft(date: String = "2026-10-05", time: String = "09:00", minutes: Int = 240, position: String? = nil) -> ShiftDraft {
        ShiftDraft(date: date, startTime: time, durationMinutes: minutes, position: position)
    }

    @Test func aOneOffShiftIsReadAtItsWallClockTime() throws {
        let shift = try draft(position: "Bar").shift(id: ShiftID(rawValue: 7), owner: anna, in: zone)
        #expect(shift.id == ShiftID(rawValue: 7) && shift.owner == anna && shift.date == LocalDate("2026-10-05")!)
        #expect(shift.start == ISO8601DateFormatter().date(from: "2026-10-05T07:00:00Z"), "09:00 in Amsterdam's summer time")
        #expect(shift.end.timeIntervalSince(shift.start) == 4 * 3600)
        #expect(shift.position == "Bar")
        #expect(try draft(position: "").shift(id: ShiftID(rawValue: 7), owner: anna, in: zone).position == nil, "empty is none")
    }

    @Test func eachFieldOfAOneOffShiftIsRefusedByName() {
        func refused(_ draft: ShiftDraft) -> ShiftRefusal? { refusal { try draft.shift(id: ShiftID(rawValue: 1), owner: anna, in: zone) } }
        #expect(refused(draft(date: "tomorrow", time: "noon")) == .malformedDate(.date), "the date first")
        #expect(refused(draft(time: "25:00", minutes: 0)) == .malformedStartTime, "then the time")
        #expect(refused(draft(minutes: 0)) == .durationOutOfRange)
        #expect(refused(draft(minutes: FixedShift.maximumDurationMinutes + 1)) == .durationOutOfRange)
        #expect(refused(draft(minutes: FixedShift.maximumDurationMinutes)) == nil)
        #expect(refused(draft(position: String(repeating: "p", count: FixedShift.maximumPositionLabelLength + 1))) == .positionTooLong)
        #expect(refused(draft(position: "Bar\tkeeper")) == .positionNotOneLine)
        #expect(ShiftRefusal.malformedDate(.date).field == .date && ShiftRefusal.positionNotOneLine.field == .position)
    }

    @Test func anEditKeepsTheDayAndTrimsThePosition() throws {
        let day = LocalDate("2026-10-05")!
        func edit(time: String = "10:00", minutes: Int = 60, position: String?) throws -> ShiftEdit {
            try ShiftDraft.edit(ShiftID(rawValue: 3), on: day, startTime: time, durationMinutes: minutes, position: position, current: "Bar", in: zone)
        }
        #expect(try edit(position: nil).position == "Bar", "left out keeps the current position")
        #expect(try edit(position: "  Kitchen ").position == "Kitchen")
        #expect(try edit(position: "  ").position == nil, "blank removes it")
        #expect(try edit(position: nil).start == ISO8601DateFormatter().date(from: "2026-10-05T08:00:00Z"))
        #expect(refusal { try edit(time: "10h", position: nil) } == .malformedStartTime)
        #expect(refusal { try edit(minutes: 0, position: nil) } == .durationOutOfRange)
        #expect(refusal { try edit(position: "Bar\nkeeper") } == .positionNotOneLine)
        #expect(refusal { try edit(position: String(repeating: "p", count: 101)) } == .positionTooLong)
    }

    @Test func employeesManageOnlyTheirOwnFixedShiftsAndOnlyWhereAllowed() {
        let bram = UserID(rawValue: 3)
        #expect(refusal { try ShiftRules.checkMayManageFixedShifts(of: bram, by: maria, employeesManageFixedShifts: false) } == nil)
        #expect(refusal { try ShiftRules.checkMayManageFixedShifts(of: anna, by: annaActs, employeesManageFixedShifts: true) } == nil)
        #expect(refusal { try ShiftRules.checkMayManageFixedShifts(of: bram, by: annaActs, employeesManageFixedShifts: true) } == .managerOnly)
        #expect(refusal { try ShiftRules.checkMayManageFixedShifts(of: anna, by: annaActs, employeesManageFixedShifts: false) }
            == .fixedShiftsManagedByManagers)
    }

    @Test func theTeamScheduleRunsForwardForAtMostSixtyTwoDays() {
        let first = LocalDate("2026-10-01")!
        #expect(refusal { try ShiftRules.checkTeamSchedule(from: first, to: first) } == nil)
        #expect(refusal { try ShiftRules.checkTeamSchedule(from: first, to: first.adding(days: 61)) } == nil, "62 days")
        #expect(refusal { try ShiftRules.checkTeamSchedule(from: first, to: first.adding(days: 62)) } == .rangeTooLong)
        #expect(refusal { try ShiftRules.checkTeamSchedule(from: first, to: first.adding(days: -1)) } == .rangeBackwards)
    }
}
