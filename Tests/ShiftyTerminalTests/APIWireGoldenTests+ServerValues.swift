import Foundation
@testable import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyLive
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import ShiftyTerminal
import Testing

/// The server's own values that answers are made from (its computed now board, the timeclock's
/// days, its member and workplace values) written through the ShiftyAPI types: the bytes must be
/// the captured ones in ``APIWireGoldenTests/golden``, taken from the server structs these
/// conversions replaced.
extension APIWireGoldenTests {
    /// The board the server computes (local dates and times, a fingerprint) is written as
    /// ShiftyAPI's NowBoard with exactly the bytes its own encoding wrote before (`golden`).
    @Test func theServersNowBoardIsWrittenAsCaptured() throws {
        let start = APIWireGoldenTests.start
        let end = APIWireGoldenTests.end
        let day = try #require(LocalDate(year: 2026, month: 9, day: 21))
        let onShift = ShiftyLive.ComputedNowBoard.Entry(
            shiftId: 1, user: .init(id: 2, name: "Anna"), position: "bar", date: day, startTime: try #require(LocalTime(hour: 16, minute: 13)),
            endTime: try #require(LocalTime(hour: 0, minute: 13)), startsAt: start, endsAt: end, percentDone: 12.5)
        let comesNext = ShiftyLive.ComputedNowBoard.Entry(
            shiftId: 6, user: .init(id: 3, name: "Bram"), position: nil, date: day, startTime: try #require(LocalTime(hour: 17, minute: 0)),
            endTime: try #require(LocalTime(hour: 23, minute: 0)), startsAt: start, endsAt: end, percentDone: nil)
        let fingerprint = ShiftyLive.ComputedNowBoard.Fingerprint(
            date: day, timeZone: "Europe/Amsterdam", closedDay: nil, onShift: [], next: nil, nextShifts: [], schedule: [])
        let busy = ShiftyLive.ComputedNowBoard(
            date: day, timeZone: "Europe/Amsterdam", at: start, closedDay: "Kermis", onShift: [onShift],
            next: .init(when: .today, date: day, shifts: [comesNext]), dayStart: start, dayEnd: end, dayProgressPercent: 40.3,
            fingerprint: fingerprint)
        let quiet = ShiftyLive.ComputedNowBoard(
            date: day, timeZone: "Europe/Amsterdam", at: end, closedDay: nil, onShift: [], next: nil, dayStart: nil, dayEnd: nil,
            dayProgressPercent: nil, fingerprint: fingerprint)
        let write = { (board: ShiftyLive.ComputedNowBoard) in String(decoding: try APIJSON.encoder.encode(ShiftyAPI.NowBoard(board)), as: UTF8.self) }
        #expect(try write(busy) == Self.golden["nowBoard"])
        #expect(try write(quiet) == Self.golden["emptyNowBoard"])
        let message = try NowBoardMessage.text(busy)
        #expect(message == #"{"now":"# + (Self.golden["nowBoard"] ?? "") + #","type":"now"}"#)
    }

    /// "My hours" built by the server from what the timeclock and the stores give it (the domain's
    /// TimesheetDay, the stored employment terms) writes the bytes MyHoursView wrote (`golden`),
    /// and a day of it is written exactly like the domain's TimesheetDay wrote it (a manager's
    /// timesheet review wrote that before it was written through `MyHours.Entry` too).
    @Test func theServersMyHoursAreWrittenAsCaptured() throws {
        let start = APIWireGoldenTests.start
        let end = APIWireGoldenTests.end
        let day = try #require(LocalDate(year: 2026, month: 9, day: 21))
        let worked = TimesheetDay(
            day: DayReport(
                date: day, status: .present, workedMinutes: 500, breakMinutes: 30, scheduledMinutes: 480, expected: true, quotaMinutes: 480,
                overtimeMinutes: -10, lengthMinutes: 1440, isClosed: false),
            attention: [.late], lateMinutes: 12, earlyMinutes: 0)
        let upcoming = TimesheetDay(
            day: DayReport(
                date: day.adding(days: 1), status: .upcoming, workedMinutes: 0, quotaMinutes: nil, overtimeMinutes: nil, lengthMinutes: 1440,
                isClosed: true),
            attention: [], lateMinutes: 0, earlyMinutes: 0)
        let month = ShiftyAPI.MyHours(
            userID: 8, month: try #require(ReportMonth("2026-09")).description, timeZone: "Europe/Amsterdam", judgedThrough: day.description,
            days: [worked, upcoming].map(ShiftyAPI.MyHours.Entry.init), workedMinutes: 500, breakMinutes: 30, paidMinutes: 470, scheduledMinutes: 480,
            weekOvertimeMinutes: -10, monthOvertimeMinutes: 0, absences: 1,
            employment: ShiftyAPI.MyHours.Employment(StoredEmployment(userID: 8, start: day, end: day.adding(days: 30), contractMinutesPerWeek: 1200, worksFixedQuota: false)),
            approvals: [ShiftyAPI.MyHours.Approval(
                id: 4, userID: 8, displayName: "Ben", from: day.description, to: day.description, approvedBy: 9, approvedByName: "The Boss", approvedAt: start,
                locked: false, unlockedBy: 9, unlockedByName: "The Boss", unlockedAt: end, unlockReason: "typo")])
        let bareMonth = ShiftyAPI.MyHours(
            userID: 8, month: try #require(ReportMonth("2026-10")).description, timeZone: "Europe/Amsterdam", judgedThrough: nil, days: [],
            workedMinutes: 0, breakMinutes: 0, paidMinutes: 0, scheduledMinutes: 0, weekOvertimeMinutes: 0, monthOvertimeMinutes: 0,
            absences: 0,
            employment: ShiftyAPI.MyHours.Employment(StoredEmployment(userID: 8, start: nil, end: nil, contractMinutesPerWeek: nil, worksFixedQuota: true)),
            approvals: [ShiftyAPI.MyHours.Approval(
                id: 5, userID: 8, displayName: "Ben", from: day.description, to: day.description, approvedBy: 9, approvedByName: "The Boss", approvedAt: start,
                locked: true, unlockedBy: nil, unlockedByName: nil, unlockedAt: nil, unlockReason: nil)])

        let write = { (value: any Encodable) in String(decoding: try APIJSON.encoder.encode(value), as: UTF8.self) }
        #expect(try write(month) == Self.golden["myHours"])
        #expect(try write(bareMonth) == Self.golden["bareMyHours"])
        for timesheetDay in [worked, upcoming] {
            #expect(try write(ShiftyAPI.MyHours.Entry(timesheetDay)) == write(timesheetDay))
        }
    }

    /// A login answer built by the server from its member and workplace values writes the bytes
    /// SessionView wrote (`golden`), and so do those values wherever an answer carries them alone
    /// (`/me`, the member lists, `/workplace`). The workplace's settings are stored with the
    /// server's own settings encoding: it writes the same JSON as the API's, which reads back.
    @Test func theServersSessionIsWrittenAsCaptured() throws {
        let start = APIWireGoldenTests.start
        let end = APIWireGoldenTests.end
        var settings = ShiftyFeatures.StoredWorkplaceSettings()
        settings.autoApprove = true
        settings.scheduleChanges = ScheduleChangePolicy(preset: "custom", custom: CustomScheduleChangeRule(
            noticeDays: 7, addedMinutesOfPay: 60, movedMinutesOfPay: 30, cutPercentOfLostTime: 50, clopeningRestHours: 10,
            clopeningPercentOfPay: 50))
        // Maria's address was stored before addresses were checked: the server marks it `emailInvalid`.
        let maria = UserView(
            id: 7, workplaceID: 1, username: "maria", displayName: "Maria \"M\"", email: "maria(at)example.com", role: .manager,
            payType: .normal, active: true)
        let ben = UserView(id: 8, workplaceID: 1, username: "ben", displayName: "Ben", email: nil, role: .employee, payType: .diligence, active: true)
        let demo = WorkplaceView(id: 1, slug: "demo", name: "Café Demo", timeZone: "Europe/Amsterdam", settings: settings)
        let plainDemo = WorkplaceView(id: 1, slug: "demo", name: "Café Demo", timeZone: "Europe/Amsterdam", settings: ShiftyFeatures.StoredWorkplaceSettings())
        let write = { (value: any Encodable) in String(decoding: try APIJSON.encoder.encode(value), as: UTF8.self) }
        #expect(try write(ShiftyAPI.Session(token: "tok-123", expiresAt: end, user: maria, workplace: demo)) == Self.golden["session"])
        #expect(try write(ShiftyAPI.Session(token: "tok-456", expiresAt: start, user: ben, workplace: plainDemo)) == Self.golden["bareSession"])
        for user in [maria, ben] { #expect(try write(user) == write(ShiftyAPI.User(user))) }
        for workplace in [demo, plainDemo] { #expect(try write(workplace) == write(ShiftyAPI.Workplace(workplace))) }

        var limited = settings
        limited.hourLimits = HourLimits(maxWeeklyHours: HourLimit(limit: 40), minRestHours: HourLimit(limit: 11, severity: .warn))
        limited.timeOffRule = .warn
        limited.language = .dutch
        limited.dealExpiryHours = 12
        for stored in [ShiftyFeatures.StoredWorkplaceSettings(), settings, limited] {
            let api = try write(ShiftyAPI.WorkplaceSettings(stored))
            #expect(try write(stored) == api)
            #expect(try JSONDecoder().decode(ShiftyFeatures.StoredWorkplaceSettings.self, from: Data(api.utf8)) == stored)
        }
    }
}
