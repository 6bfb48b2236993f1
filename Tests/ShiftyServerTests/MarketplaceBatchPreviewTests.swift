import Foundation
import NIOConcurrencyHelpers
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// `GET /marketplace/previews`: the page asks once for every shift it lists, and a preview reads
/// without locking, so it neither waits for nor holds up a real pick-up.
@Suite struct MarketplaceBatchPreviewTests {
    @Test func theBatchAnswersWhatEachSinglePreviewAnswersInTheOrderAsked() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            // Bram already works day 3: anna's shift that day clashes for him, day 5 does not.
            _ = try await server.createShift(by: boss, for: bram, inDays: 3, at: "09:00", minutes: 480)
            let clashing = try await server.createShift(by: boss, for: anna, inDays: 3, at: "12:00", minutes: 240)
            let free = try await server.createShift(by: boss, for: anna, inDays: 5)
            for shift in [clashing, free] { #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200) }

            let ids = [free, clashing, 999_999]
            let batch = try await server.client.json(
                .GET, "/api/v1/marketplace/previews?action=pick-up&shiftIds=\(ids.map(String.init).joined(separator: ","))", token: bram.token)
            #expect(batch.status == 200, "\(batch.text)")
            let answers = batch.jsonArray
            #expect(answers.map { ($0["shiftId"] as? NSNumber)?.int64Value } == ids.map(Int64.init), "\(batch.text)")
            #expect(answers[0]["allowed"] as? Bool == true, "\(batch.text)")
            #expect(answers[1]["allowed"] as? Bool == false, "\(batch.text)")
            #expect((answers[2]["refusal"] as? [String: Any])?["code"] as? String == "not_found", "\(batch.text)")
            for (index, id) in ids.enumerated() {
                let single = try await server.client.json(.GET, "/api/v1/shifts/\(id)/preview?action=pick-up", token: bram.token)
                #expect(single.status == 200, "\(single.text)")
                #expect(try Self.canonical(single.json) == Self.canonical(answers[index]), "shift \(id): \(single.text)")
            }
        }
    }

    static func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func aBadListIsA400NamingTheParameter() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let tooMany = (1...101).map(String.init).joined(separator: ",")
            for query in ["action=pick-up", "action=pick-up&shiftIds=", "action=pick-up&shiftIds=1,x", "action=pick-up&shiftIds=0",
                          "action=pick-up&shiftIds=4,4", "action=pick-up&shiftIds=\(tooMany)", "action=assign&shiftIds=1", "shiftIds=1"] {
                let answer = try await server.client.json(.GET, "/api/v1/marketplace/previews?\(query)", token: boss.token)
                #expect(answer.status == 400 && answer.problemCode == "invalid_parameter", "\(query): \(answer.text)")
            }
            let anonymous = try await server.client.json(.GET, "/api/v1/marketplace/previews?action=pick-up&shiftIds=1")
            #expect(anonymous.status == 401, "\(anonymous.text)")
        }
    }

    @Test func anotherWorkplacesShiftIsNotFoundInItsPlace() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let outsider = try await server.createWorkplace(slug: "elsewhere")
            let answer = try await server.client.json(.GET, "/api/v1/marketplace/previews?action=pick-up&shiftIds=\(shift)", token: outsider.token)
            #expect(answer.status == 200, "\(answer.text)")
            let only = try #require(answer.jsonArray.first)
            #expect((only["refusal"] as? [String: Any])?["code"] as? String == "not_found", "\(answer.text)")
            #expect((only["effects"] as? [Any])?.isEmpty ?? true, "nothing of the other workplace is shown: \(answer.text)")
        }
    }

    /// A pick-up holds the shift's row lock while it decides; a preview of the same shift answers
    /// meanwhile instead of queueing behind it (it used to take the same `FOR UPDATE`).
    @Test func aPreviewDoesNotWaitForARowAnActionHolds() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)

            let locked = NIOLockedValueBox(false)
            let release = NIOLockedValueBox(false)
            let holder = Task {
                try await server.pool.transaction { connection in
                    _ = try connection.query("SELECT id FROM shifts WHERE id = $1 FOR UPDATE", [shift])
                    _ = try connection.query("SELECT id FROM users WHERE id = ANY($1) ORDER BY id FOR UPDATE", [[anna.userID, bram.userID]])
                    locked.withLockedValue { $0 = true }
                    // Hold the rows until the test has its answers (or its hang guard gives up).
                    let deadline = ContinuousClock.now + TestLiveClient.hangGuard
                    while !release.withLockedValue({ $0 }) && ContinuousClock.now < deadline { usleep(5_000) }
                }
            }
            defer { release.withLockedValue { $0 = true } }
            while !locked.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }

            let single = try await server.client.json(.GET, "/api/v1/shifts/\(shift)/preview?action=pick-up", token: bram.token)
            let batch = try await server.client.json(.GET, "/api/v1/marketplace/previews?action=pick-up&shiftIds=\(shift)", token: bram.token)
            let stillHeld = !release.withLockedValue { $0 }
            release.withLockedValue { $0 = true }
            try await holder.value
            #expect(stillHeld, "the previews answered while the rows were locked")
            #expect(single.status == 200 && single.json["allowed"] as? Bool == true, "\(single.text)")
            #expect(batch.status == 200 && batch.jsonArray.first?["allowed"] as? Bool == true, "\(batch.text)")
        }
    }
}
