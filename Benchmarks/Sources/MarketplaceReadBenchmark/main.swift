import BenchmarkSupport
import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer

// The marketplace read (`GET /api/v1/marketplace`'s database work: session lookup by token hash, then
// the workplace's shifts on offer, rows decoded into the API's views) through our libpq layer, against
// `pgbench -M prepared` running the very same two statements with the same parameters, same server,
// same client count (issue 14: goal >= 0.9 of pgbench). Also run with prepared statements switched
// off (`preparedStatementCapacity = 0`), which is how every statement ran before.
//
//   swift run -c release --package-path Benchmarks MarketplaceReadBenchmark "host=/tmp/pg/socket user=shifty dbname=postgres"
//
// Knobs: CLIENTS (4), READ_SECONDS (10), PGBENCH_TRANSACTIONS (20000 per client), MEMBERS (40),
// SUPPLIED (25 shifts on offer). Creates and drops the database shifty_read_bench.

let arguments = CommandLine.arguments.dropFirst()
guard let conninfo = arguments.first ?? ProcessInfo.processInfo.environment["SHIFTY_BENCH_PG"] else {
    FileHandle.standardError.write(Data("usage: MarketplaceReadBenchmark <libpq conninfo of a server where we may create databases>\n".utf8))
    exit(64)
}
let environment = ProcessInfo.processInfo.environment
let clients = Int(environment["CLIENTS"] ?? "") ?? 4
let readSeconds = Double(environment["READ_SECONDS"] ?? "") ?? 10
let pgbenchTransactions = Int(environment["PGBENCH_TRANSACTIONS"] ?? "") ?? 20_000
let members = Int(environment["MEMBERS"] ?? "") ?? 40
let supplied = Int(environment["SUPPLIED"] ?? "") ?? 25
// Profiling knobs (BENCHMARKS.md, issue 14 session 6): READ_COUNT reads per client instead of
// READ_SECONDS (a fixed amount of work, so `valgrind --tool=callgrind` instruction counts of two runs
// can be subtracted: per read, whatever the load); SKIP_UNNAMED=1 and SKIP_PGBENCH=1 leave those out.
let readCount = Int(environment["READ_COUNT"] ?? "")
let skipUnnamed = environment["SKIP_UNNAMED"] == "1"
let skipPgbench = environment["SKIP_PGBENCH"] == "1"
let databaseName = "shifty_read_bench"
let logger: Logger = {
    var logger = Logger(label: "marketplace-read-benchmark")
    logger.logLevel = .warning
    return logger
}()

let admin = PostgresPool(configuration: PostgresConfiguration(connectionString: conninfo, poolSize: 1), logger: logger)
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName) WITH (FORCE)")
// The server's CPU is counted over this cluster's processes only (BenchmarkSupport.CPUAccount).
CPUAccount.usePostmaster(ofDataDirectory: try await admin.query("SHOW data_directory")[0].decode(0, as: String.self))
_ = try await admin.execute("CREATE DATABASE \(sql: databaseName)")
let benchConninfo = try PostgresConnectionString.replacingDatabase(in: conninfo, with: databaseName)
let setup = PostgresPool(configuration: PostgresConfiguration(connectionString: benchConninfo, poolSize: 1, statementTimeout: nil), logger: logger)
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
_ = try await MigrationRunner(directory: root.appendingPathComponent("sql")).migrate(pool: setup, logger: logger)

// A café: MEMBERS members with a shift a day for eight weeks, SUPPLIED of them on offer.
let workplaceID: Int64 = try await setup.query(
    "INSERT INTO workplaces (slug, name, time_zone) VALUES ('read', 'Read bench', 'Europe/Amsterdam') RETURNING id")[0].decode("id")
