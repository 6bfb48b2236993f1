import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file next to the data folder, so two processes (two test runs, or
/// `shifty serve` started twice) never run initdb/pg_ctl on the same cluster at the same time.
struct ClusterLock: Sendable {
    let path: String
    let timeout: Duration

    /// Waits (bounded) for the lock, runs `body`, and releases the lock.
    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let path = self.path
        let timeout = self.timeout
        let descriptor = try await NIOThreadPool.singleton.runIfActive { () throws -> Int32 in
            let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw EmbeddedPostgresError("could not open \(path): \(String(cString: strerror(errno)))")
            }
            let deadline = ContinuousClock.now + timeout
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                    close(descriptor)
                    throw EmbeddedPostgresError(
                        "could not lock \(path) within \(timeout): another process seems stuck starting or stopping PostgreSQL"
                    )
                }
                usleep(50_000)
            }
            return descriptor
        }
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        return try await body()
    }
}
