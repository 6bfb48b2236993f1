import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty watch` as a process: in a real pseudo-terminal (tmux) it shows shift ids, and piped into
/// `head -1` it exits once `head` has gone.
@Suite struct WatchTerminalEndToEndTests {
    @Test func watchJSONIntoHeadExitsWhenThePipeCloses() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let ben = ShiftyBinary(server: workplace.address.description, token: workplace.ben.token)
            let done = Locked<ShiftyBinary.Result?>(nil)
            let started = Date()
            let watching = Task {
                let result = try await ben.run([], shell: "\"$SHIFTY\" watch --json | head -1", timeout: 40)
                done.withLock { $0 = result }
            }
            // Offer shifts until the first event line reaches `head` (the watch may still be connecting).
            var day = 2
            while done.withLock({ $0 }) == nil, Date().timeIntervalSince(started) < 30 {
                let shift = try await workplace.createShiftForAnna(inDays: day)
                _ = try await workplace.anna.supply(shiftID: shift)
                day += 1
                try await Task.sleep(for: .milliseconds(400))
            }
            try await watching.value
            let result = try #require(done.withLock { $0 })
            #expect(Date().timeIntervalSince(started) < 30, "watch must exit soon after head, not at the timeout")
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stdout)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
            #expect(event["type"] as? String == "shift.supplied", "\(event)")
        }
    }

    @Test func watchInATerminalShowsShiftIds() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            _ = try await workplace.anna.supply(shiftID: shiftID)
            let ben = ShiftyBinary(server: workplace.address.description, token: workplace.ben.token)
            let socket = "shifty-test-\(UUID().uuidString.prefix(8))"
            let env = ben.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
            let start = try await ben.run([], shell: """
                tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 20 "env \(env) TERM=xterm-256color '\(ShiftyBinary.path)' watch" >/dev/null 2>&1
                """)
            #expect(start.status == 0, "\(start)")
            defer {
                let stop = Process()
                stop.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
                stop.arguments = ["-L", socket, "kill-server"]
                try? stop.run()
                stop.waitUntilExit()
            }
            var screen = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                screen = try await ben.run([], shell: "tmux -L \(socket) capture-pane -p").stdout
                if screen.split(separator: "\n").contains(where: { $0.hasPrefix("  \(shiftID) ") && $0.contains("Anna") }) { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            let rows = screen.split(separator: "\n")
            #expect(rows.contains { $0.hasPrefix("  ID ") && $0.contains("DATE") }, "\(screen)")
            #expect(rows.contains { $0.hasPrefix("  \(shiftID) ") && $0.contains("Anna") }, "\(screen)")
            // q quits the watch (the pane's command ends, so tmux closes the session).
            _ = try await ben.run([], shell: "tmux -L \(socket) send-keys q")
        }
    }
}
