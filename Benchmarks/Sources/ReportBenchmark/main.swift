import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer

// The monthly timeclock report for a large workplace, end to end: the same
// `ReportService.monthlyReport` that `shifty report` and the HTTP endpoint call (five queries,
// then the domain calculator per member), plus rendering it as CSV, payroll CSV and JSON.
// Breaks and employment periods are in play: a break rule (over 5 h 30 includes 30 minutes),
// every fifth member with contract hours, a third on the fixed quota, the rest expected by their
// shifts (one per working day), one in ten joining on the 15th and one in ten leaving on the 20th.
//
//   swift run -c release --package-path Benchmarks ReportBenchmark "host=/tmp/pg/socket user=shifty dbname=postgres"
//
// Creates (and afterwards drops) the database `shifty_report_bench` on that server, migrates it
// from sql/, and fills it with EMPLOYEES members × 22 working days × 4 punches in October 2026.

let arguments = CommandLine.arguments.dropFirst()
guard let conninfo = arguments.first ?? ProcessInfo.processInfo.environment["SHIFTY_BENCH_PG"] else {
    FileHandle.standardError.write(Data("usage: ReportBenchmark <libpq conninfo of a server where we may create a database>\n".utf8))
    exit(64)
}
let employees = Int(ProcessInfo.processInfo.environment["EMPLOYEES"] ?? "") ?? 1000
let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 10
// TERMS=0 leaves out shifts, employment terms and the break rule (the issue-6 shape of the data).
let withTerms = ProcessInfo.processInfo.environment["TERMS"] != "0"
let databaseName = "shifty_report_bench"
var logger = Logger(label: "report-benchmark")
logger.logLevel = .warning

let admin = PostgresPool(configuration: PostgresConfiguration(connectionString: conninfo, poolSize: 1), logger: logger)
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName)")
_ = try await admin.execute("CREATE DATABASE \(sql: databaseName)")
let pool = PostgresPool(configuration: PostgresConfiguration(connectionString: conninfo + " dbname=\(databaseName)", poolSize: 2), logger: logger)

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
_ = try await MigrationRunner(directory: root.appendingPathComponent("sql")).migrate(pool: pool, logger: logger)

let setupStart = ContinuousClock.now
let workplaceID = try await pool.query(
    "INSERT INTO workplaces (slug, name, time_zone) VALUES ('bench', 'Benchmark', 'Europe/Amsterdam') RETURNING id"
)[0].decode("id", as: Int64.self)
_ = try await pool.execute(PostgresQuery(sql: """
    INSERT INTO users (workplace_id, username, display_name, role, pay_type, password_hash)
    SELECT $1, 'member' || lpad(n::text, 5, '0'), 'Member ' || n, 'employee',
           CASE WHEN n % 4 = 0 THEN 'diligence' ELSE 'normal' END, 'not-a-hash'
    FROM generate_series(1, $2) AS n
    """, parameters: [workplaceID, employees]))
// Four punches on each weekday of October 2026 (22 days), a few minutes apart per member.
let punches = try await pool.execute(PostgresQuery(sql: """
    INSERT INTO punches (workplace_id, user_id, at, kind, source)
    SELECT $1, u.id, (d + t.offset_time + (u.id % 13) * interval '1 minute') AT TIME ZONE 'Europe/Amsterdam', t.kind, 'demo'
    FROM users u
    CROSS JOIN generate_series('2026-10-01'::timestamp, '2026-10-31'::timestamp, interval '1 day') AS d
    CROSS JOIN (VALUES (interval '08:00', 'in'), (interval '12:00', 'out'), (interval '12:30', 'in'), (interval '17:15', 'out')) AS t(offset_time, kind)
    WHERE u.workplace_id = $1 AND extract(isodow FROM d) < 6
    """, parameters: [workplaceID]))
