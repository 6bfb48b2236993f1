import BenchmarkSupport
import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer

// Two measurements against one PostgreSQL server, in one run:
//
//   1. Schedule generation: EMPLOYEES (10,000) members × 5 weekly fixed shifts, generated eight
//      weeks ahead (400,000 shifts) by the same set-based statement the daily job runs. Target: < 3 s.
//   2. Marketplace throughput: CLIENTS concurrent workers each doing pick-up + manager approval
//      (two transactions through `Marketplace.apply`, with row locks, history and event rows),
//      compared with pgbench's built-in simple-update script at the same client count.
//
//   swift run -c release --package-path Benchmarks GenerationBenchmark "host=/tmp/pg/socket user=shifty dbname=postgres"
//
// Creates (and afterwards drops) the databases shifty_generation_bench and shifty_pgbench.

let arguments = CommandLine.arguments.dropFirst()
guard let conninfo = arguments.first ?? ProcessInfo.processInfo.environment["SHIFTY_BENCH_PG"] else {
    FileHandle.standardError.write(Data("usage: GenerationBenchmark <libpq conninfo of a server where we may create databases>\n".utf8))
    exit(64)
}
let environment = ProcessInfo.processInfo.environment
let employees = Int(environment["EMPLOYEES"] ?? "") ?? 10_000
let generationRuns = Int(environment["RUNS"] ?? "") ?? 3
let clients = Int(environment["CLIENTS"] ?? "") ?? 4
let tradeSeconds = Double(environment["TRADE_SECONDS"] ?? "") ?? 15
let pgbenchTransactions = Int(environment["PGBENCH_TRANSACTIONS"] ?? "") ?? 10_000
// Profiling knobs (BENCHMARKS.md, issue 14 session 6): PAIR_COUNT stops after that many pairs in all
// (a fixed amount of work, so `valgrind --tool=callgrind` instruction counts of two runs can be
// subtracted: per pair, whatever the load); SKIP_PGBENCH=1 leaves pgbench out.
let pairLimit = Int(environment["PAIR_COUNT"] ?? "") ?? Int.max
let skipPgbench = environment["SKIP_PGBENCH"] == "1"
let databaseName = "shifty_generation_bench"
let pgbenchDatabase = "shifty_pgbench"
var logger = Logger(label: "generation-benchmark")
logger.logLevel = .warning

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let admin = PostgresPool(configuration: PostgresConfiguration(connectionString: conninfo, poolSize: 1), logger: logger)
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName) WITH (FORCE)")
// The server's CPU is counted over this cluster's processes only (BenchmarkSupport.CPUAccount).
CPUAccount.usePostmaster(ofDataDirectory: try await admin.query("SHOW data_directory")[0].decode(0, as: String.self))
_ = try await admin.execute("CREATE DATABASE \(sql: databaseName)")
let benchConninfo = try PostgresConnectionString.replacingDatabase(in: conninfo, with: databaseName)
/// Counts the statements sent (every `query`/`execute`, BEGIN and COMMIT included), to report how many
/// one pick-up + approval pair costs.
final class StatementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    func take() -> Int { lock.lock(); defer { count = 0; lock.unlock() }; return count }
}
let statements = StatementCounter()
var poolConfiguration = PostgresConfiguration(connectionString: benchConninfo, poolSize: max(2, clients), statementTimeout: nil)
poolConfiguration.queryObserver = { _, _ in statements.increment() }
// PREPARED=0: every statement unnamed, as before issue 14 (for the comparison in BENCHMARKS.md).
if environment["PREPARED"] == "0" { poolConfiguration.preparedStatementCapacity = 0 }
let pool = PostgresPool(configuration: poolConfiguration, logger: logger)
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
_ = try await MigrationRunner(directory: root.appendingPathComponent("sql")).migrate(pool: pool, logger: logger)

// MARK: 1. Generation

let workplaceID = try await pool.query(
    "INSERT INTO workplaces (slug, name, time_zone) VALUES ('bench', 'Benchmark', 'Europe/Amsterdam') RETURNING id"
)[0].decode("id", as: Int64.self)
_ = try await pool.execute(PostgresQuery(sql: """
    INSERT INTO users (workplace_id, username, display_name, role, password_hash)
    SELECT $1, 'member' || lpad(n::text, 6, '0'), 'Member ' || n, CASE WHEN n = 1 THEN 'manager' ELSE 'employee' END, 'not-a-hash'
    FROM generate_series(1, $2) AS n
    """, parameters: [workplaceID, employees]))
// Five rules per member: Monday to Friday, starts between 06:00 and 17:00, the late ones crossing
// midnight (never into the next day's shift).
let rules = try await pool.execute(PostgresQuery(sql: """
    INSERT INTO fixed_shifts (workplace_id, owner_id, weekday, start_time, duration_minutes, position, valid_from)
    SELECT $1, u.id, d, time '06:00' + ((u.id + d) % 12) * interval '1 hour', 240 + (u.id % 5) * 60,
           (ARRAY['bar', 'kitchen', 'floor'])[1 + (u.id % 3)], current_date - 7
    FROM users u CROSS JOIN generate_series(1, 5) AS d
    WHERE u.workplace_id = $1
    """, parameters: [workplaceID]))
