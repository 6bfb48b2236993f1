import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty watch` as a process: piped into `head -1` it exits once `head` has gone.
@Suite struct WatchTerminalEndToEndTests {
    @Test func watchJSONIntoHeadExitsWhenThePipeCloses() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let ben = ShiftyBinary(server: workplace.address.description, token: workplace.ben.token)
            let done = Locked<ShiftyBinary.Result?>(nil)
            let started = Date()
            let watching = Task {
                let result = try await ben.run([], shell: "timeout 35 \"$SHIFTY\" watch --json | head -1", timeout: 40)
                done.withLock { $0 = result }
            }
            // `timeout 35` bounds a watch that never notices (the bug this test catches) so the test fails
            // on the elapsed time instead of hanging. Offer shifts until the first event line reaches `head` (the watch may still be connecting).
            var day = 2
            while done.withLock({ $0 }) == nil, Date().timeIntervalSince(started) < 30 {
                let shift = try await workplace.createShiftForAnna(inDays: day)
                _ = try await workplace.anna.supply(shiftID: shift)
                day += 1
                try await Task.sleep(for: .milliseconds(400))
            }
            try await watching.value
            let result = try #require(done.withLock { $0 })
            #expect(Date().timeIntervalSince(started) < 30, "watch must exit soon after head, not at the timeout: \(result)")
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stdout)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
            #expect(event["type"] as? String == "shift.supplied", "\(event)")
        }
    }
}
