import Foundation

/// A row of `schema_migrations`.
public struct AppliedMigration: Sendable, Hashable {
    public var version: Int
    public var name: String
    public var checksum: String
    public var appliedAt: Date
}
