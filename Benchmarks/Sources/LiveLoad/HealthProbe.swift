import Foundation

/// `GET /healthz` in a loop on its own thread and keep-alive socket while the broadcasts run: how long
/// another client's request waits while the server fans an event out (issue 14: p99 under 10 ms during
/// a 10,000-subscriber broadcast). Each probe is kept with its start, so the report can take the probes
/// that started while a broadcast was being delivered.
final class HealthProbe: @unchecked Sendable {
    struct Sample {
        var started: UInt64
        var duration: UInt64
    }

    private let lock = NSLock()
    private var samples: [Sample] = []
    private var stopped = false
    private var failures = 0
    private let host: String
    private let port: Int
    private let pauseMicroseconds: UInt32
    private let done = DispatchSemaphore(value: 0)

    init(host: String, port: Int, pauseMicroseconds: UInt32 = 2_000) {
        self.host = host
        self.port = port
        self.pauseMicroseconds = pauseMicroseconds
    }

    func start() {
        let thread = Thread { [self] in
            let http = PlainHTTPClient(host: host, port: port)
            while !isStopped {
                let started = Clock.monotonic()
                let ok = (try? http.request("GET", "/healthz", timeoutSeconds: 5))?.status == 200
                let duration = Clock.monotonic() - started
                lock.lock()
                if ok { samples.append(Sample(started: started, duration: duration)) } else { failures += 1 }
                lock.unlock()
                usleep(pauseMicroseconds)
            }
            done.signal()
        }
        thread.start()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops the loop and returns every sample and the number of failed probes.
    func stop() -> (samples: [Sample], failures: Int) {
        lock.lock()
        stopped = true
        lock.unlock()
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return (samples, failures)
    }
}
