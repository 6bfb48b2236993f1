import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty market` asks the server's pick-up preview for every shift and shows why one cannot be
/// taken: the same sentence `shifty take` prints when the server refuses.
@Suite struct MarketPreviewEndToEndTests {
    @Test func theMarketSaysWhyAShiftCannotBeTaken() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            _ = try await workplace.createShiftForAnna(inDays: 3, at: "10:00")
            let users = try await server.client.json(.GET, "/api/v1/users", token: workplace.managerToken).jsonArray
            let benID = try #require(users.first { $0["username"] as? String == "ben" }?["id"] as? Int)
            let date = TerminalDates.amsterdamDate(inDays: 3)
            let created = try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": benID, "date": date, "startTime": "12:00", "durationMinutes": 240,
            ], token: workplace.managerToken)
            let bensShift = Int64(try #require(created.json["id"] as? Int, "\(created.text)"))
            _ = try await workplace.ben.supply(shiftID: bensShift)

            let preview = try await workplace.anna.pickUpPreview(shiftID: bensShift)
            #expect(!preview.allowed && preview.refusal?.code == "overlapping_shift")
            let shifts = try await workplace.anna.marketplace()
            let lines = ShiftListFormatter.market(shifts, canTake: [bensShift: preview.answer])
            #expect(lines.first?.hasSuffix("CAN YOU TAKE IT") == true, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("\(bensShift) ") && $0.hasSuffix(preview.answer) }, "\(lines)")

            do throws(APIClientError) {
                _ = try await workplace.anna.take(shiftID: bensShift)
                Issue.record("the take should be refused")
            } catch {
                #expect(error.problemCode == "overlapping_shift")
                #expect(error.message == preview.answer, "the take prints the reason the market showed")
            }
            #expect(try await workplace.ben.pickUpPreview(shiftID: bensShift).refusal?.code == "own_shift")
        }
    }
}

enum TerminalDates {
    /// The Amsterdam date `days` from today, "YYYY-MM-DD".
    static func amsterdamDate(inDays days: Int) -> String {
        let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: days, to: Date()) ?? Date()
        return date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "Europe/Amsterdam") ?? .gmt).year().month().day())
    }
}
