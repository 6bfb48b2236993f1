import Foundation
import ShiftyPostgres

/// The database work of `GET /api/v1/marketplace` (the session lookup, then the shifts on offer),
/// callable without HTTP, with its SQL: Benchmarks/Sources/MarketplaceReadBenchmark runs it through
/// our libpq layer and the same SQL through `pgbench -M prepared`, to show what the layer costs.
public enum MarketplaceRead {
    /// The two statements, in order: `$1` token hash; then `$1` workplace id, `$2` now.
    public static var statements: [String] { [SessionStore.lookupSQL, MarketplaceQueries.suppliedSQL] }

    /// Runs the read as the route does (one pooled connection, rows decoded into the API's views);
    /// returns how many shifts are on offer, or nil when the token has no session.
    public static func run(token: String, now: Date = Date(), pool: PostgresPool) async throws -> Int? {
        try await pool.withConnection { connection -> Int? in try run(token: token, now: now, on: connection) }
    }

    /// The same read on a connection the caller holds, on the caller's thread: the benchmark's
    /// measure of what the read costs without the pool's hand-off to its own threads.
    public static func run(token: String, now: Date = Date(), on connection: PostgresConnection) throws -> Int? {
        guard let caller = try SessionStore.lookup(token: token, presentedAs: .bearer, on: connection) else { return nil }
        return try MarketplaceQueries.supplied(workplaceID: caller.workplaceID, now: now, on: connection).count
    }
}
