import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Freezes PostgreSQL processes with SIGSTOP and thaws them with SIGCONT: a database host that stops
/// answering without closing anything. The kernel keeps accepting connections and acknowledging
/// data for a stopped process, so clients see exactly what a hung server looks like.
///
/// Only for a cluster of the test's own (a frozen shared cluster would stall every other test).
/// Finding the postmaster's children reads `/proc` (Linux).
public enum PostgresFreezer {
    /// Whether ``freezeCluster(dataDirectory:)`` can find the processes (it reads `/proc`).
    public static var canFreezeClusters: Bool {
        FileManager.default.fileExists(atPath: "/proc/self/stat")
    }

    /// The postmaster's process id, from the first line of `<data>/postmaster.pid`.
    public static func postmasterPID(dataDirectory: URL) throws -> pid_t {
        let text = try String(contentsOf: dataDirectory.appendingPathComponent("postmaster.pid"), encoding: .utf8)
        guard let line = text.split(separator: "\n").first, let pid = pid_t(line.trimmingCharacters(in: .whitespaces)) else {
            throw ProxyError("postmaster.pid in \(dataDirectory.path) names no process")
        }
        return pid
    }

    /// Stops the postmaster first (so it starts no new process), then every process it started.
    /// Returns the stopped processes for ``thaw(_:)``.
    public static func freezeCluster(dataDirectory: URL) throws -> [pid_t] {
        let postmaster = try postmasterPID(dataDirectory: dataDirectory)
        try freeze(postmaster)
        let children = try childProcesses(of: postmaster)
        for child in children {
            try? freeze(child)  // one may have exited meanwhile
        }
        return [postmaster] + children
    }

    /// Stops one process (a backend: `pg_backend_pid()` of a connection).
    public static func freeze(_ pid: pid_t) throws {
        guard kill(pid, SIGSTOP) == 0 else { throw ProxyError("SIGSTOP to \(pid) failed: errno \(errno)") }
    }

    /// Continues stopped processes (children first, the order ``freezeCluster(dataDirectory:)`` returned
    /// them in reverse).
    public static func thaw(_ pids: [pid_t]) {
        for pid in pids.reversed() {
            _ = kill(pid, SIGCONT)
        }
    }

    /// The processes whose parent is `parent` (from `/proc/<pid>/stat`).
    static func childProcesses(of parent: pid_t) throws -> [pid_t] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let parentOfEntry = parentPID(inStat: stat), parentOfEntry == parent
            else { return nil }
            return pid
        }
    }

    /// `pid (comm) state ppid …`: the command may itself contain spaces and parentheses, so the
    /// fields are counted after the last `)`.
    static func parentPID(inStat stat: String) -> pid_t? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1 else { return nil }
        return pid_t(fields[1])
    }
}
