import Foundation
import NIOCore

/// `broadcast`: N subscribers of `marketplace`; K times one marketplace change through the HTTP API
/// (supply, then revoke, alternately), and how long each subscriber waited for it.
///
/// Latency of one delivery = the subscriber's receipt (its event loop read the frame) minus the moment
/// just before the trigger request was written. It includes the whole server path: HTTP, auth, the
/// transaction and its commit, NOTIFY, the feed's read of the event row, encoding and the fan-out, plus
/// the generator's own receive. The event's `at` (the transaction's `now()`, millisecond text) splits
/// it roughly into "before the transaction" and "transaction to last delivery".
enum BroadcastMode {
    struct EventSample {
        var latencies: [UInt64]
        var last: UInt64
        var httpTime: UInt64
        /// Nanoseconds from the request to the event's `at`, nil if `at` was not parseable.
        var toAt: Int64?
        var missing: Int
        /// Monotonic nanoseconds when the trigger was sent and when the last subscriber had the event.
        var window: ClosedRange<UInt64>
    }

    static func run(_ arguments: Arguments) async throws {
        let host = arguments.string("--host", default: "127.0.0.1")
        let port = try arguments.int("--port", default: 8080)
        let tokens = try arguments.required("--tokens").split(separator: ",").map(String.init)
        let triggerToken = try arguments.required("--trigger-token")
        let shift = try arguments.int("--shift", default: 0)
        let subscribers = try arguments.int("--subscribers", default: 1_000)
        let events = max(1, try arguments.int("--events", default: 20))
        let warmup = try arguments.int("--warmup", default: 2)
        let gap = try arguments.int("--gap-ms", default: 200)
        let threads = try arguments.int("--threads", default: 2)
        let concurrency = max(1, try arguments.int("--concurrency", default: 200))
        let server = arguments.string("--server-pid").flatMap(Int32.init).map(ServerProcess.init)
        let target = "/api/v1/live?topics=marketplace"
        // `nio`: our WebSocket client on NIO event loops, which sleep in epoll_wait between frames.
        // `epoll`: EpollSubscribers, whose ACKs are sent from the reading thread, on the clients' core.
        let clientKind = arguments.string("--client", default: "nio")
        let client: any BroadcastSubscribers
        var channels: [any Channel] = []
        switch clientKind {
        case "nio":
            let nio = LoadClient(host: host, port: port, target: target, tokens: tokens, threads: threads)
            let outcomes = await nio.open(count: subscribers, concurrency: concurrency, timeout: .seconds(20), label: "subscribers")
            channels = outcomes.openChannels
            guard channels.count == subscribers else {
                for (label, number) in outcomes.tally { log("  \(label): \(number)") }
                throw UsageError("only \(channels.count) of \(subscribers) subscribers connected")
            }
            client = nio
        case "epoll":
            // `--ack-from-reader 0` shows what acknowledging from the reader is worth.
            let epoll = try EpollSubscribers(
                host: host, port: port, target: target, tokens: tokens,
                acknowledgeFromReader: try arguments.int("--ack-from-reader", default: 1) != 0)
            epoll.start()
            try epoll.open(count: subscribers, batch: concurrency)
            client = epoll
        default:
            throw UsageError("--client must be nio or epoll, not '\(clientKind)'")
        }
        let hellos = await waitForHellos(client, subscribers, timeout: .seconds(30))
        guard hellos == subscribers else { throw UsageError("only \(hellos) of \(subscribers) subscribers got their hello") }
        try await Task.sleep(for: .seconds(2))  // let every connection's initial catch-up finish
        if let epoll = client as? EpollSubscribers {
            log("subscribers: one thread of ours on one epoll set, ACKs \(epoll.acknowledgesFromReader ? "sent by that thread after reading" : "as the kernel chooses")")
        } else {
            log("subscribers: \(threads) NIO event loop(s), sleeping in epoll_wait between frames")
        }

        let http = PlainHTTPClient(host: host, port: port)
        var action = "supply"
        var samples: [EventSample] = []
        // `--healthz 0` leaves the probe out (it adds one request every ~2 ms to the server's work).
        let probe = try arguments.int("--healthz", default: 1) != 0 ? HealthProbe(host: host, port: port) : nil
        probe?.start()
        let cpuBefore = server?.cpuTicks
        for round in 0..<(warmup + events) {
            let sample = try await trigger(client: client, http: http, shift: shift, action: &action, token: triggerToken, subscribers: subscribers)
            if round >= warmup {
                samples.append(sample)
            }
            log("event \(round + 1)/\(warmup + events)\(round < warmup ? " (warm-up)" : ""): last subscriber \(milliseconds(sample.last)) ms, HTTP answer \(milliseconds(sample.httpTime)) ms\(sample.missing > 0 ? ", \(sample.missing) MISSING" : "")")
            try await Task.sleep(for: .milliseconds(gap))
        }
        let cpuAfter = server?.cpuTicks
        let probes = probe?.stop()
        let cpuTicks = cpuAfter.flatMap { after in cpuBefore.map { before in zip(after, before).map { $0 - $1 } } } ?? []
        report(samples, client: clientKind, subscribers: subscribers, serverCPUTicks: cpuTicks, closes: client.closes)
        if let probes { reportHealth(probes.samples, failures: probes.failures, windows: samples.map(\.window), client: clientKind, subscribers: subscribers) }
        for channel in channels { channel.close(promise: nil) }
        try await Task.sleep(for: .seconds(1))
        if let nio = client as? LoadClient { await nio.shutdown() }
        (client as? EpollSubscribers)?.stop()
    }

