import CLibPQ

/// The named server-side statements of one connection, keyed by SQL text and announced parameter types.
///
/// PostgreSQL parses, analyzes and plans every unnamed statement again; a named prepared statement is
/// parsed once per connection and its plan is cached (a marketplace read runs 4–5 times cheaper). The
/// cache is what makes that transparent to callers: ``PostgresConnection/query(_:_:)`` looks the SQL
/// up here and prepares it on first use. Pure bookkeeping, no I/O: the connection does the talking.
struct PreparedStatementCache {
    struct Key: Hashable {
        var sql: String
        var types: [Oid]
    }

    /// Statements prepared on the server process ``backendPID``.
    private(set) var names: [Key: String] = [:]
    /// Names prepared under a key that was dropped (its plan could not serve any more): deallocated on
    /// the server at the next chance outside a transaction.
    private(set) var staleNames: [String] = []
    /// The server process the names belong to; a different one (the connection was reset or
    /// re-established) knows none of them.
    private(set) var backendPID: Int32
    /// Most statements kept per connection; SQL beyond that runs unnamed (as before), so SQL text built
    /// at run time cannot grow the server's memory without bound.
    let capacity: Int
    private var nextNumber = 0

    init(backendPID: Int32, capacity: Int = 256) {
        self.backendPID = backendPID
        self.capacity = capacity
    }

    var count: Int { names.count }

    /// The statement's name when it is prepared on `backendPID`; forgets everything first if the
    /// connection now talks to another server process.
    mutating func name(for key: Key, backendPID: Int32) -> String? {
        if backendPID != self.backendPID {
            names.removeAll()
            staleNames.removeAll()
            self.backendPID = backendPID
        }
        return names[key]
    }

    /// A fresh name for `key`, or `nil` when the statement should run unnamed: it is not worth
    /// preparing, or the cache is full. The caller records it with ``prepared(_:as:)`` once the server
    /// accepted it.
    mutating func newName(for key: Key) -> String? {
        guard names.count < capacity, Self.isPlannable(key.sql) else { return nil }
        nextNumber += 1
        return "shifty_\(nextNumber)"
    }

    mutating func prepared(_ key: Key, as name: String) {
        names[key] = name
    }

    /// Drops a statement whose name the server no longer has (`keepName: false`) or whose cached plan
    /// cannot serve any more (a table's columns changed: it is deallocated later).
    mutating func forget(_ key: Key, keepName: Bool) {
        guard let name = names.removeValue(forKey: key) else { return }
        if keepName { staleNames.append(name) }
    }

    /// Forgets every statement (the server deallocated them all, e.g. `DEALLOCATE ALL`).
    mutating func forgetAll() {
        names.removeAll()
        staleNames.removeAll()
    }

    mutating func takeStaleNames() -> [String] {
        defer { staleNames.removeAll() }
        return staleNames
    }

    /// Statements with a plan (queries and data changes); utility statements (`BEGIN`, `SET`,
    /// `LISTEN`, DDL) gain nothing from a name.
    static func isPlannable(_ sql: String) -> Bool {
        var keyword = ""
        for character in sql.unicodeScalars {
            if keyword.isEmpty, character == "(" { return true }  // (SELECT …) UNION …
            if character.properties.isWhitespace {
                if keyword.isEmpty { continue }
                break
            }
            guard character.properties.isAlphabetic else { break }
            keyword.unicodeScalars.append(character)
            if keyword.count > 6 { return false }
        }
        switch keyword.uppercased() {
        case "SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES", "TABLE": return true
        default: return false
        }
    }
}
