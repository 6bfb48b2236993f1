import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// The `shifty` executable against a real server, one process per command as typed in a terminal:
/// a coworker offers, another takes, the manager sees it in `shifty approvals` and approves.
@Suite struct CommandsEndToEndTests {
    @Test func pickUpThenApproveFromThreeTerminals() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let anna = ShiftyBinary(server: address, token: workplace.anna.token)
            let ben = ShiftyBinary(server: address, token: workplace.ben.token)
            let boss = ShiftyBinary(server: address, token: workplace.managerToken)
            let shiftID = try await workplace.createShiftForAnna(inDays: 4)

            let empty = try await boss.run(["approvals"])
            #expect(empty.status == 0 && empty.stdout.contains("Nothing waits for approval."), "\(empty)")

            let supplied = try await anna.run(["supply", "\(shiftID)"])
            #expect(supplied.status == 0, "\(supplied)")

            let market = try await ben.run(["market", "--output", "csv"])
            #expect(market.status == 0, "\(market)")
            let marketLines = market.stdout.components(separatedBy: "\r\n")
            #expect(marketLines.first == "ID,DATE,TIME,POSITION,OFFERED BY,STATUS,CAN YOU TAKE IT", "\(market.stdout)")
            #expect(marketLines.contains { $0.hasPrefix("\(shiftID),") && $0.hasSuffix(",Anna,offered,yes") }, "\(market.stdout)")

            let taken = try await ben.run(["take", "\(shiftID)"])
            #expect(taken.status == 0, "\(taken)")
            let dealID = try #require(Self.dealID(in: taken.stdout), "\(taken.stdout)")
            #expect(taken.stdout.contains("waits for a manager's approval"))

            // The manager's queue: the deal's id first, the preview's verdict last.
            let queue = try await boss.run(["approvals"])
            #expect(queue.status == 0, "\(queue)")
            let row = try #require(queue.stdout.split(separator: "\n").first { $0.hasPrefix("\(dealID) ") }, "\(queue.stdout)")
            #expect(row.contains("pick up") && row.contains("Anna") && row.contains("Ben") && row.hasSuffix("ok"), "\(row)")
            #expect(queue.stdout.split(separator: "\n").first?.hasPrefix("ID  ") == true)
            #expect(!queue.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")

            let queueJSON = try await boss.run(["approvals", "--output", "json"])
            let items = try #require(try JSONSerialization.jsonObject(with: Data(queueJSON.stdout.utf8)) as? [[String: Any]], "\(queueJSON)")
            #expect(items.count == 1)
            #expect((items.first?["deal"] as? [String: Any])?["id"] as? Int == Int(dealID))
            #expect((items.first?["approvePreview"] as? [String: Any])?["allowed"] as? Bool == true)

            // Ben's own view of the deal, and an employee asking for the queue is refused (exit 1).
            let bensDeals = try await ben.run(["deals", "--output", "csv"])
            #expect(bensDeals.stdout.components(separatedBy: "\r\n").contains { $0.hasPrefix("\(dealID),pick up,pending approval,\(shiftID),") }, "\(bensDeals)")
            let refused = try await ben.run(["approvals"])
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("Only a manager"), "\(refused.stderr)")

            let approved = try await boss.run(["approve", "\(dealID)", "--note", "enjoy the shift"])
            #expect(approved.status == 0, "\(approved)")
            #expect(approved.stdout.contains("Deal \(dealID) is approved."), "\(approved.stdout)")

            let after = try await boss.run(["approvals"])
            #expect(after.stdout.contains("Nothing waits for approval."), "\(after)")
            let schedule = try await ben.run(["shifts", "--output", "csv"])
            #expect(schedule.stdout.components(separatedBy: "\r\n").contains { $0.hasPrefix("\(shiftID),") }, "\(schedule)")
            let again = try await boss.run(["approve", "\(dealID)"])
            #expect(again.status == 1 && again.stderr.contains("already decided"), "\(again)")

            let notifications = try await ben.run(["notifications", "--output", "json"])
            #expect(notifications.status == 0, "\(notifications)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(notifications.stdout.utf8)) as? [[String: Any]])
            #expect(events.contains { ($0["data"] as? [String: Any])?["dealId"] as? Int == Int(dealID) }, "\(notifications.stdout)")
        }
    }

    @Test func revokeRequestSuggestAndAccept() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let anna = ShiftyBinary(server: address, token: workplace.anna.token)
            let ben = ShiftyBinary(server: address, token: workplace.ben.token)
            let shiftID = try await workplace.createShiftForAnna(inDays: 5)
            #expect(try await anna.run(["supply", "\(shiftID)"]).status == 0)
            let revoked = try await anna.run(["revoke", "\(shiftID)"])
            #expect(revoked.status == 0 && revoked.stdout.contains("back on your schedule"), "\(revoked)")
            #expect(try await anna.run(["revoke", "\(shiftID)"]).status == 1, "revoking twice is refused")

            let date = TerminalDates.amsterdamDate(inDays: 5)
            let asked = try await ben.run(["request", date])
            #expect(asked.status == 0, "\(asked)")
            let requests = try await anna.run(["requests", "--output", "json"])
            let list = try #require(try JSONSerialization.jsonObject(with: Data(requests.stdout.utf8)) as? [[String: Any]], "\(requests)")
            let requestID = try #require(list.first { $0["date"] as? String == date }?["id"] as? Int)

            let suggested = try await anna.run(["suggest", "\(requestID)", "\(shiftID)"])
            #expect(suggested.status == 0, "\(suggested)")
            let table = try await ben.run(["requests"])
            #expect(table.stdout.split(separator: "\n").contains { $0.hasPrefix("\(requestID) ") && $0.contains("\(shiftID) 10:00–14:00 Anna") }, "\(table.stdout)")
            let accepted = try await ben.run(["accept", "\(requestID)", "\(shiftID)"])
            #expect(accepted.status == 0 && accepted.stdout.contains("waits for a manager's approval"), "\(accepted)")
        }
    }

    @Test func exitCodesSayRefusedUsageOrUnreachable() async throws {
        let nobody = ShiftyBinary(server: "http://127.0.0.1:1", token: "not-a-token")
        let unreachable = try await nobody.run(["approvals"])
        #expect(unreachable.status == 3, "\(unreachable)")
        #expect(unreachable.stderr.contains("Could not reach the server"))
        let usage = try await nobody.run(["approvals", "--output", "yaml"])
        #expect(usage.status == 2, "\(usage)")
        let missing = try await nobody.run(["approve"])
        #expect(missing.status == 2, "\(missing)")
        let help = try await nobody.run(["--help"])
        let helpText = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.status == 0 && helpText.contains("2 usage error, 3 cannot reach the server"), "\(help)")
        try await TestServer.with { server in
            let refused = try await ShiftyBinary(server: "http://127.0.0.1:\(server.port)", token: "not-a-token").run(["deals"])
            #expect(refused.status == 1, "\(refused)")
        }
    }

    static func dealID(in text: String) -> Int64? {
        guard let range = text.range(of: "Deal ") else { return nil }
        return Int64(text[range.upperBound...].prefix { $0.isNumber })
    }
}
