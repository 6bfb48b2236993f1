import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty timeoff` against a real server: anna asks for a day off, the manager sees it and approves
/// it (her shift that day goes to the marketplace), then anna withdraws it; a second request is declined.
@Suite struct TimeOffCommandTests {
    @Test func requestApproveWithdrawAndDeclineFromTheTerminal() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let anna = ShiftyBinary(server: address, token: workplace.anna.token)
            let boss = ShiftyBinary(server: address, token: workplace.managerToken)
            let shiftID = try await workplace.createShiftForAnna(inDays: 4)
            let date = TerminalDates.amsterdamDate(inDays: 4)

            let usage = try await anna.run(["timeoff", "request", "tomorrow"])
            #expect(usage.status == 2, "\(usage)")
            let asked = try await anna.run(["timeoff", "request", date, "--reason", "Dentist"])
            #expect(asked.status == 0 && asked.stdout.contains("You asked for time off"), "\(asked)")

            let queue = try await boss.run(["timeoff", "list", "--status", "pending", "--output", "csv"])
            let lines = queue.stdout.components(separatedBy: "\r\n")
            #expect(lines.first == "ID,WHO,PERIOD,STATUS,REASON,MANAGER'S NOTE", "\(queue)")
            let row = try #require(lines.first { $0.contains(",Anna,") }, "\(queue.stdout)")
            let id = try #require(Int64(row.prefix { $0.isNumber }))
            #expect(row.contains(",pending,Dentist,"), "\(row)")

            let refused = try await anna.run(["timeoff", "approve", "\(id)"])
            #expect(refused.status == 1 && refused.stderr.contains("Only a manager"), "\(refused)")
            let approved = try await boss.run(["timeoff", "approve", "\(id)", "--note", "Get well"])
            #expect(approved.status == 0 && approved.stdout.contains("is approved"), "\(approved)")
            #expect(approved.stdout.contains("Released to the marketplace: 1 shift (\(shiftID))."), "\(approved.stdout)")
            let again = try await boss.run(["timeoff", "decline", "\(id)"])
            #expect(again.status == 1 && again.stderr.contains("already decided or withdrawn"), "\(again)")

            let mine = try await anna.run(["timeoff"])
            #expect(mine.status == 0 && mine.stdout.contains("approved") && mine.stdout.contains("Get well"), "\(mine)")
            let withdrawn = try await anna.run(["timeoff", "withdraw", "\(id)"])
            #expect(withdrawn.status == 0 && withdrawn.stdout.contains("withdrawn"), "\(withdrawn)")

            let second = try await anna.run(["timeoff", "request", date, "--from", "09:00", "--until", "12:00"])
            #expect(second.status == 0 && second.stdout.contains("09:00–12:00"), "\(second)")
            let list = try await anna.run(["timeoff", "list", "--status", "pending", "--output", "json"])
            let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list)")
            let secondID = try #require(items.first?["id"] as? Int)
            let declined = try await boss.run(["timeoff", "decline", "\(secondID)", "--note", "Busy day"])
            #expect(declined.status == 0 && declined.stdout.contains("is declined"), "\(declined)")
        }
    }
}