    private static func waitForHellos(_ client: any BroadcastSubscribers, _ count: Int, timeout: Duration) async -> Int {
        let deadline = ContinuousClock.now + timeout
        while client.hellos < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return client.hellos
    }

    /// One change and its deliveries. Flips to the other action when the shift is already in the
    /// state the current one would produce (409), so a re-run on the same shift works.
    private static func trigger(client: any BroadcastSubscribers, http: PlainHTTPClient, shift: Int, action: inout String, token: String, subscribers: Int) async throws -> EventSample {
        let baseline = client.deliveries
        var started = Clock.monotonic()
        var startedWall = Clock.wall()
        var response = try http.request("POST", "/api/v1/shifts/\(shift)/\(action)", token: token)
        if !(200..<300).contains(response.status) {
            action = action == "supply" ? "revoke" : "supply"
            started = Clock.monotonic()
            startedWall = Clock.wall()
            response = try http.request("POST", "/api/v1/shifts/\(shift)/\(action)", token: token)
        }
        let answered = Clock.monotonic()
        guard (200..<300).contains(response.status) else {
            throw UsageError("POST /shifts/\(shift)/\(action) answered \(response.status): \(response.body.prefix(300))")
        }
        action = action == "supply" ? "revoke" : "supply"
        let deadline = started + 10_000_000_000
        while client.deliveries - baseline < subscribers, Clock.monotonic() < deadline {
            try await Task.sleep(for: .microseconds(200))
        }
        var latencies: [UInt64] = []
        latencies.reserveCapacity(subscribers)
        var at: String?
        let ids = Set(client.logs.flatMap(\.pendingIDs))
        for id in ids {
            for log in client.logs {
                let taken = log.take(id)
                latencies += taken.receipts.map { $0 &- started }
                at = at ?? taken.at
            }
        }
        if ids.count > 1 { log("note: \(ids.count) event ids arrived for one change: \(ids.sorted())") }
        latencies.sort()
        let toAt = at.flatMap(parseISO8601Nanoseconds).map { $0 - startedWall }
        return EventSample(
            latencies: latencies, last: latencies.last ?? 0, httpTime: answered - started, toAt: toAt,
            missing: max(0, subscribers - latencies.count), window: started...(started + (latencies.last ?? 0)))
    }