_ = try await setup.execute(PostgresQuery(sql: """
    INSERT INTO users (workplace_id, username, display_name, role, password_hash)
    SELECT $1, 'member' || n, 'Member ' || n, CASE WHEN n = 1 THEN 'manager' ELSE 'employee' END, 'not-a-hash'
    FROM generate_series(1, $2::int) AS n
    """, parameters: [workplaceID, Int64(members)]))
_ = try await setup.execute(PostgresQuery(sql: """
    INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position)
    SELECT $1, u.id, current_date + d, (current_date + d + time '09:00') AT TIME ZONE 'Europe/Amsterdam',
           (current_date + d + time '17:00') AT TIME ZONE 'Europe/Amsterdam', 'bar'
    FROM users u CROSS JOIN generate_series(1, 56) AS d WHERE u.workplace_id = $1
    """, parameters: [workplaceID]))
_ = try await setup.execute(PostgresQuery(sql: """
    UPDATE shifts SET status = 'supplied' WHERE id IN (
        SELECT id FROM shifts WHERE workplace_id = $1 ORDER BY (id * 7919) % 1000, id LIMIT $2)
    """, parameters: [workplaceID, Int64(supplied)]))
let token = "read-benchmark-token-0123456789abcdef"
_ = try await setup.execute(PostgresQuery(sql: """
    INSERT INTO sessions (token_hash, user_id, kind, expires_at)
    SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex'), id, 'bearer', now() + interval '1 day'
    FROM users WHERE workplace_id = $2 AND username = 'member2'
    """, parameters: [token, workplaceID]))
_ = try await setup.execute("ANALYZE")
let tokenHash: String = try await setup.query("SELECT token_hash FROM sessions LIMIT 1")[0].decode("token_hash")
await setup.shutdown()

// MARK: Our layer

let now = Date()
func ourReads(preparedStatements: Bool) async throws -> (perSecond: Double, shifts: Int, reads: Int, cpu: CPUAccount) {
    var configuration = PostgresConfiguration(connectionString: benchConninfo, poolSize: clients, statementTimeout: nil)
    configuration.preparedStatementCapacity = preparedStatements ? 256 : 0
    let pool = PostgresPool(configuration: configuration, logger: logger)
    let marketplace = MarketplaceService(pool: pool, logger: logger, clock: { now })
    guard let shifts = try await marketplace.suppliedCount(token: token), shifts == supplied else {
        fatalError("the marketplace read did not find the \(supplied) shifts on offer")
    }
    // Warm-up: every connection opened and (when on) its statements prepared.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<clients { group.addTask { for _ in 0..<200 { _ = try await marketplace.suppliedCount(token: token) } } }
        try await group.waitForAll()
    }
    let deadline = ContinuousClock.now + .milliseconds(Int64(readSeconds * 1000))
    let cpuBefore = CPUAccount.now()
    let start = ContinuousClock.now
    let reads = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<clients {
            group.addTask {
                var done = 0
                while readCount.map({ done < $0 }) ?? (ContinuousClock.now < deadline) {
                    _ = try await marketplace.suppliedCount(token: token)
                    done += 1
                }
                return done
            }
        }
        return try await group.reduce(0, +)
    }
    let elapsed = ContinuousClock.now - start
    let cpu = CPUAccount.now().since(cpuBefore)
    await pool.shutdown()
    return (Double(reads) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18), shifts, reads, cpu)
}

