#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// CPU time spent by the three parties of a database benchmark: this process (the client under
/// test), the PostgreSQL server's processes, and the child processes we waited for (pgbench).
///
/// Rates on a shared 2-core machine swing with the neighbours; CPU seconds per operation do far
/// less, and splitting them by party shows where a ratio against pgbench is lost: in our client or
/// in the SQL the server runs (issue 14). The server's share is read from `/proc/<pid>/stat` of every
/// process whose command is `postgres` (backends, WAL writer, checkpointer…), the same way for our
/// phase and pgbench's, so background work lands on both sides alike.
public struct CPUAccount: Sendable {
    /// CPU seconds (user + system).
    public var ownProcess: Double
    public var server: Double
    public var waitedChildren: Double

    public init(ownProcess: Double, server: Double, waitedChildren: Double) {
        self.ownProcess = ownProcess
        self.server = server
        self.waitedChildren = waitedChildren
    }

    public static let zero = CPUAccount(ownProcess: 0, server: 0, waitedChildren: 0)

    /// The PostgreSQL cluster whose processes count as the server: its postmaster's pid (the
    /// first line of `postmaster.pid` in `dataDirectory`). Other clusters on the machine (a
    /// colleague's test run) are left out. Set once before measuring; nil counts every `postgres`.
    nonisolated(unsafe) public static var postmaster: Int32?

    /// Finds the postmaster of the cluster at `dataDirectory` (from `SHOW data_directory`).
    public static func usePostmaster(ofDataDirectory dataDirectory: String) {
        guard let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
              let first = text.split(separator: "\n").first, let pid = Int32(first) else { return }
        postmaster = pid
    }

    /// Reads the three counters now.
    public static func now() -> CPUAccount {
        CPUAccount(ownProcess: rusageSeconds(RUSAGE_SELF.rawValue), server: postgresSeconds(), waitedChildren: rusageSeconds(RUSAGE_CHILDREN.rawValue))
    }

    /// What was spent between `earlier` and this reading.
    public func since(_ earlier: CPUAccount) -> CPUAccount {
        CPUAccount(ownProcess: ownProcess - earlier.ownProcess, server: server - earlier.server,
                   waitedChildren: waitedChildren - earlier.waitedChildren)
    }

    private static func rusageSeconds(_ who: __rusage_who_t) -> Double {
        var usage = rusage()
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Sum of utime + stime + cutime + cstime over the machine's `postgres` processes (fields 14 to
    /// 17 of `/proc/<pid>/stat`, in clock ticks). A backend that ended between two readings (pgbench
    /// disconnects at its end) is not lost: once the postmaster has reaped it, its CPU is in the
    /// postmaster's cutime/cstime; backends have no children, so nothing is counted twice.
    private static func postgresSeconds() -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var total = 0.0
        for entry in entries where entry.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                  stat[stat.index(after: open)..<close] == "postgres" else { continue }
            // Fields after the command: state is field 3, so utime (14) … cstime (17) are the
            // 12th to 15th after it.
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 14 else { continue }
            if let postmaster, Int32(entry) != postmaster, Int32(fields[1]) != postmaster { continue }
            total += fields[11...14].reduce(0.0) { $0 + (Double($1) ?? 0) } / ticks
        }
        return total
    }
}
