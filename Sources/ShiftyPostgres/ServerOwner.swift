import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The account the server runs as when we are root (PostgreSQL refuses to run as root).
struct ServerOwner: Sendable {
    var name: String
    var userID: uid_t
    var groupID: gid_t

    /// `nil` when we are not root and can run the server ourselves.
    static func current() throws -> ServerOwner? {
        guard geteuid() == 0 else { return nil }
        guard let entry = getpwnam("postgres") else {
            throw EmbeddedPostgresError(
                "running as root, but there is no `postgres` user to run PostgreSQL as; install with `apt-get install postgresql`"
            )
        }
        return ServerOwner(name: "postgres", userID: entry.pointee.pw_uid, groupID: entry.pointee.pw_gid)
    }

    func take(_ url: URL) throws {
        guard chown(url.path, userID, groupID) == 0 else {
            throw EmbeddedPostgresError("could not hand \(url.path) to the postgres user: \(String(cString: strerror(errno)))")
        }
    }
}