/// The floor of our layer: each client a thread of its own holding its own connection, with no pool
/// and no hand-off between threads (what pgbench's clients do). Not how the server runs (its pool
/// keeps blocking calls off the event loops and the cooperative pool); printed beside the plain
/// figure to show what the hand-off costs.
func directReads() throws -> (perSecond: Double, reads: Int, cpu: CPUAccount) {
    let configuration = PostgresConfiguration(connectionString: benchConninfo, poolSize: 1, statementTimeout: nil)
    let connections = try (0..<clients).map { _ in try PostgresConnection.connect(configuration: configuration) }
    // Only its reads on a held connection are used: the pool is never asked for a connection.
    let marketplace = MarketplaceService(pool: PostgresPool(configuration: configuration, logger: logger), logger: logger, clock: { now })
    for connection in connections { for _ in 0..<200 { _ = try marketplace.suppliedCount(token: token, on: connection) } }
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: clients)
    counts.initialize(repeating: 0)
    defer { counts.deallocate() }
    let finished = DispatchGroup()
    let deadline = ContinuousClock.now + .milliseconds(Int64(readSeconds * 1000))
    let cpuBefore = CPUAccount.now()
    let start = ContinuousClock.now
    for (index, connection) in connections.enumerated() {
        finished.enter()
        let box = UnsafeSendable((connection, counts))
        Thread.detachNewThread {
            let (connection, counts) = box.value
            var done = 0
            while readCount.map({ done < $0 }) ?? (ContinuousClock.now < deadline) {
                _ = try? marketplace.suppliedCount(token: token, on: connection)
                done += 1
            }
            counts[index] = done
            finished.leave()
        }
    }
    finished.wait()
    let elapsed = ContinuousClock.now - start
    let cpu = CPUAccount.now().since(cpuBefore)
    for connection in connections { connection.close() }
    let reads = counts.reduce(0, +)
    return (Double(reads) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18), reads, cpu)
}
struct UnsafeSendable<T>: @unchecked Sendable { let value: T; init(_ value: T) { self.value = value } }

let prepared = try await ourReads(preparedStatements: true)
let direct = environment["SKIP_DIRECT"] == "1" ? (perSecond: 0.0, reads: 0, cpu: CPUAccount.zero) : try directReads()
let unnamed: (perSecond: Double, shifts: Int, reads: Int, cpu: CPUAccount) =
    if skipUnnamed { (0, 0, 0, CPUAccount.zero) } else { try await ourReads(preparedStatements: false) }

// MARK: pgbench, same SQL

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

let formatter = ISO8601DateFormatter()
formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
let variables = [
    ["hash": tokenHash],
    ["workplace": String(workplaceID), "now": formatter.string(from: now)],
]
// `$n` → `:name` (pgbench's variables, sent as parameters of a named statement with -M prepared).
// pgbench would also take the `:MI` inside the literal 'HH24:MI' for a variable: there the colon is
// spelled `chr(58)`, an immutable call the planner folds into the same constant.
var script = ""
for (index, statement) in MarketplaceService.marketplaceReadStatements.enumerated() {
    var text = statement.replacingOccurrences(of: "'HH24:MI'", with: "'HH24' || chr(58) || 'MI'")
    let names = index == 0 ? ["hash"] : ["workplace", "now"]
    for (position, name) in names.enumerated().reversed() {
        text = text.replacingOccurrences(of: "$\(position + 1)", with: ":\(name)")
    }
    script += text + ";\n"
}
let scriptURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("shifty-marketplace-read-\(getpid()).sql")
try script.write(to: scriptURL, atomically: true, encoding: .utf8)
defer { try? FileManager.default.removeItem(at: scriptURL) }
let definitions = variables.flatMap { $0.map { ["-D", "\($0.key)=\($0.value)"] } }.flatMap { $0 }
let pgbench = ["/usr/lib/postgresql/15/bin/pgbench", "/usr/bin/pgbench"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "pgbench"
func pgbenchTPS(_ mode: String) throws -> (tps: Double, cpu: CPUAccount) {
    let cpuBefore = CPUAccount.now()
    let output = try run(pgbench, ["-n", "-M", mode, "-f", scriptURL.path, "-c", "\(clients)", "-j", "\(min(clients, 2))", "-t", "\(pgbenchTransactions)"] + definitions + [benchConninfo])
    let line = output.split(separator: "\n").first { $0.hasPrefix("tps = ") } ?? ""
    // pgbench's backends end with it; the postmaster reaps them (and adds their CPU to its own
    // cutime) a moment later.
    Thread.sleep(forTimeInterval: 0.5)
    return (Double(line.dropFirst("tps = ".count).split(separator: " ").first ?? "") ?? 0, CPUAccount.now().since(cpuBefore))
}
let (pgbenchPrepared, pgbenchPreparedCPU) = if skipPgbench { (0.0, CPUAccount.zero) } else { try pgbenchTPS("prepared") }
let pgbenchExtended: Double = if skipPgbench { 0 } else { try pgbenchTPS("extended").tps }

_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName) WITH (FORCE)")
await admin.shutdown()

