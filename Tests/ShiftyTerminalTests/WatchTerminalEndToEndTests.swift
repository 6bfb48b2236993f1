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
            let watching = Task {
                // The watch's own exit status goes to stderr: 124 means `timeout` had to stop it, the
                // bug this test catches (a watch that never notices `head` has gone). The timeout only
                // keeps a broken watch from hanging the suite; no assertion depends on how fast it is.
                let result = try await ben.run(
                    [], shell: "{ timeout 300 \"$SHIFTY\" watch --json; echo \"watch exited $?\" >&2; } | head -1", timeout: 320)
                done.withLock { $0 = result }
            }
            // Offer shifts until the first event line reaches `head` (the watch may still be connecting).
            var day = 2
            while done.withLock({ $0 }) == nil, day < 400 {
                let shift = try await workplace.createShiftForAnna(inDays: day)
                _ = try await workplace.anna.supply(shiftID: shift)
                day += 1
                try await Task.sleep(for: .milliseconds(400))
            }
            try await watching.value
            let result = try #require(done.withLock { $0 })
            #expect(result.stderr.contains("watch exited"), "\(result)")
            #expect(!result.stderr.contains("watch exited 124"), "watch must exit when head closes the pipe, not at the timeout: \(result)")
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stdout)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
            #expect(event["type"] as? String == "shift.supplied", "\(event)")
        }
    }
}
