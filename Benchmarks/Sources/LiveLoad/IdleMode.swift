import Foundation
import NIOCore

/// `idle`: holds N live connections, reports the server's memory per connection, then (with
/// `--beyond M`) has a second generator process try M more past the server's descriptor limit.
///
/// The extra attempts run in a child process because this one already holds N descriptors and the
/// machine caps every process at 20,000.
enum IdleMode {
    static func run(_ arguments: Arguments) async throws {
        let host = arguments.string("--host", default: "127.0.0.1")
        let port = try arguments.int("--port", default: 8080)
        let tokens = try arguments.required("--tokens").split(separator: ",").map(String.init)
        let count = try arguments.int("--count", default: 10_000)
        let beyond = try arguments.int("--beyond", default: 0)
        let threads = try arguments.int("--threads", default: 2)
        let concurrency = max(1, try arguments.int("--concurrency", default: 200))
        let settle = try arguments.int("--settle-seconds", default: 3)
        guard let pidText = arguments.string("--server-pid"), let pid = Int32(pidText) else { throw UsageError("missing --server-pid") }
        let server = ServerProcess(pid: pid)
        guard let before = server.residentKiB else { throw UsageError("cannot read /proc/\(pid)/status") }
        let descriptorsBefore = server.openDescriptors ?? 0

        let client = LoadClient(host: host, port: port, target: "/api/v1/live?topics=marketplace", tokens: tokens, threads: threads)
        let started = Clock.monotonic()
        let outcomes = await client.open(count: count, concurrency: concurrency, timeout: .seconds(20), label: "idle")
        let openTime = Clock.monotonic() - started
        let channels = outcomes.openChannels
        let hellos = await client.waitForHellos(channels.count, timeout: .seconds(30))
        try await Task.sleep(for: .seconds(settle))
        let after = server.residentKiB ?? before
        let held = channels.filter(\.isActive).count
        let descriptors = server.openDescriptors ?? 0
        let limit = server.descriptorLimit ?? 0
        let perConnection = held > 0 ? Double(after - before) * 1024 / Double(held) : 0

        print("idle: asked \(count), held \(held) (hello received on \(hellos)) in \(milliseconds(openTime)) ms")
        for (label, number) in outcomes.tally { print("  \(label): \(number)") }
        print("server VmRSS before \(before) KiB, after \(after) KiB, delta \(after - before) KiB")
        print(String(format: "memory per idle live connection: %.0f bytes", perConnection))
        print("server descriptors: \(descriptorsBefore) before, \(descriptors) now, limit \(limit)")
        print(String(format: "RESULT idle asked=%d held=%d rss_before_kib=%d rss_after_kib=%d bytes_per_connection=%.0f fds=%d fd_limit=%d",
                     count, held, before, after, perConnection, descriptors, limit))

        var overflowStatus: Int32 = 0
        if beyond > 0 {
            overflowStatus = try runOverflow(arguments: arguments, count: beyond)
            try await Task.sleep(for: .seconds(1))
            let stillHeld = channels.filter(\.isActive).count
            let closes = client.closes
            print("after the overflow attempts: \(stillHeld) of \(held) held connections still open; server closed \(closes.count) \(closes.codes.sorted { $0.key < $1.key })")
            print("RESULT idle_after_overflow still_held=\(stillHeld) held=\(held) server_alive=\(server.isAlive)")
        }

        for channel in channels { channel.close(promise: nil) }
        try await Task.sleep(for: .seconds(1))
        await client.shutdown()
        if overflowStatus != 0 { exit(overflowStatus) }
    }

    /// Runs `LiveLoad overflow` as a child process with the same connection arguments.
    private static func runOverflow(arguments: Arguments, count: Int) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var forwarded = ["overflow", "--count", "\(count)"]
        for name in ["--host", "--port", "--tokens", "--threads", "--server-pid", "--concurrency"] {
            if let value = arguments.string(name) { forwarded += [name, value] }
        }
        process.arguments = forwarded
        fflush(nil)  // our lines first, then the child's
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
