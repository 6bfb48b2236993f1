import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts an embedded cluster and stops it again when the process that started it ends, however it
/// ends (SIGKILL and crashes included).
///
/// `pg_ctl start` detaches the postmaster (its own session, parented to init), so nothing tied its
/// life to ours: a server killed with SIGKILL left PostgreSQL running with the data folder, its
/// memory and its socket. The supervisor is a small shell process that runs `pg_ctl start` itself and
/// then reads a pipe whose only writer is this process. The kernel closes that end when this process
/// exits for any reason; the read ends, and the supervisor asks the postmaster it started for a fast
/// shutdown (SIGINT), unless that postmaster is gone already (a normal stop) or the data folder names
/// a newer one. Because the supervisor, not this process, waits for `pg_ctl start`, a server killed
/// halfway through starting the cluster leaves nothing running either.
final class ClusterSupervisor: Sendable {
    /// The supervisor's process (or `runuser`'s, which waits for it).
    let pid: pid_t
    /// The write end of the lifeline; closing it lets the supervisor go.
    private let lifeline: LockedBox<Int32>

    private init(pid: pid_t, lifeline: Int32) {
        self.pid = pid
        self.lifeline = LockedBox(lifeline)
    }

    /// `$1` pg_ctl, `$2` data folder, `$3` runuser and `$4` the user to run pg_ctl as (both empty: as
    /// ourselves), then `pg_ctl start`'s other arguments. fd 0 is the lifeline, fd 3 receives pg_ctl's exit status as
    /// one line. Signals are ignored: only the end of the lifeline ends it (a Ctrl-C in a terminal
    /// reaches the whole process group, and the server stops the cluster itself on the way out).
    static let script = """
        trap '' INT TERM HUP QUIT
        pg_ctl=$1; data=$2; runuser=$3; user=$4; shift 4
        if [ -n "$user" ]; then
            set -- "$runuser" -u "$user" -- "$pg_ctl" start -D "$data" "$@"
        else
            set -- "$pg_ctl" start -D "$data" "$@"
        fi
        "$@" </dev/null 3>&-
        status=$?
        echo "$status" >&3
        exec 3>&- >/dev/null 2>&1
        [ "$status" -eq 0 ] || exit "$status"
        read -r postmaster _ < "$data/postmaster.pid" || exit 0
        cat
        read -r current _ < "$data/postmaster.pid" || exit 0
        [ "$current" = "$postmaster" ] && kill -INT "$postmaster"
        exit 0
        """

    /// Runs `pg_ctl start -D dataDirectory arguments…` under a new supervisor and waits for it.
    /// Returns the supervisor when the cluster started, with pg_ctl's output either way.
    static func start(
        pgCtl: String, dataDirectory: String, arguments: [String], runAsUser: String?
    ) throws -> (supervisor: ClusterSupervisor?, outcome: ExternalCommand.Outcome) {
        let lifeline = try Self.makePipe()
        let report: [Int32]
        do {
            report = try Self.makePipe()
        } catch {
            close(lifeline[0])
            close(lifeline[1])
            throw error
        }
        let command = ExternalCommand(
            executable: "/bin/sh",
            arguments: ["-c", script, "shifty-cluster-supervisor", pgCtl, dataDirectory, runAsUser == nil ? "" : ExternalCommand.runuserPath, runAsUser ?? ""]
                + arguments
        )
        let spawned: ExternalCommand.Spawned
        do {
            spawned = try command.spawn(standardInput: lifeline[0], extraDescriptor: report[1])
        } catch {
            for descriptor in lifeline + report { close(descriptor) }
            throw error
        }
        close(lifeline[0])
        close(report[1])
        let statusLine = Self.readLine(report[0])
        close(report[0])
        let output = spawned.output()
        if let status = Int32(statusLine.trimmingCharacters(in: .whitespacesAndNewlines)), status == 0 {
            return (ClusterSupervisor(pid: spawned.pid, lifeline: lifeline[1]), .init(status: 0, output: output))
        }
        // pg_ctl failed, or the supervisor died before reporting: it has exited (or is about to).
        close(lifeline[1])
        let exitStatus = spawned.wait()
        let status = Int32(statusLine.trimmingCharacters(in: .whitespacesAndNewlines)) ?? (exitStatus == 0 ? 1 : exitStatus)
        return (nil, .init(status: status, output: output))
    }

    /// Lets the supervisor go (after a normal stop it finds no postmaster and exits) and reaps it.
    func release() {
        let descriptor = lifeline.withLock { descriptor -> Int32 in
            defer { descriptor = -1 }
            return descriptor
        }
        guard descriptor >= 0 else { return }
        close(descriptor)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Up to the first newline (or the end): the status line, without waiting for an end-of-file
    /// that a lingering copy of the descriptor could hold off.
    private static func readLine(_ descriptor: Int32) -> String {
        var data: [UInt8] = []
        var byte: UInt8 = 0
        while data.count < 64 {
            let count = read(descriptor, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { break }
                data.append(byte)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A pipe whose ends are not inherited by programs we start (each is handed over explicitly).
    private static func makePipe() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw EmbeddedPostgresError("could not create a pipe for the cluster supervisor: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }
}
