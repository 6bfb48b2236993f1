/// A Swift type that can be read from a result column.
///
/// Decoding checks the column's type OID first so a wrong column or a schema change gives a clear
/// error instead of a silently misread value.
public protocol PostgresDecodable: Sendable {
    /// Decodes a non-NULL value from its text form.
    static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Self
    /// Called for SQL `NULL`. Non-optional types throw an error naming the column.
    static func decodeNull(context: PostgresDecodingContext) throws -> Self
}

extension PostgresDecodable {
    public static func decodeNull(context: PostgresDecodingContext) throws -> Self {
        throw PostgresError(
            kind: .decoding,
            message: "column \(context.columnName) is NULL, cannot decode as non-optional \(Self.self); decode as \(Self.self)? instead"
        )
    }
}
