import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// The terminal client in real terminals (tmux panes, each a pseudo-terminal with a shell), as people
/// use it: Ben watches the marketplace full-screen and takes a shift by the id he sees there; the
/// manager, in another terminal, finds the deal in `shifty approvals` and approves it; Ben's watch
/// follows every step. Then `q` quits the watch, and `watch --json | head -n 1` ends with its pipe.
@Suite(.serialized, .enabled(if: TmuxTerminals.available, "tmux is not installed (scripts/install-deps.sh installs it)"))
struct TerminalSessionEndToEndTests {
    @Test func pickUpThenApproveFromTwoTerminalsWhileWatching() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let terminals = try TmuxTerminals()
            defer { terminals.stop() }
            try await terminals.open("ben", server: address, token: workplace.ben.token)
            try await terminals.open("boss", server: address, token: workplace.managerToken)
            try await terminals.open("watch", server: address, token: workplace.ben.token)

            try await terminals.type("watch", #""$SHIFTY" watch; echo "watch exited with $?""#)
            try await terminals.waitForScreen("watch", "the live table") { $0.contains("Nothing is offered right now. q quits.") }

            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            _ = try await workplace.anna.supply(shiftID: shiftID)
            // The id Ben needs is on his screen, first column, under ID.
            let offered = try await terminals.waitForScreen("watch", "the offered shift with its id") { screen in
                Self.row(of: shiftID, in: screen)?.contains("offered") == true
            }
            let header = try #require(offered.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("ID ") }, "\(offered)")
            #expect(header.contains("DATE") && header.contains("OFFERED BY") && header.contains("STATUS"), "\(header)")
            #expect(Self.row(of: shiftID, in: offered)?.contains("Anna") == true, "\(offered)")

            try await terminals.type("ben", #""$SHIFTY" take \#(shiftID)"#)
            let taken = try await terminals.waitForScreen("ben", "the take's answer") { $0.contains("waits for a manager's approval") }
            let dealID = try #require(CommandsEndToEndTests.dealID(in: taken), "\(taken)")
            try await terminals.waitForScreen("watch", "the shift pending approval") { screen in
                Self.row(of: shiftID, in: screen)?.contains("pending approval") == true
            }

            try await terminals.type("boss", #""$SHIFTY" approvals"#)
            let queue = try await terminals.waitForScreen("boss", "the approvals queue") { $0.contains("Approve with: shifty approve ID") }
            let queueRow = try #require(queue.split(separator: "\n").first { $0.hasPrefix("\(dealID) ") }, "\(queue)")
            #expect(queueRow.contains("pick up") && queueRow.contains("Anna") && queueRow.contains("Ben"), "\(queueRow)")

            try await terminals.type("boss", #""$SHIFTY" approve \#(dealID) --note "enjoy""#)
            try await terminals.waitForScreen("boss", "the approval") { $0.contains("Deal \(dealID) is approved.") }
            // Ben's table marks the shift gone (it stays a moment, dimmed, with the reason) or drops it.
            let after = try await terminals.waitForScreen("watch", "the shift leaving the marketplace") { screen in
                guard let row = Self.row(of: shiftID, in: screen) else { return screen.contains("Nothing is offered right now.") }
                return !row.contains("pending approval") && !row.contains("offered")
            }
            #expect(!after.contains("log in again"), "\(after)")

            try await terminals.type("ben", #""$SHIFTY" shifts --output csv"#)
            try await terminals.waitForScreen("ben", "the shift on Ben's schedule") { $0.contains("\n\(shiftID),") }

            // q leaves the full-screen table and gives the shell back, with exit code 0.
            try await terminals.press("watch", "q")
            try await terminals.waitForScreen("watch", "the watch to quit") { $0.contains("watch exited with 0") }
        }
    }

    @Test func watchJSONIntoHeadEndsInATerminal() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let terminals = try TmuxTerminals()
            defer { terminals.stop() }
            try await terminals.open("ben", server: workplace.address.description, token: workplace.ben.token)
            // The shell prints "pipeline 2 done" (not the typed text) once both ends of the pipe have exited.
            try await terminals.type("ben", #""$SHIFTY" watch --json | head -n 1; echo "pipeline $((1 + 1)) done""#)
            // Offer shifts until the first event line reaches head; the pipeline must then end.
            var day = 2
            let deadline = Date().addingTimeInterval(25)
            var screen = ""
            while Date() < deadline {
                screen = try await terminals.screen("ben")
                if screen.contains("pipeline 2 done") { break }
                let shift = try await workplace.createShiftForAnna(inDays: day)
                _ = try await workplace.anna.supply(shiftID: shift)
                day += 1
                try await Task.sleep(for: .milliseconds(500))
            }
            #expect(screen.contains("pipeline 2 done"), "the watch did not exit when head closed the pipe:\n\(screen)")
            #expect(screen.contains(#""type":"shift.supplied""#), "\(screen)")
        }
    }

    @Test func teamWeekFitsANarrowTerminal() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 8, at: "09:00")
            let terminals = try TmuxTerminals()
            defer { terminals.stop() }
            let width = 72
            try await terminals.open("ben", server: workplace.address.description, token: workplace.ben.token, width: width)
            try await terminals.type("ben", #""$SHIFTY" team --week --week-of \#(TerminalDates.amsterdamDate(inDays: 8)); echo "exit $((0 + $?))""#)
            _ = try await terminals.waitForScreen("ben", "the week grid") { $0.contains("exit 0") }
            let screen = try await terminals.screen("ben", joined: true)
            let lines = screen.split(separator: "\n").map(String.init)
            // Nothing wrapped: every line of the grid fits the 72 columns, the id still shows.
            let grid = lines.drop { !$0.hasPrefix("WHO") }.prefix { !$0.hasPrefix("exit ") }
            #expect(grid.count >= 2, "\(screen)")
            #expect(grid.allSatisfy { TerminalText.width($0) <= width }, "\(screen)")
            let row = try #require(grid.first { $0.hasPrefix("Anna") }, "\(screen)")
            #expect(row.contains("#\(shiftID)"), "\(row)")
            #expect(row.contains("…"), "the cell is cut to fit: \(row)")
        }
    }

    /// The table line whose first column is `shiftID` (after the flash column: blanks or "» ").
    static func row(of shiftID: Int64, in screen: String) -> String? {
        screen.split(separator: "\n").map { line in
            String(line.drop { $0 == " " || MarketBoardRenderer.flashMark.contains($0) })
        }.first { $0.hasPrefix("\(shiftID) ") }
    }
}
