import Foundation

/// One numbered SQL file, e.g. `0001_accounts.sql`.
public struct Migration: Sendable, Hashable {
    public var version: Int
    /// The part after the number: `accounts` for `0001_accounts.sql`.
    public var name: String
    public var fileName: String
    /// SHA-256 of the file's bytes, lowercase hex.
    public var checksum: String
    public var sql: String

    public init(version: Int, name: String, fileName: String, checksum: String, sql: String) {
        self.version = version
        self.name = name
        self.fileName = fileName
        self.checksum = checksum
        self.sql = sql
    }
}

/// A row of `schema_migrations`.
public struct AppliedMigration: Sendable, Hashable {
    public var version: Int
    public var name: String
    public var checksum: String
    public var appliedAt: Date
}

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

/// A migration problem that needs a human: a bad file name, a gap, a changed file, a failing script.
public struct MigrationError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
