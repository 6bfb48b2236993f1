import Foundation

/// What /proc says about the server process under test.
struct ServerProcess {
    let pid: Int32

    var isAlive: Bool { kill(pid, 0) == 0 }

    /// Resident set size in KiB (VmRSS).
    var residentKiB: Int? { statusField("VmRSS:") }

    /// Open file descriptors (entries of /proc/PID/fd).
    var openDescriptors: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// The soft "Max open files" limit.
    var descriptorLimit: Int? {
        guard let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8) else { return nil }
        for line in limits.split(separator: "\n") where line.hasPrefix("Max open files") {
            return Int(line.dropFirst("Max open files".count).split(separator: " ").first ?? "")
        }
        return nil
    }

    private func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

extension ServerProcess {
    /// utime and stime in clock ticks (/proc/PID/stat fields 14 and 15).
    var cpuTicks: [Int]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return [user, system]
    }
}
