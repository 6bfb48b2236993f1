import Foundation

/// Locates `initdb` and `pg_ctl`: first on `PATH`, then in `/usr/lib/postgresql/<version>/bin`
/// (Debian's layout, which does not put them on `PATH`), preferring the highest version.
struct PostgresServerBinaries: Sendable {
    var initdb: String
    var pgCtl: String

    static let installHint = "PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in /usr/lib/postgresql/*/bin; install with `apt-get install postgresql`"

    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresServerBinaries {
        for directory in candidateDirectories(environment: environment) {
            let initdb = (directory as NSString).appendingPathComponent("initdb")
            let pgCtl = (directory as NSString).appendingPathComponent("pg_ctl")
            if FileManager.default.isExecutableFile(atPath: initdb), FileManager.default.isExecutableFile(atPath: pgCtl) {
                return PostgresServerBinaries(initdb: initdb, pgCtl: pgCtl)
            }
        }
        throw EmbeddedPostgresError(installHint)
    }

    static func candidateDirectories(environment: [String: String]) -> [String] {
        let path = environment["PATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { name -> (Double, String)? in
                guard let number = Double(name) else { return nil }
                return (number, "\(root)/\(name)/bin")
            }
            .sorted { $0.0 > $1.0 }
            .map(\.1)
        return path + versions
    }
}
