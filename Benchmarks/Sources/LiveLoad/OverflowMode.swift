import Foundation
import NIOCore

/// `overflow`: tries M connections while the server is at its descriptor limit, tallies how each
/// attempt ended, releases them, and checks the server still answers `GET /healthz`.
///
/// "Clean" means: every attempt ends (an HTTP refusal, a closed or refused TCP connection, or no
/// answer within the timeout), the server process is alive, and it serves HTTP again once
/// descriptors are free.
enum OverflowMode {
    static func run(_ arguments: Arguments) async throws {
        let host = arguments.string("--host", default: "127.0.0.1")
        let port = try arguments.int("--port", default: 8080)
        let tokens = try arguments.required("--tokens").split(separator: ",").map(String.init)
        let count = try arguments.int("--count", default: 1_000)
        let threads = try arguments.int("--threads", default: 2)
        let concurrency = max(1, try arguments.int("--concurrency", default: 200))
        let timeout = try arguments.int("--timeout-seconds", default: 5)
        guard let pidText = arguments.string("--server-pid"), let pid = Int32(pidText) else { throw UsageError("missing --server-pid") }
        let server = ServerProcess(pid: pid)

        let client = LoadClient(host: host, port: port, target: "/api/v1/live?topics=marketplace", tokens: tokens, threads: threads)
        let started = Clock.monotonic()
        let outcomes = await client.open(count: count, concurrency: concurrency, timeout: .seconds(Int64(timeout)), label: "overflow")
        let elapsed = Clock.monotonic() - started
        let descriptors = server.openDescriptors ?? 0
        print("overflow: \(count) more attempts in \(milliseconds(elapsed)) ms (server descriptors now \(descriptors) of \(server.descriptorLimit ?? 0))")
        for (label, number) in outcomes.tally { print("  \(label): \(number)") }
        let extra = outcomes.openChannels
        for channel in extra { channel.close(promise: nil) }
        try await Task.sleep(for: .milliseconds(500))

        // The server must answer HTTP again once the extra attempts are gone.
        let probeStarted = Clock.monotonic()
        var health = "no answer"
        var healthy = false
        while Clock.monotonic() - probeStarted < 15_000_000_000 {
            let probe = PlainHTTPClient(host: host, port: port)
            if let response = try? probe.request("GET", "/healthz", timeoutSeconds: 3) {
                health = "HTTP \(response.status)"
                healthy = response.status == 200
                if healthy { break }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let probeTime = Clock.monotonic() - probeStarted
        print("after releasing the extra attempts: GET /healthz -> \(health) after \(milliseconds(probeTime)) ms; server process alive: \(server.isAlive)")
        let opened = extra.count
        let refused = outcomes.filter { if case .refused = $0 { true } else { false } }.count
        let timedOut = outcomes.filter { if case .timedOut = $0 { true } else { false } }.count
        print("RESULT overflow attempts=\(count) upgraded=\(opened) refused_http=\(refused) timed_out=\(timedOut) other=\(count - opened - refused - timedOut) healthz=\(healthy ? 200 : 0) server_alive=\(server.isAlive)")
        await client.shutdown()
        exit(healthy && server.isAlive ? 0 : 1)
    }
}