print("marketplace read: session lookup + \(supplied) shifts on offer (\(members) members × 56 days), \(clients) clients")
print(String(format: "  ours, prepared statements:   %8.1f reads/s (%.0f s)", prepared.perSecond, readSeconds))
print(String(format: "  ours, unnamed (as before):   %8.1f reads/s", unnamed.perSecond))
print(String(format: "  pgbench -M prepared:         %8.1f tps (%d clients × %d)", pgbenchPrepared, clients, pgbenchTransactions))
print(String(format: "  pgbench -M extended:         %8.1f tps", pgbenchExtended))
print(String(format: "  ratio ours prepared ÷ pgbench prepared: %.3f (goal >= 0.9); unnamed ÷ pgbench extended: %.3f",
             pgbenchPrepared > 0 ? prepared.perSecond / pgbenchPrepared : 0, pgbenchExtended > 0 ? unnamed.perSecond / pgbenchExtended : 0))
// Where the CPU goes, per read and per pgbench transaction (µs; load-independent-ish, see CPUAccount).
let pgbenchCount = Double(clients * pgbenchTransactions)
let ourClientPerRead = prepared.cpu.ownProcess / Double(max(prepared.reads, 1)) * 1e6
let ourServerPerRead = prepared.cpu.server / Double(max(prepared.reads, 1)) * 1e6
let pgbenchClientPerRead = pgbenchPreparedCPU.waitedChildren / pgbenchCount * 1e6
let pgbenchServerPerRead = pgbenchPreparedCPU.server / pgbenchCount * 1e6
if !skipPgbench {
    print(String(format: "  CPU per read (µs): ours client %.1f + server %.1f = %.1f; pgbench client %.1f + server %.1f = %.1f",
                 ourClientPerRead, ourServerPerRead, ourClientPerRead + ourServerPerRead,
                 pgbenchClientPerRead, pgbenchServerPerRead, pgbenchClientPerRead + pgbenchServerPerRead))
    if direct.reads > 0 {
        let directClient = direct.cpu.ownProcess / Double(direct.reads) * 1e6
        let directServer = direct.cpu.server / Double(direct.reads) * 1e6
        print(String(format: "  floor without the pool (a thread and a connection per client, not how the server runs): %.1f reads/s = %.3f of pgbench; CPU per read client %.1f + server %.1f µs",
                     direct.perSecond, pgbenchPrepared > 0 ? direct.perSecond / pgbenchPrepared : 0, directClient, directServer))
    }
    let cpuRatio: Double = (pgbenchClientPerRead + pgbenchServerPerRead) / Swift.max(ourClientPerRead + ourServerPerRead, 0.001)
    print(String(format: "  CPU ratio (pgbench's CPU per transaction ÷ ours per read): %.3f (the rate ratio when both saturate the cores)", cpuRatio))
}
print(String(format: "RESULT marketplace_read ours_prepared=%.1f ours_unnamed=%.1f pgbench_prepared=%.1f pgbench_extended=%.1f clients=%d",
             prepared.perSecond, unnamed.perSecond, pgbenchPrepared, pgbenchExtended, clients)
      + String(format: " cpu_us_client=%.1f cpu_us_server=%.1f pgbench_cpu_us_client=%.1f pgbench_cpu_us_server=%.1f",
               ourClientPerRead, ourServerPerRead, pgbenchClientPerRead, pgbenchServerPerRead))