    private static func report(_ samples: [EventSample], client: String, subscribers: Int, serverCPUTicks: [Int], closes: (count: Int, codes: [String: Int])) {
        let all = samples.flatMap(\.latencies).sorted()
        let lasts = samples.map(\.last).sorted()
        let https = samples.map(\.httpTime).sorted()
        let atToLast = samples.compactMap { sample in sample.toAt.map { Int64(sample.last) - $0 } }.sorted()
        let missing = samples.reduce(0) { $0 + $1.missing }
        let ticks = serverCPUTicks.reduce(0, +)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let cpuPerEvent = samples.isEmpty ? 0 : Double(ticks) / ticksPerSecond / Double(samples.count)
        print("broadcast: \(subscribers) subscribers, \(samples.count) events, \(all.count) deliveries, \(missing) missing, server closed \(closes.count)")
        print("  per delivery (request sent -> subscriber has it): p50 \(milliseconds(percentile(all, 0.5))) ms, p90 \(milliseconds(percentile(all, 0.9))) ms, p99 \(milliseconds(percentile(all, 0.99))) ms, max \(milliseconds(all.last ?? 0)) ms")
        print("  until the last subscriber has it: median \(milliseconds(percentile(lasts, 0.5))) ms, min \(milliseconds(lasts.first ?? 0)) ms, max \(milliseconds(lasts.last ?? 0)) ms")
        print("  HTTP answer to the trigger: median \(milliseconds(percentile(https, 0.5))) ms")
        if !atToLast.isEmpty {
            let median = atToLast[atToLast.count / 2]
            print(String(format: "  event `at` (transaction start, ms precision) -> last delivery: median %.1f ms", Double(median) / 1e6))
        }
        print(String(format: "  server CPU per event (utime+stime): %.1f ms, %.2f us per recipient", cpuPerEvent * 1e3, cpuPerEvent * 1e6 / Double(max(subscribers, 1))))
        print("RESULT broadcast client=\(client) " + String(format: "subscribers=%d events=%d deliveries=%d missing=%d p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f last_median_ms=%.2f last_max_ms=%.2f http_median_ms=%.2f at_to_last_median_ms=%.1f cpu_ms_per_event=%.1f",
                     subscribers, samples.count, all.count, missing,
                     Double(percentile(all, 0.5)) / 1e6, Double(percentile(all, 0.9)) / 1e6, Double(percentile(all, 0.99)) / 1e6, Double(all.last ?? 0) / 1e6,
                     Double(percentile(lasts, 0.5)) / 1e6, Double(lasts.last ?? 0) / 1e6, Double(percentile(https, 0.5)) / 1e6,
                     atToLast.isEmpty ? -1 : Double(atToLast[atToLast.count / 2]) / 1e6, cpuPerEvent * 1e3))
    }

    /// `/healthz` answer times: of the probes that started while a measured event was being delivered
    /// (from its trigger to its last subscriber), and of all probes.
    private static func reportHealth(_ samples: [HealthProbe.Sample], failures: Int, windows: [ClosedRange<UInt64>], client: String, subscribers: Int) {
        let during = samples.filter { sample in windows.contains { $0.contains(sample.started) } }.map(\.duration).sorted()
        let all = samples.map(\.duration).sorted()
        print("  GET /healthz during the broadcasts (\(during.count) probes): p50 \(milliseconds(percentile(during, 0.5))) ms, p99 \(milliseconds(percentile(during, 0.99))) ms, max \(milliseconds(during.last ?? 0)) ms; all \(all.count) probes: p99 \(milliseconds(percentile(all, 0.99))) ms; \(failures) failed")
        print("RESULT healthz client=\(client) " + String(format: "subscribers=%d probes_during=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f all_probes=%d all_p99_ms=%.2f failures=%d",
                     subscribers, during.count, Double(percentile(during, 0.5)) / 1e6, Double(percentile(during, 0.99)) / 1e6, Double(during.last ?? 0) / 1e6,
                     all.count, Double(percentile(all, 0.99)) / 1e6, failures))
    }

    /// `2026-11-21T18:40:02.114Z` → nanoseconds since 1970 (UTC only, as the server writes it).
    static func parseISO8601Nanoseconds(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1e9).rounded())
    }
}
