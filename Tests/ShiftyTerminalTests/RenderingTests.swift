import Foundation
import Testing
@testable import ShiftyTerminal

@Suite struct RenderingTests {
    let now = Fixtures.now
    let header = WatchHeader(workplaceName: "Café Demo", userName: "Anna", status: .connected, lastEventID: 1234)

    func visible(_ line: String) -> String { TerminalText.stripANSI(line) }

    @Test(arguments: [20, 40, 60, 80, 132, 200])
    func everyLineIsExactlyTheScreenWidth(width: Int) {
        let board = MarketBoard(shifts: [
            Fixtures.shift(1, ownerName: "Anna-Maria van der Berg-Oosterhuis", position: "Bar and terrace, evening close"),
            Fixtures.shift(2, ownerName: "李小龍", position: "厨房"),
        ])
        let lines = MarketBoardRenderer(width: width, height: 30, colour: true).render(board, header: header, at: now)
        #expect(lines.count == 2 + 2 + 1)
        for line in lines {
            #expect(TerminalText.width(visible(line)) == max(20, width), "\(visible(line))")
        }
    }

    @Test func wideTerminalShowsAllColumnsAndTheWeekday() {
        let board = MarketBoard(shifts: [Fixtures.shift(88, ownerName: "Anna", position: "Bar")])
        let lines = MarketBoardRenderer(width: 100, colour: false).render(board, header: header, at: now)
        #expect(lines[1].contains("DATE") && lines[1].contains("OFFERED BY") && lines[1].contains("STATUS"))
        let row = lines[2]
        #expect(row.contains("Tue 24 Nov"))
        #expect(row.contains("09:00–17:00"))
        #expect(row.contains("Bar"))
        #expect(row.contains("Anna"))
        #expect(row.contains("offered"))
        #expect(lines[0].contains("connected"))
        #expect(lines[0].contains("#1234"))
        #expect(lines[0].hasPrefix("Shifty marketplace · Café Demo"))
    }

    @Test func narrowTerminalDropsTheWeekdayAndTruncatesWithAnEllipsis() {
        let board = MarketBoard(shifts: [Fixtures.shift(1, ownerName: "Bartholomew Featherstonehaugh", position: "Bar")])
        let row = MarketBoardRenderer(width: 60, colour: false).render(board, header: header, at: now)[2]
        #expect(!row.contains("Tue"))
        #expect(row.contains("2026-11-24"))
        #expect(row.contains("…"))
        #expect(!row.contains("Featherstonehaugh"))
    }

