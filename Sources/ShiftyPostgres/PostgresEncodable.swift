/// A Swift value that can be sent as a query parameter.
///
/// Values travel in PostgreSQL's text format through `PQexecParams`, never spliced into SQL,
/// so there is no way for a value to change the statement.
public protocol PostgresEncodable: Sendable {
    /// The type announced to the server for this parameter; ``PostgresTypeOID/unspecified`` lets the
    /// server infer it from context.
    static var postgresType: PostgresTypeOID { get }
    /// The text form of the value, or `nil` for SQL `NULL`.
    func postgresText() throws -> String?
}

extension PostgresEncodable {
    /// The announced type, reachable from an existential (`any PostgresEncodable`).
    var dynamicPostgresType: PostgresTypeOID { Self.postgresType }
}
