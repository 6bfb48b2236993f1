/// Where the database stands relative to the migration files (for `/readyz` and
/// `shifty migrate --status`).
public struct MigrationStatus: Sendable {
    public var applied: [AppliedMigration]
    /// Files not applied yet, in order.
    public var pending: [Migration]
    /// Files that were applied but whose content changed since.
    public var tampered: [Migration]
    /// Versions recorded in the database without a file (the database is ahead of this build).
    public var unknown: [AppliedMigration]

    /// Nothing pending and nothing tampered with.
    public var isUpToDate: Bool { pending.isEmpty && tampered.isEmpty }
}
