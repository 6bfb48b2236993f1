/// One row of a ``PostgresRows`` result.
public struct PostgresRow: Sendable {
    let storage: PostgresRows.Storage
    let rowIndex: Int

    public var columns: [PostgresColumn] { storage.columns }

    /// Decodes the column called `column`. `Optional<T>` accepts NULL; a non-optional type and NULL
    /// give an error naming the column.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let index = storage.columnIndex(named: column) else {
            let known = storage.columns.map(\.name).joined(separator: ", ")
            throw PostgresError(kind: .decoding, message: "no column named \(column) in the result (columns: \(known))")
        }
        return try decode(index, as: type)
    }

    /// Decodes the column at position `index` (0-based).
    public func decode<T: PostgresDecodable>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard storage.columns.indices.contains(index) else {
            throw PostgresError(
                kind: .decoding,
                message: "no column at index \(index), the result has \(storage.columns.count) columns"
            )
        }
        let column = storage.columns[index]
        let context = PostgresDecodingContext(columnName: column.name, columnType: column.type)
        guard let text = storage.cells[rowIndex * storage.columns.count + index] else {
            return try T.decodeNull(context: context)
        }
        return try T.decode(postgresText: text, context: context)
    }

    /// Whether the column at `index` is SQL NULL.
    public func isNull(_ index: Int) -> Bool {
        guard storage.columns.indices.contains(index) else { return true }
        return storage.cells[rowIndex * storage.columns.count + index] == nil
    }
}
