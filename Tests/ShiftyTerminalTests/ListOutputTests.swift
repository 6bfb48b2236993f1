import Foundation
import Testing
@testable import ShiftyTerminal

/// `--output table|csv` of the reading commands, and the id column of `watch`.
@Suite struct ListOutputTests {
    let table = DataTable(
        header: ["ID", "NAME", "NOTE"],
        rows: [
            ["12", "Anna-Maria van der Berg-Oosterhuis", "likes, commas"],
            ["7", "Ben \"the baker\"", "line one\nline two"],
            ["3", "=HYPERLINK(\"http://x\")", "-5"],
        ])

    @Test func csvQuotesCommasQuotesAndNewlinesAndEndsLinesWithCRLF() {
        let lines = table.csv().components(separatedBy: "\r\n")
        #expect(lines[0] == "ID,NAME,NOTE")
        #expect(lines[1] == "12,Anna-Maria van der Berg-Oosterhuis,\"likes, commas\"")
        #expect(lines[2] == "7,\"Ben \"\"the baker\"\"\",\"line one\nline two\"")
        #expect(lines.last == "", "every record ends in CRLF")
    }

    @Test func csvDefusesSpreadsheetFormulasButKeepsNegativeNumbers() {
        let line = table.csv().components(separatedBy: "\r\n")[3]
        #expect(line == "3,\"'=HYPERLINK(\"\"http://x\"\")\",-5")
    }

    @Test(arguments: [40, 60, 80, 120])
    func tableLinesFitTheTerminalWidth(width: Int) {
        let lines = table.renderTable(width: width, colour: false)
        #expect(lines.count == 4)
        for line in lines {
            #expect(TerminalText.width(line) <= width, "\(line)")
        }
        #expect(lines[1].hasPrefix("12  "), "the id column stays whole: \(lines[1])")
    }

    @Test func tableWithoutAWidthKeepsEveryCellWholeOnOneLine() {
        let lines = table.renderTable(width: nil, colour: false)
        #expect(lines[1].contains("Anna-Maria van der Berg-Oosterhuis"))
        #expect(lines[2].contains("line one line two"), "newlines in user text are flattened")
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func colourOnlyBoldsTheHeader() {
        let lines = table.renderTable(width: 80, colour: true)
        #expect(lines[0].hasPrefix("\u{1B}[1m"))
        #expect(!lines.dropFirst().joined().contains("\u{1B}"))
        #expect(TerminalText.stripANSI(lines[0]) == table.renderTable(width: 80, colour: false)[0])
    }

    @Test func dealsListTheIdFirstAndTheApprovePreviewsWarnings() {
        let deal = MarketDeal(
            id: 42, kind: .pickUp, state: .pendingApproval, initiatorId: 8, createdAt: Fixtures.now, expiresAt: Fixtures.now,
            legs: [.init(shift: Fixtures.shift(88, status: .inDeal), giverId: 7, giverName: "Anna", receiverId: 8, receiverName: "Ben")])
        let preview = ActionPreview(
            action: .approve, shiftId: 88, allowed: false,
            refusal: .init(code: "one_shift_per_day", status: 409, detail: "Ben already works that day."), overridable: true,
            rules: [.init(
                code: "one_shift_per_day", severity: .refuse, overridable: true, detail: "Member 8 already works shift 17 on 2026-11-24.", userId: 8,
                userName: "Ben", shiftId: 88, conflictingShiftIds: [17])],
            effects: [])
        let table = ListTables.deals([deal], warnings: [42: ListTables.warnings(of: preview)])
        #expect(table.header.first == "ID" && table.header.last == "WARNINGS")
        #expect(table.rows[0] == [
            "42", "pick up", "pending approval", "88", "Tue 24 Nov", "09:00–17:00", "Anna", "Ben", "",
            "one shift per day refuses (Ben, #17)",
        ])
        #expect(ListTables.warnings(of: ActionPreview(action: .approve, shiftId: 88, allowed: true, overridable: false, rules: [], effects: [])) == "ok")
        #expect(ListTables.deals([deal]).header.last == "DECIDED BY", "no warnings column outside the approval queue")
    }

    @Test func requestsNowAndNotificationsStartWithTheirIds() {
        let request = ShiftRequest(id: 5, requesterId: 8, requesterName: "Ben", date: "2026-11-24", status: .open, suggestions: [Fixtures.shift(88)])
        #expect(ListTables.requests([request]).rows[0] == ["5", "Tue 24 Nov", "Ben", "open", "88 09:00–17:00 Anna"])
        let board = NowBoard(
            date: "2026-11-24", timeZone: "Europe/Amsterdam", at: Fixtures.now,
            onShift: [.init(
                shiftId: 88, user: .init(id: 7, name: "Anna"), position: "Bar", date: "2026-11-24", startTime: "09:00", endTime: "17:00",
                startsAt: Fixtures.now, endsAt: Fixtures.now, percentDone: 49.6)],
            next: .init(when: .laterDay, date: "2026-11-25", shifts: [.init(
                shiftId: 91, user: .init(id: 8, name: "Ben"), date: "2026-11-25", startTime: "16:00", endTime: "23:00",
                startsAt: Fixtures.now, endsAt: Fixtures.now)]))
        #expect(ListTables.now(board).rows == [
            ["88", "now (50% done)", "Anna", "Bar", "09:00–17:00"],
            ["91", "next (Wed 25 Nov)", "Ben", "—", "16:00–23:00"],
        ])
        let event = Fixtures.event(9, .dealApproved, shifts: [Fixtures.shift(88)])
        #expect(ListTables.notifications([event]).rows[0].prefix(3) == ["9", event.at, "deal approved"])
    }

    /// A time-off notification says whose time off, when, and the manager's note (it said nothing).
    @Test func timeOffNotificationsSayWhoWhenAndTheManagersNote() throws {
        let json = """
            {"id":22,"type":"time_off.approved","topics":["notifications","schedule"],"at":"2026-11-27T13:09:33.357Z",
             "data":{"timeOff":{"id":1,"endsAt":"2026-12-06T23:00:00Z","reason":"Holiday","status":"approved","userId":8,
             "lastDate":"2026-12-06","startsAt":"2026-11-29T23:00:00Z","userName":"Sara","createdAt":"2026-11-27T13:09:33Z",
             "decidedAt":"2026-11-27T13:09:33Z","decidedBy":1,"firstDate":"2026-11-30","managerNote":"Enjoy!","releasedShiftIds":[308]}}}
            """
        let event = try JSONDecoder().decode(LiveEvent.self, from: Data(json.utf8))
        #expect(ListTables.notifications([event]).rows[0] == ["22", event.at, "time off approved", "Sara, Mon 30 Nov – Sun 6 Dec: \"Enjoy!\""])
    }

    @Test func watchShowsTheShiftIdInItsFirstColumn() {
        let board = MarketBoard(shifts: [Fixtures.shift(4711, ownerName: "Anna", position: "Bar")])
        for width in [40, 80, 132] {
            let lines = MarketBoardRenderer(width: width, colour: false).render(board, header: WatchHeader(status: .connected), at: Fixtures.now)
            #expect(lines[1].hasPrefix("  ID    "), "\(lines[1])")
            #expect(lines[2].hasPrefix("  4711  "), "\(lines[2])")
        }
    }
}
