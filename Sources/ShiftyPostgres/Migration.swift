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