// Employment terms, shifts and the break rule.
var shifts = 0
if withTerms {
_ = try await pool.execute(PostgresQuery(sql: """
    UPDATE users SET
        employment_start = CASE WHEN id % 10 = 0 THEN DATE '2026-10-15' ELSE DATE '2026-01-01' END,
        employment_end = CASE WHEN id % 10 = 1 THEN DATE '2026-10-20' END,
        works_fixed_quota = (id % 3 = 0),
        contract_minutes_per_week = CASE WHEN id % 5 = 0 THEN 1800 END
    WHERE workplace_id = $1
    """, parameters: [workplaceID]))
shifts = try await pool.execute(PostgresQuery(sql: """
    INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position)
    SELECT $1, u.id, d::date, (d + interval '08:00') AT TIME ZONE 'Europe/Amsterdam', (d + interval '17:00') AT TIME ZONE 'Europe/Amsterdam', 'floor'
    FROM users u CROSS JOIN generate_series('2026-10-01'::timestamp, '2026-10-31'::timestamp, interval '1 day') AS d
    WHERE u.workplace_id = $1 AND extract(isodow FROM d) < 6
    """, parameters: [workplaceID]))
_ = try await pool.execute(PostgresQuery(sql: """
    UPDATE workplaces SET settings = jsonb_set(settings, '{timeclock}', '{"breakRules": [{"afterMinutes": 330, "breakMinutes": 30}]}'::jsonb)
    WHERE id = $1
    """, parameters: [workplaceID]))
} else {
    // The seed's model for everyone: employed all year, every quota day a working day.
    _ = try await pool.execute(PostgresQuery(sql: "UPDATE users SET employment_start = DATE '2026-01-01', works_fixed_quota = true WHERE workplace_id = $1", parameters: [workplaceID]))
}
_ = try await pool.execute("ANALYZE")
let setup = ContinuousClock.now - setupStart

guard let month = ReportMonth("2026-10") else { fatalError("bad month") }
let service = ReportService(pool: pool)
let now = Date()
var reportTimes: [Duration] = []
var renderTimes: [Duration] = []
var checksum = 0
for run in 0...runs {
    let start = ContinuousClock.now
    let report = try await service.monthlyReport(workplaceSlug: "bench", month: month, now: now)
    let built = ContinuousClock.now
    let csv = report.csv
    let json = try JSONEncoder().encode(report)
    let rendered = ContinuousClock.now
    checksum = report.totals.workedMinutes + report.totals.breakMinutes + report.totals.absences + csv.utf8.count + json.count
    precondition(report.totals.punches == punches, "report saw \(report.totals.punches) punches, inserted \(punches)")
    if run > 0 {  // run 0 warms caches
        reportTimes.append(built - start)
        renderTimes.append(rendered - built)
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
func summary(_ durations: [Duration]) -> String {
    let sorted = durations.map(milliseconds).sorted()
    guard let first = sorted.first, let last = sorted.last else { return "-" }
    return String(format: "min %.1f ms, median %.1f ms, max %.1f ms", first, sorted[sorted.count / 2], last)
}
// The payroll export builds every member's days too: measured separately.
var payrollTimes: [Duration] = []
var payrollLines = 0
for run in 0...runs {
    let start = ContinuousClock.now
    let report = try await service.monthlyReport(workplaceSlug: "bench", month: month, now: now, includeDays: true)
    let payroll = report.payrollCSV
    if run > 0 { payrollTimes.append(ContinuousClock.now - start) }
    payrollLines = payroll.split(separator: "\r\n").count
}
let last = try await service.monthlyReport(workplaceSlug: "bench", month: month, now: now)
print("employees: \(employees) (in report: \(last.totals.employees)), punches: \(punches), shifts: \(shifts), setup: \(String(format: "%.1f", milliseconds(setup))) ms, runs: \(runs)")
print("worked \(last.totals.workedMinutes) min, breaks \(last.totals.breakMinutes) min, paid \(last.totals.paidMinutes) min, absences \(last.totals.absences)")
print("monthly report (5 queries + calculation): \(summary(reportTimes))")
print("render CSV + JSON:                        \(summary(renderTimes))")
print("payroll export (report with days + CSV):  \(summary(payrollTimes)), \(payrollLines) lines")
print("checksum \(checksum)")

await pool.shutdown()
_ = try await admin.execute("DROP DATABASE IF EXISTS \(sql: databaseName)")
await admin.shutdown()
