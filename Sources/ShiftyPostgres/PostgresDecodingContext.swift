/// Where a value being decoded came from, so errors can name the column and its SQL type.
public struct PostgresDecodingContext: Sendable {
    public var columnName: String
    public var columnType: PostgresTypeOID

    public init(columnName: String, columnType: PostgresTypeOID) {
        self.columnName = columnName
        self.columnType = columnType
    }

    /// "column x is timestamptz, cannot decode as Int".
    public func typeMismatch(_ swiftType: Any.Type) -> PostgresError {
        PostgresError(
            kind: .decoding,
            message: "column \(columnName) is \(columnType), cannot decode as \(swiftType)"
        )
    }

    /// The column's type fits but the text does not parse.
    public func invalidText(_ text: String, as swiftType: Any.Type) -> PostgresError {
        let shown = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return PostgresError(
            kind: .decoding,
            message: "column \(columnName) (\(columnType)) value '\(shown)' cannot be decoded as \(swiftType)"
        )
    }

    /// Guards that the column has one of the accepted types.
    public func require(_ accepted: Set<PostgresTypeOID>, for swiftType: Any.Type) throws {
        guard accepted.contains(columnType) else { throw typeMismatch(swiftType) }
    }

    /// Guards that the column has one of the accepted types. The decoders pass a list kept in a
    /// global constant: a set literal here was built and hashed again for every decoded cell
    /// (issue 14: a few percent of a marketplace read), a scan of two to six type ids is cheaper.
    public func require(_ accepted: [PostgresTypeOID], for swiftType: Any.Type) throws {
        guard accepted.contains(columnType) else { throw typeMismatch(swiftType) }
    }
}