    @Test func flashingRowsAreMarkedAndReversed() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        board.apply(Fixtures.event(2, .shiftSupplied, shifts: [Fixtures.shift(2, date: "2026-11-25")]), at: now)
        let plain = MarketBoardRenderer(width: 80, colour: false).render(board, header: header, at: now)
        #expect(plain[2].hasPrefix("  "))
        #expect(plain[3].hasPrefix(MarketBoardRenderer.flashMark))
        #expect(!plain.joined().contains("\u{1B}"))
        let coloured = MarketBoardRenderer(width: 80, colour: true).render(board, header: header, at: now)
        #expect(coloured[3].hasPrefix("\u{1B}[7m"))
        #expect(!coloured[2].contains("\u{1B}[7m"))
        // Once the flash is over the row is plain again.
        let later = MarketBoardRenderer(width: 80, colour: true).render(board, header: header, at: now.addingTimeInterval(10))
        #expect(!later[3].contains("\u{1B}[7m"))
        #expect(visible(later[3]).hasPrefix("  "))
    }

    @Test func goneRowsShowWhyTheyLeft() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        board.apply(Fixtures.event(3, .dealApproved, shifts: [Fixtures.shift(1, owner: 8, ownerName: "Ben", status: .scheduled)]), at: now)
        let lines = MarketBoardRenderer(width: 100, colour: false).render(board, header: header, at: now)
        #expect(lines[2].contains("taken by Ben"))
        #expect(lines.last?.contains("0 shifts on the marketplace") == true)
    }

    @Test func connectionStatesReadAsPhrases() {
        let at = now.addingTimeInterval(4.2)
        #expect(ConnectionStatus.reconnecting(at: at, attempt: 1).text(at: now) == "reconnecting in 5s")
        #expect(ConnectionStatus.reconnecting(at: at, attempt: 3).text(at: now) == "offline, reconnecting in 5s")
        #expect(ConnectionStatus.sessionEnded.text(at: now) == "session ended, run shifty login")
        let title = MarketBoardRenderer(width: 80, colour: false).render(
            MarketBoard(), header: WatchHeader(status: .reconnecting(at: at, attempt: 1), lastEventID: 77), at: now)[0]
        #expect(title.contains("reconnecting in 5s · last event #77"))
    }

    @Test func tallBoardsSayHowManyMoreThereAre() {
        let shifts = (1...30).map { Fixtures.shift(Int64($0), date: "2026-11-\(10 + $0 % 20)") }
        let lines = MarketBoardRenderer(width: 80, height: 10, colour: false).render(MarketBoard(shifts: shifts), header: header, at: now)
        #expect(lines.count == 10)
        #expect(lines[8].contains("… and 24 more"))
    }

    @Test func nonTerminalLineFormat() {
        let event = Fixtures.event(1235, .shiftSupplied, shifts: [Fixtures.shift(88)])
        #expect(EventLineFormatter.line(for: event)
            == "#1235 2026-11-21T18:40:02Z shift.supplied shift 88 Tue 2026-11-24 09:00-17:00 Bar, Anna, supplied")
        let deal = LiveEvent(id: 9, type: .dealApproved, at: "2026-11-21T18:00:00Z", data: LiveEventData(shiftIds: [3, 4], dealId: 12))
        #expect(EventLineFormatter.line(for: deal) == "#9 2026-11-21T18:00:00Z deal.approved deal 12 shifts 3,4")
    }

    @Test func aDecidedDealShowsWhoDecidedAndTheirNote() throws {
        let message = #"{"id":9,"type":"deal.rejected","at":"2026-11-21T18:00:00Z","data":{"shiftIds":[3],"dealId":12,"#
            + #""decision":{"byId":1,"byName":"Maria","note":"Bram is not trained for the bar yet"}}}"#
        let event = try JSONDecoder().decode(LiveEvent.self, from: Data(message.utf8))
        #expect(event.data.decision == DealDecision(byId: 1, byName: "Maria", note: "Bram is not trained for the bar yet"))
        #expect(EventLineFormatter.line(for: event)
            == #"#9 2026-11-21T18:00:00Z deal.rejected deal 12 shift 3 by Maria: "Bram is not trained for the bar yet""#)
        let answer = MarketplaceActionResult(
            deal: .init(
                id: 12, kind: .pickUp, state: .rejected, initiatorId: 8, createdAt: Fixtures.now, expiresAt: Fixtures.now,
                decisionNote: "Not trained yet", decidedByName: "Maria", legs: []),
            shifts: [])
        #expect(ShiftListFormatter.summary(of: answer, action: "Rejected.").contains(#"Decided by Maria: "Not trained yet""#))
    }

    @Test func nonTerminalLinesStayOneLineWhateverTheNamesContain() {
        let event = Fixtures.event(1, .shiftSupplied, shifts: [Fixtures.shift(1, ownerName: "Eve\n#2 fake\u{1B}[2J")])
        let line = EventLineFormatter.line(for: event)
        #expect(!line.contains("\n"))
        #expect(!line.contains("\u{1B}"))
    }

    @Test func jsonLineIsTheRawEventObject() {
        let message = """
            {"type":"event","event":{"id":1235,"type":"shift.supplied","topics":["marketplace"],
             "at":"2026-11-21T18:40:02.114Z","data":{"shiftIds":[88],"note":"a \\"quoted\\" }{ brace","x":[1,{"y":null}],"f":1.50}}}
            """
        let line = EventJSONLine.line(fromMessage: message)
        #expect(line == #"{"id":1235,"type":"shift.supplied","topics":["marketplace"],  "at":"2026-11-21T18:40:02.114Z","data":{"shiftIds":[88],"note":"a \"quoted\" }{ brace","x":[1,{"y":null}],"f":1.50}}"#)
        #expect(line.map { !$0.contains("\n") } == true)
        // It is valid JSON with the same content.
        let object = line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(object?["id"] as? Int == 1235)
    }

    @Test func jsonLineSkipsOtherMessagesAndGarbage() {
        #expect(EventJSONLine.line(fromMessage: #"{"type":"hello","event":{}}"#) == nil)
        #expect(EventJSONLine.line(fromMessage: #"{"type":"event","event":{"id":1}"#) == nil)
        #expect(EventJSONLine.line(fromMessage: "not json") == nil)
        #expect(EventJSONLine.line(fromMessage: String(repeating: "[", count: 10_000)) == nil)
        #expect(EventJSONLine.line(fromMessage: #"{"type":"event","event":"#  + String(repeating: "[", count: 10_000)) == nil)
    }

    @Test func textWidthCountsWideCharactersTwice() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("厨房") == 4)
        #expect(TerminalText.truncate("厨房厨房", to: 5) == "厨房…")
        #expect(TerminalText.fit("ab", to: 4) == "ab  ")
        #expect(TerminalText.stripANSI("\u{1B}[7;33mhi\u{1B}[0m") == "hi")
    }
}
