import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty swap`, `swap-answer`, `cancel` and `now` through the executable against a real server.
@Suite struct SwapCancelNowEndToEndTests {
    @Test func swapDeclineCancelThenAcceptFromTwoTerminals() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let anna = ShiftyBinary(server: address, token: workplace.anna.token)
            let ben = ShiftyBinary(server: address, token: workplace.ben.token)
            let annas = try await workplace.createShiftForAnna(inDays: 6)
            let bens = try await Self.createShiftForBen(workplace, inDays: 7)

            let proposed = try await anna.run(["swap", "\(annas)", "\(bens)"])
            #expect(proposed.status == 0 && proposed.stdout.contains("waits for the other person"), "\(proposed)")
            let first = try #require(CommandsEndToEndTests.dealID(in: proposed.stdout), "\(proposed.stdout)")
            let bensDeals = try await ben.run(["deals", "--output", "csv"])
            #expect(bensDeals.stdout.components(separatedBy: "\r\n").contains { $0.hasPrefix("\(first),swap,proposed,\(annas)/\(bens),") }, "\(bensDeals)")

            let declined = try await ben.run(["swap-answer", "\(first)", "--decline"])
            #expect(declined.status == 0 && declined.stdout.contains("You declined swap \(first)."), "\(declined)")
            let noAnswer = try await ben.run(["swap-answer", "\(first)"])
            #expect(noAnswer.status == 2, "--accept or --decline is required: \(noAnswer)")

            let again = try await anna.run(["swap", "\(annas)", "\(bens)"])
            let second = try #require(CommandsEndToEndTests.dealID(in: again.stdout), "\(again)")
            let cancelled = try await anna.run(["cancel", "\(second)", "--note", "changed my mind"])
            #expect(cancelled.status == 0 && cancelled.stdout.contains("Cancelled deal \(second)."), "\(cancelled)")
            let twice = try await anna.run(["cancel", "\(second)"])
            #expect(twice.status == 1 && !twice.stderr.isEmpty, "cancelling a decided deal is refused: \(twice)")

            let third = try #require(CommandsEndToEndTests.dealID(in: try await anna.run(["swap", "\(annas)", "\(bens)"]).stdout))
            let accepted = try await ben.run(["swap-answer", "\(third)", "--accept"])
            #expect(accepted.status == 0 && accepted.stdout.contains("You accepted swap \(third).") && accepted.stdout.contains("waits for a manager's approval"), "\(accepted)")
            let stranger = try await ShiftyBinary(server: address, token: workplace.managerToken).run(["swap-answer", "\(third)", "--accept"])
            #expect(stranger.status == 1, "only the coworker asked answers a swap: \(stranger)")
        }
    }

    @Test func nowShowsWhoStartsNext() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let anna = ShiftyBinary(server: workplace.address.description, token: workplace.anna.token)
            let nobody = try await anna.run(["now"])
            #expect(nobody.status == 0 && nobody.stdout.contains("Nobody is on shift now or starting within a week."), "\(nobody)")

            let shiftID = try await workplace.createShiftForAnna(inDays: 2, at: "11:00")
            let board = try await anna.run(["now"])
            #expect(board.status == 0 && board.stdout.hasPrefix("Today, "), "\(board)")
            let row = try #require(board.stdout.split(separator: "\n").first { $0.hasPrefix("\(shiftID) ") }, "\(board.stdout)")
            #expect(row.contains("next (") && row.contains("Anna") && row.contains("11:00–15:00"), "\(row)")

            let csv = try await anna.run(["now", "--output", "csv"])
            #expect(csv.stdout.hasPrefix("SHIFT,WHEN,WHO,POSITION,TIME\r\n\(shiftID),next ("), "\(csv)")
            let json = try await anna.run(["now", "--output", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
            let next = try #require(object["next"] as? [String: Any], "\(json.stdout)")
            #expect((next["shifts"] as? [[String: Any]])?.first?["shiftId"] as? Int == Int(shiftID), "\(json.stdout)")
        }
    }

    /// A manager's shift for Ben `days` from today.
    static func createShiftForBen(_ workplace: TerminalTestWorkplace, inDays days: Int) async throws -> Int64 {
        let me = try await workplace.server.client.json(.GET, "/api/v1/me", token: workplace.ben.token)
        let benID = try #require((me.json["user"] as? [String: Any])?["id"] as? Int, "\(me.text)")
        let response = try await workplace.server.client.json(.POST, "/api/v1/shifts", [
            "ownerId": benID, "date": TerminalDates.amsterdamDate(inDays: days), "startTime": "12:00", "durationMinutes": 240,
        ], token: workplace.managerToken)
        try #require(response.status == 201, "create shift: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }
}