_ = try await pool.execute("ANALYZE")

var generationTimes: [Double] = []
var created = 0
for run in 0..<generationRuns {
    // Each run starts from an empty schedule (the first-ever run is the expensive one).
    _ = try await pool.execute("DELETE FROM events")
    _ = try await pool.execute("DELETE FROM shifts")
    let start = ContinuousClock.now
    created = try await ScheduleGeneration.generateAll(pool: pool) ?? -1
    generationTimes.append(milliseconds(ContinuousClock.now - start))
    FileHandle.standardError.write(Data("generation run \(run + 1): \(created) shifts in \(Int(generationTimes.last ?? 0)) ms\n".utf8))
}
let idempotentStart = ContinuousClock.now
let second = try await ScheduleGeneration.generateAll(pool: pool) ?? -1
let idempotentMs = milliseconds(ContinuousClock.now - idempotentStart)
precondition(second == 0, "a second generation created \(second) shifts")

// MARK: 2. Pick-up + approval throughput

// Givers (the first half of the members) put one shift each per day on the marketplace; each
// receiver (the second half) takes at most one shift per day, so no pick-up breaks a rule.
let managerID = try await pool.query(PostgresQuery(sql: "SELECT id FROM users WHERE workplace_id = $1 AND role = 'manager'", parameters: [workplaceID]))[0].decode("id", as: Int64.self)
let memberIDs = try await pool.query(PostgresQuery(sql: "SELECT id FROM users WHERE workplace_id = $1 AND role = 'employee' ORDER BY id", parameters: [workplaceID]))
    .map { try $0.decode("id", as: Int64.self) }
let pairs = memberIDs.count / 2
let givers = Array(memberIDs[0..<pairs])
let receivers = Array(memberIDs[pairs..<(2 * pairs)])
_ = try await pool.execute(PostgresQuery(sql: """
    UPDATE shifts SET status = 'supplied', touched = true
    WHERE owner_id = ANY($1) AND starts_at > now() + interval '1 day'
    """, parameters: [givers]))
_ = try await pool.execute(PostgresQuery(sql: "DELETE FROM shifts WHERE owner_id = ANY($1)", parameters: [receivers]))
let offered = try await pool.query(
    """
    SELECT s.id, s.owner_id, s.local_date::text AS d FROM shifts s
    WHERE s.status = 'supplied' ORDER BY s.local_date, s.owner_id
    """)
// Receiver of giver i is receivers[i]: receivers own no shifts (deleted above) and get at most one
// per day because giver i has at most one shift per day, so every pick-up and approval is legal.
var receiverOf: [Int64: Int64] = [:]
for (giver, receiver) in zip(givers, receivers) { receiverOf[giver] = receiver }
let jobs: [(shift: Int64, receiver: Int64)] = try offered.compactMap { row in
    guard let receiver = receiverOf[try row.decode("owner_id")] else { return nil }
    return (try row.decode("id"), receiver)
}
_ = try await pool.execute("ANALYZE")

let engine = MarketplaceService(pool: pool, logger: logger)
actor JobQueue {
    var jobs: [(shift: Int64, receiver: Int64)]
    var index = 0
    let limit: Int
    init(_ jobs: [(shift: Int64, receiver: Int64)], limit: Int) { self.jobs = jobs; self.limit = limit }
    func next() -> (shift: Int64, receiver: Int64)? {
        guard index < jobs.count, index < limit else { return nil }
        defer { index += 1 }
        return jobs[index]
    }
}
let queue = JobQueue(jobs, limit: pairLimit)
_ = statements.take()
let deadline = pairLimit < Int.max ? ContinuousClock.now + .seconds(86_400) : ContinuousClock.now + .milliseconds(Int64(tradeSeconds * 1000))
let tradeCPUBefore = CPUAccount.now()
let tradeStart = ContinuousClock.now
let completed = try await withThrowingTaskGroup(of: Int.self) { group in
    for _ in 0..<clients {
        group.addTask {
            var done = 0
            while ContinuousClock.now < deadline, let job = await queue.next() {
                let deal = try await engine.pickUp(shiftID: job.shift, by: job.receiver, workplaceID: workplaceID)
                try await engine.approve(dealID: deal, by: managerID, workplaceID: workplaceID)
                done += 1
            }
            return done
        }
    }
    var total = 0
    for try await done in group { total += done }
    return total
}
let tradeElapsed = milliseconds(ContinuousClock.now - tradeStart) / 1000
let tradeCPU = CPUAccount.now().since(tradeCPUBefore)
let approvedInDatabase = try await pool.query("SELECT count(*)::bigint AS n FROM deals WHERE state = 'approved'")[0].decode("n", as: Int64.self)
precondition(approvedInDatabase == Int64(completed), "database has \(approvedInDatabase) approved deals, workers counted \(completed)")
let tradesPerSecond = Double(completed) / tradeElapsed
let statementsPerPair = Double(statements.take()) / Double(max(completed, 1))

