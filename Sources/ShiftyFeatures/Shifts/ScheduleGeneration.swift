import Foundation
import ShiftyPostgres

/// Public entry points to schedule generation, for the command line and the benchmarks
/// (the HTTP routes and the maintenance service use the internal types directly).
public enum ScheduleGeneration {
    /// Generates every workplace's schedule eight weeks ahead, as the daily job does; returns how
    /// many shifts were created, or `nil` when another instance holds the generation lock.
    public static func generateAll(pool: PostgresPool, asOf now: Date = Date()) async throws -> Int? {
        try await ScheduleMaintenanceService.generateOnce(pool: pool, asOf: now)
    }
}
