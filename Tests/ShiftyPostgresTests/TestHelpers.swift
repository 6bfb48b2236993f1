import Foundation
import Logging
import ShiftyPostgres
import ShiftyTestSupport

/// The test-only migrations of this target.
let fixtureMigrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/migrations")

let testLogger: Logger = {
    var logger = Logger(label: "shifty.postgres-tests")
    logger.logLevel = .error
    return logger
}()

/// Runs `body` with a fresh database and drops it afterwards, also when `body` throws.
@discardableResult
func withTestDatabase<T: Sendable>(
    migrations: URL? = fixtureMigrations,
    _ body: (TestDatabase) async throws -> T
) async throws -> T {
    let database = try await TestDatabase.create(migrations: migrations, logger: testLogger)
    do {
        let result = try await body(database)
        await database.drop()
        return result
    } catch {
        await database.drop()
        throw error
    }
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory(_ prefix: String) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Copies the fixture migrations into a temporary directory that a test may change.
func copyOfFixtureMigrations() throws -> URL {
    let directory = try makeTemporaryDirectory("shifty-migrations")
    for name in try FileManager.default.contentsOfDirectory(atPath: fixtureMigrations.path) {
        try FileManager.default.copyItem(
            at: fixtureMigrations.appendingPathComponent(name), to: directory.appendingPathComponent(name)
        )
    }
    return directory
}

/// Lets two transactions running on different threads meet at a point (first attempt only), so a
/// conflict between them is certain rather than timing-dependent.
final class ThreadRendezvous: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived = 0
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    /// Blocks the calling (pool) thread until all parties arrived or `timeout` passed; true when
    /// they all arrived.
    @discardableResult
    func arriveAndWait(timeout: TimeInterval = 5) -> Bool {
        lock.lock()
        arrived += 1
        lock.unlock()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let done = arrived >= parties
            lock.unlock()
            if done { return true }
            usleep(2_000)
        }
        return false
    }
}

/// Counts things from several threads.
final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Polls `condition` until it holds or `timeout` passes. The default only turns a hang into a
/// failure: no correct run comes near it, however loaded the machine.
func eventually(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}

/// Whether `work` finished within `hangGuard`. The guard is generous: it turns a hang (the bug) into
/// a failure and is nowhere near what a correct run takes on a loaded machine.
func finishes(within hangGuard: Duration = .seconds(60), _ work: @escaping @Sendable () async -> Void) async -> Bool {
    let finished = AtomicCounter()
    Task {
        await work()
        finished.increment()
    }
    return await eventually(timeout: hangGuard) { finished.current > 0 }
}