await pool.shutdown()
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName) WITH (FORCE)")

// MARK: pgbench simple-update, same server, same client count

func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw PostgresError(kind: .invalidArgument, message: "\(executable) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
}

let pgbench = ["/usr/lib/postgresql/15/bin/pgbench", "/usr/bin/pgbench"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "pgbench"
var pgbenchOutput = ""
var pgbenchCPU = CPUAccount.zero
if !skipPgbench {
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: pgbenchDatabase) WITH (FORCE)")
_ = try await admin.execute("CREATE DATABASE \(sql: pgbenchDatabase)")
let pgbenchConninfo = try PostgresConnectionString.replacingDatabase(in: conninfo, with: pgbenchDatabase)
_ = try run(pgbench, ["-i", "-q", "-s", "10", pgbenchConninfo])
// A transaction count rather than -T: pgbench ends -T runs with SIGALRM, which the Swift runtime's
// threads keep blocked and a spawned child inherits, so a -T run never ends.
let pgbenchCPUBefore = CPUAccount.now()
pgbenchOutput = try run(pgbench, ["-n", "-b", "simple-update", "-c", "\(clients)", "-j", "\(min(clients, 2))", "-t", "\(pgbenchTransactions)", pgbenchConninfo])
// pgbench's backends end with it; the postmaster reaps them (and adds their CPU to its own cutime)
// a moment later.
try await Task.sleep(for: .milliseconds(500))
pgbenchCPU = CPUAccount.now().since(pgbenchCPUBefore)
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: pgbenchDatabase) WITH (FORCE)")
}
await admin.shutdown()
let tpsLine = pgbenchOutput.split(separator: "\n").first { $0.hasPrefix("tps = ") } ?? ""
let pgbenchTPS = Double(tpsLine.dropFirst("tps = ".count).split(separator: " ").first ?? "") ?? 0

// MARK: Report

let sorted = generationTimes.sorted()
print("generation: \(employees) members × 5 fixed shifts → \(created) shifts")
print(String(format: "  first-time generation: best %.0f ms, median %.0f ms over %d runs (target < 3000 ms)", sorted.first ?? 0, sorted[sorted.count / 2], sorted.count))
print(String(format: "  idempotent re-run (nothing to create): %.0f ms", idempotentMs))
print("marketplace: \(clients) concurrent clients, \(Int(tradeSeconds)) s")
print(String(format: "  pick-up + approval: %d pairs in %.1f s = %.1f pairs/s (%.1f transactions/s)", completed, tradeElapsed, tradesPerSecond, 2 * tradesPerSecond))
print(String(format: "  statements per pick-up + approval pair: %.1f (BEGIN and COMMIT included; ", statementsPerPair) + "prepared statements \(environment["PREPARED"] == "0" ? "off" : "on"))")
print(String(format: "  pgbench simple-update: %.1f tps (%d clients × %d transactions)", pgbenchTPS, clients, pgbenchTransactions))
print(String(format: "  ratio (pick-up+approval pairs/s ÷ pgbench tps): %.3f; (marketplace transactions/s ÷ pgbench tps): %.3f",
             pgbenchTPS > 0 ? tradesPerSecond / pgbenchTPS : 0, pgbenchTPS > 0 ? 2 * tradesPerSecond / pgbenchTPS : 0))

// Where the CPU goes, per pair and per pgbench transaction (µs; see CPUAccount). With the machine's
// cores saturated the rate ratio approaches the CPU ratio, so the server's share alone bounds it.
let clientPerPair = tradeCPU.ownProcess / Double(max(completed, 1)) * 1e6
let serverPerPair = tradeCPU.server / Double(max(completed, 1)) * 1e6
let pgbenchCount = Double(clients * pgbenchTransactions)
let pgbenchClientPerTx = pgbenchCPU.waitedChildren / pgbenchCount * 1e6
let pgbenchServerPerTx = pgbenchCPU.server / pgbenchCount * 1e6
if !skipPgbench {
    print(String(format: "  CPU per pair (µs): ours client %.0f + server %.0f = %.0f; pgbench per transaction: client %.1f + server %.1f = %.1f",
                 clientPerPair, serverPerPair, clientPerPair + serverPerPair, pgbenchClientPerTx, pgbenchServerPerTx, pgbenchClientPerTx + pgbenchServerPerTx))
    let pgbenchPerTx: Double = pgbenchClientPerTx + pgbenchServerPerTx
    let cpuRatio: Double = pgbenchPerTx / Swift.max(clientPerPair + serverPerPair, 0.001)
    let serverOnlyRatio: Double = pgbenchPerTx / Swift.max(serverPerPair, 0.001)
    print(String(format: "  CPU ratio (pgbench CPU per transaction ÷ ours per pair): %.3f; with our client free: %.3f (the server's SQL alone)",
                 cpuRatio, serverOnlyRatio))
}
